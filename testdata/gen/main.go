// Command gen writes the deterministic benchmark corpus of the spec's
// Performance section (cli.md): N connector manifests, N exchanges, N agent
// files, an HVE squad and a .squad team with N/10 members each.
//
// Exchanges hold a snapshot, request, result, private state and two artifacts;
// most tasks await a resume with their result already in place, so the same
// corpus serves `squadci resume` benchmarks. Every 1.1 connector has a replace
// binding in the HVE team.md, which its pending requests pin.
//
//	go run ./testdata/gen -scale 2000 -out /tmp/corpus [-seed 1] [-parts manifests,exchanges,agents,squad]
//
// The same flags always produce a byte-identical tree, and everything written is
// valid per the spec pages, so a clean lint of the full corpus has no findings.
// Parts are slices for benchmarking; exchanges and the squads' Connector Bindings
// refer to manifests, and the HVE roster names agents by their `name:`, so only
// the full corpus is guaranteed to be consistent across files.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// minScale keeps the squads meaningful: N/10 members, one of them the Scribe.
const minScale = 10

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
}

// run parses flags, plans the corpus and writes the requested parts.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scale := fs.Int("scale", 2000, "number of manifests, exchanges and agent files (squads get scale/10 members)")
	out := fs.String("out", "", "output directory; must not exist or be empty")
	seed := fs.Uint64("seed", 1, "random seed; the same seed and flags give a byte-identical tree")
	parts := fs.String("parts", strings.Join(allParts, ","), "comma-separated parts to write: "+strings.Join(allParts, ", "))
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *out == "" {
		return errors.New("-out is required")
	}
	if *scale < minScale {
		return fmt.Errorf("-scale %d: must be at least %d", *scale, minScale)
	}
	want, err := parseParts(*parts)
	if err != nil {
		return err
	}
	c, err := newCorpus(*out)
	if err != nil {
		return err
	}
	p := newPlan(*scale, *seed, want)
	if err := p.write(c, want); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "gen: wrote %d files (%d bytes) to %s\n", c.files, c.bytes, *out)
	return nil
}

var allParts = []string{"manifests", "exchanges", "agents", "squad"}

// parseParts turns "manifests,squad" into a set, refusing unknown names.
func parseParts(s string) (map[string]bool, error) {
	want := map[string]bool{}
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		known := false
		for _, p := range allParts {
			known = known || p == name
		}
		if !known {
			return nil, fmt.Errorf("-parts: unknown part %q (known: %s)", name, strings.Join(allParts, ", "))
		}
		want[name] = true
	}
	if len(want) == 0 {
		return nil, errors.New("-parts: no parts selected")
	}
	return want, nil
}
