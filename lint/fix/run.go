package fix

import (
	"context"
	"fmt"
	"sort"

	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/report"
)

// MaxRounds bounds the lint-fix-relint loop: a fix may make another
// possible (a renamed key revealing a second finding), never endlessly.
const MaxRounds = 5

// maxRead caps the re-read of a file to fix: far above any kind's lint
// limit, so a file the lint read is always read again.
const maxRead = 1 << 30

// Change is one file the fixes changed: its bytes as read and as repaired.
type Change struct {
	Path     string
	Old, New []byte
}

// Outcome is a finished fix run: the lint of the repaired tree (its exit
// code is the run's) and the files that changed, sorted by path.
type Outcome struct {
	Lint    *lint.Result
	Changes []Change
	Applied int // fixes applied over all rounds
}

// Run lints with opts, applies every fix to the files in memory, and
// lints again, at most MaxRounds times. Nothing is written.
func Run(ctx context.Context, opts lint.Options) (*Outcome, error) {
	ov, files := newOverlay(opts.Files)
	opts.Files = files
	old := map[string][]byte{}
	out := &Outcome{}
	for round := 0; ; round++ {
		res, err := lint.Lint(ctx, opts)
		if err != nil {
			return nil, err
		}
		out.Lint = res
		byPath := candidates(res.Run.Findings)
		if round == MaxRounds || len(byPath) == 0 {
			break
		}
		changed, err := applyRound(ov, old, byPath, &out.Applied)
		if err != nil {
			return nil, err
		}
		if !changed {
			break
		}
	}
	for p, b := range old {
		if string(b) != string(ov.fixed[p]) {
			out.Changes = append(out.Changes, Change{Path: p, Old: b, New: ov.fixed[p]})
		}
	}
	sort.Slice(out.Changes, func(i, j int) bool { return out.Changes[i].Path < out.Changes[j].Path })
	return out, nil
}

// candidates gathers the fixes of the findings, per file.
func candidates(fs []report.Finding) map[string][]Candidate {
	out := map[string][]Candidate{}
	for i := range fs {
		if f := &fs[i]; f.Fix != nil && f.Path != "" {
			out[f.Path] = append(out[f.Path], Candidate{Rule: f.Rule, Fix: f.Fix})
		}
	}
	return out
}

// applyRound applies one round of fixes to the overlay, remembering each
// file's original bytes in old; it reports whether any file changed.
func applyRound(ov *overlay, old map[string][]byte, byPath map[string][]Candidate, applied *int) (bool, error) {
	changed := false
	for p, cands := range byPath {
		cur, err := ov.Read(p, maxRead)
		if err != nil {
			return false, fmt.Errorf("reading %s to fix it: %w", p, err)
		}
		next, n := Apply(cur, cands)
		if n == 0 || string(next) == string(cur) {
			continue
		}
		if _, seen := old[p]; !seen {
			old[p] = cur
		}
		ov.fixed[p] = next
		*applied += n
		changed = true
	}
	return changed, nil
}
