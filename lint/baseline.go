package lint

import (
	"os"
	"sort"

	"github.com/squadci/squadci/lint/report"
)

// Baseline is a baseline file, version 1 (adoption.md): the findings a
// repository had when it adopted squadci, which a run then leaves out.
type Baseline struct {
	Path    string // as the user gave it, for messages and summaries
	Entries []BaselineEntry
}

// BaselineEntry is one fingerprint of one rule in one file, Count times.
type BaselineEntry struct {
	Rule, Path, Fingerprint string
	Count                   int
}

// baselineKey is what a finding and an entry are matched on.
type baselineKey struct{ rule, path, fingerprint string }

// NewBaseline records findings: one entry per rule, path and fingerprint,
// counting the identical ones, sorted by path, rule, fingerprint.
func NewBaseline(findings []report.Finding) *Baseline {
	counts := map[baselineKey]int{}
	for _, f := range report.Ungroup(findings) { // every member of a cause is recorded
		counts[baselineKey{f.Rule, f.Path, f.Fingerprint}]++
	}
	b := &Baseline{Entries: make([]BaselineEntry, 0, len(counts))}
	for k, n := range counts {
		b.Entries = append(b.Entries, BaselineEntry{Rule: k.rule, Path: k.path, Fingerprint: k.fingerprint, Count: n})
	}
	sort.Slice(b.Entries, func(i, j int) bool {
		x, y := b.Entries[i], b.Entries[j]
		if x.Path != y.Path {
			return x.Path < y.Path
		}
		if x.Rule != y.Rule {
			return x.Rule < y.Rule
		}
		return x.Fingerprint < y.Fingerprint
	})
	return b
}

// Total is the number of findings the baseline records.
func (b *Baseline) Total() int {
	n := 0
	for _, e := range b.Entries {
		n += e.Count
	}
	return n
}

// ReadBaseline reads and validates the baseline file at path (display is
// how messages name it). A missing or invalid file is a *ConfigError: a
// gate must not pass because its baseline could not be read.
func ReadBaseline(path, display string) (*Baseline, error) {
	return ReadBaselineIn("", path, display)
}

// ReadBaselineIn is ReadBaseline for a run over the repository at root: a
// baseline inside it must also be reached through real directories.
func ReadBaselineIn(root, path, display string) (*Baseline, error) {
	if err := checkRepoDirs(root, path); err != nil {
		return nil, &ConfigError{Path: display, Message: "cannot read baseline: " + err.Error()}
	}
	if _, err := os.Lstat(path); err != nil {
		return nil, &ConfigError{Path: display, Message: "cannot read baseline: " + describeOSError(err) +
			" (write one with `squadci lint --write-baseline " + display + "`)"}
	}
	src, err := readRepoFile(path, MaxBaselineSize)
	if err != nil {
		return nil, &ConfigError{Path: display, Message: "cannot read baseline: " + err.Error()}
	}
	return ParseBaseline(display, src)
}

// MaxBaselineSize bounds a baseline read whole: some 400,000 entries.
const MaxBaselineSize = 64 << 20

// Apply leaves out of run every finding the baseline records, consuming
// each entry's count in the findings' occurrence order, so a second
// identical mistake is new. Entries nothing consumed are fixed; only
// entries of files the run reported on (inScope) are counted, so a run
// narrowed to some files does not call the rest fixed.
func (b *Baseline) Apply(run *report.Run, inScope func(path string) bool) {
	left := make(map[baselineKey]int, len(b.Entries))
	for _, e := range b.Entries {
		left[baselineKey{e.Rule, e.Path, e.Fingerprint}] += e.Count
	}
	// Members of a cause are matched one by one, and what is left grouped
	// again: a baselined member stays hidden while its cause spreads.
	all := report.Ungroup(run.Findings)
	kept := all[:0:0]
	hidden := 0
	for _, f := range all {
		k := baselineKey{f.Rule, f.Path, f.Fingerprint}
		if left[k] > 0 {
			left[k]--
			hidden++
			continue
		}
		kept = append(kept, f)
	}
	run.Findings = report.GroupCauses(kept)
	fixed := 0
	for k, n := range left {
		if n > 0 && inScope(k.path) {
			fixed += n
		}
	}
	a := adoption(run)
	a.Baseline, a.BaselineHidden, a.BaselineFixed = b.Path, hidden, fixed
}

// adoption returns run's Adoption, creating it.
func adoption(run *report.Run) *report.Adoption {
	if run.Adoption == nil {
		run.Adoption = &report.Adoption{}
	}
	return run.Adoption
}
