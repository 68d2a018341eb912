package lint

import (
	"fmt"
	"os"
	"sort"

	"github.com/squadci/squadci/lint/report"
)

// Baseline is a baseline file, version 2 (adoption.md): the findings a
// repository had when it adopted squadci, which a run then leaves out.
type Baseline struct {
	Path    string // as the user gave it, for messages and summaries
	Entries []BaselineEntry
	// Version is the file's format: 2, or 1 for a file written before
	// findings had identities (matched on version 1 fingerprints).
	Version int
}

// BaselineEntry is one identity of one rule in one file, Count times.
// Path is the path the finding is about (report.IdentityPath); Anchor its
// explicit anchor, "" when its identity comes from its span's text.
type BaselineEntry struct {
	Rule, Path, Anchor, Fingerprint string
	Count                           int
}

// Note is what a run says about the file's format: for a version 1
// baseline, that it still matches and `--write-baseline` rewrites it.
func (b *Baseline) Note() string {
	if b.Version != 1 {
		return ""
	}
	return fmt.Sprintf("note: %s is a version 1 baseline; its entries still match the findings they matched, "+
		"but they move with edits above a finding and with a file's first line: rerun with --write-baseline %s "+
		"to rewrite it as version 2", b.Path, b.Path)
}

// key is what f is matched on in a baseline of the given version.
func (b *Baseline) key(f *report.Finding) baselineKey {
	if b.Version == 1 {
		return baselineKey{f.Rule, f.Path, f.LegacyFingerprint}
	}
	return baselineKey{f.Rule, report.IdentityPath(f.Diagnostic), f.Fingerprint}
}

// baselineKey is what a finding and an entry are matched on.
type baselineKey struct{ rule, path, fingerprint string }

// NewBaseline records findings: one entry per rule, path and fingerprint,
// counting the identical ones, sorted by path, rule, fingerprint.
func NewBaseline(findings []report.Finding) *Baseline {
	counts := map[baselineKey]int{}
	anchors := map[baselineKey]string{}
	b := &Baseline{Version: 2}
	for _, f := range report.Ungroup(findings) { // every member of a cause is recorded
		k := b.key(&f)
		counts[k]++
		anchors[k] = f.Anchor
	}
	b.Entries = make([]BaselineEntry, 0, len(counts))
	for k, n := range counts {
		b.Entries = append(b.Entries, BaselineEntry{Rule: k.rule, Path: k.path, Anchor: anchors[k], Fingerprint: k.fingerprint, Count: n})
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
		k := b.key(&f)
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
