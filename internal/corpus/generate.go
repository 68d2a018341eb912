// Package corpus writes the deterministic benchmark corpus of the spec's
// Performance section (cli.md): N connector manifests, N exchanges, N agent
// files, an HVE squad and a .squad team with N/10 members each.
//
// Exchanges hold a snapshot, request, result, private state and two artifacts;
// most tasks await a resume with their result already in place, so the same
// corpus serves `squadci resume` benchmarks. Every 1.1 connector has a replace
// binding in the HVE team.md, which its pending requests pin.
//
// The same arguments always produce a byte-identical tree, and everything
// written is valid per the spec pages, so a clean lint of the full corpus has
// no findings. Parts are slices for benchmarking; exchanges and the squads'
// Connector Bindings refer to manifests, and the HVE roster names agents by
// their `name:`, so only the full corpus is consistent across files.
package corpus

import (
	"errors"
	"fmt"
	"strings"
)

// MinScale keeps the squads meaningful: N/10 members, one of them the Scribe.
const MinScale = 10

// Parts are the slices Generate can write.
var Parts = []string{"manifests", "exchanges", "agents", "squad"}

// Stats says what Generate wrote.
type Stats struct {
	Files int
	Bytes int64
}

// Generate writes the corpus at the given scale into dir, which must not
// exist or be empty. parts selects slices (nil means all).
func Generate(dir string, scale int, seed uint64, parts []string) (Stats, error) {
	if scale < MinScale {
		return Stats{}, fmt.Errorf("scale %d: must be at least %d", scale, MinScale)
	}
	if parts == nil {
		parts = Parts
	}
	want, err := parseParts(parts)
	if err != nil {
		return Stats{}, err
	}
	c, err := newCorpus(dir)
	if err != nil {
		return Stats{}, err
	}
	if err := newPlan(scale, seed, want).write(c, want); err != nil {
		return Stats{}, err
	}
	return Stats{Files: c.files, Bytes: c.bytes}, nil
}

// parseParts turns a list of part names into a set, refusing unknown names.
func parseParts(names []string) (map[string]bool, error) {
	want := map[string]bool{}
	for _, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		known := false
		for _, p := range Parts {
			known = known || p == name
		}
		if !known {
			return nil, fmt.Errorf("unknown part %q (known: %s)", name, strings.Join(Parts, ", "))
		}
		want[name] = true
	}
	if len(want) == 0 {
		return nil, errors.New("no parts selected")
	}
	return want, nil
}
