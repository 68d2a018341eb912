// Command sbom writes an SPDX 2.3 JSON document for one squadci release
// archive: the archive, the squadci binary inside it, and every module the
// Go toolchain recorded in that binary (debug/buildinfo), with the Go
// standard library. It needs no network and no outside tool; GoReleaser
// runs it once per archive (.goreleaser.yaml, sboms).
//
//	go run ./internal/cmd/sbom --created 2026-12-01T10:00:00Z --version 1.2.3 --out X.sbom.json X.tar.gz
//
// The output depends only on its arguments and the archive's bytes, so two
// builds of one commit give the same document.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "sbom: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("sbom", flag.ContinueOnError)
	created := fs.String("created", "", "the document's creation time, RFC 3339 (the commit's date, for reproducible output)")
	version := fs.String("version", "", "the release version of the squadci in the archive")
	out := fs.String("out", "", "where to write the document")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *out == "" {
		return fmt.Errorf("usage: sbom --created TIME [--version V] --out FILE ARCHIVE")
	}
	when, err := time.Parse(time.RFC3339, *created)
	if err != nil {
		return fmt.Errorf("--created: %v", err)
	}
	archive := fs.Arg(0)
	data, err := os.ReadFile(archive)
	if err != nil {
		return err
	}
	bin, err := findBinary(archive, data)
	if err != nil {
		return err
	}
	doc, err := newDocument(archive, data, bin, *version, when.UTC())
	if err != nil {
		return err
	}
	b, err := doc.marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(*out, b, 0o644)
}
