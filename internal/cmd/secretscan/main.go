// Command secretscan measures the credential scanner on real trees: it runs
// lint/secrets over every text file (all extensions; binaries and .git
// skipped) of each DIR and prints one line per match, with the match
// redacted, then the files scanned and the matches per family. It is a
// measurement tool for docs/secrets-precision.md, not part of squadci.
//
//	go run ./internal/cmd/secretscan [-q] DIR...
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/squadci/squadci/internal/secretscan"
)

func main() {
	quiet := flag.Bool("q", false, "print only the summary, not each match")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/cmd/secretscan [-q] DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(os.Stdout, flag.Args(), *quiet); err != nil {
		fmt.Fprintln(os.Stderr, "secretscan:", err)
		os.Exit(1)
	}
}

// run scans each dir; paths are shown prefixed with the dir's base name, so
// that several trees can be told apart in one listing.
func run(w io.Writer, dirs []string, quiet bool) error {
	var r secretscan.Report
	for _, dir := range dirs {
		if err := r.ScanTree(dir, filepath.Base(filepath.Clean(dir))+"/"); err != nil {
			return err
		}
	}
	if !quiet {
		for _, f := range r.Findings {
			fmt.Fprintf(w, "%s:%d:%d %s: %s\n", f.Path, f.Line, f.Column, f.Label(), clip(f.Text))
		}
	}
	fmt.Fprintf(w, "files scanned: %d (binary skipped: %d)\nmatches: %d\n", r.Files, r.Binaries, len(r.Findings))
	for _, c := range r.PerFamily() {
		fmt.Fprintf(w, "  %-28s %d\n", c.Family, c.Count)
	}
	return nil
}

// clip shortens a long line around nothing in particular: the redacted
// placeholder is all a reviewer needs to find the spot.
func clip(s string) string {
	const maxShown = 200
	if len(s) <= maxShown {
		return s
	}
	return s[:maxShown] + "…"
}
