// Command gen writes the deterministic benchmark corpus (see package
// internal/corpus) of the spec's Performance section.
//
//	go run ./testdata/gen -scale 2000 -out /tmp/corpus [-seed 1] [-parts manifests,exchanges,agents,squad]
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/squadci/squadci/internal/corpus"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	scale := fs.Int("scale", 2000, "number of manifests, exchanges and agent files (squads get scale/10 members)")
	out := fs.String("out", "", "output directory; must not exist or be empty")
	seed := fs.Uint64("seed", 1, "random seed; the same seed and flags give a byte-identical tree")
	parts := fs.String("parts", strings.Join(corpus.Parts, ","), "comma-separated parts: "+strings.Join(corpus.Parts, ", "))
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *out == "" {
		return errors.New("-out is required")
	}
	st, err := corpus.Generate(*out, *scale, *seed, strings.Split(*parts, ","))
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "gen: wrote %d files (%d bytes) to %s\n", st.Files, st.Bytes, *out)
	return nil
}
