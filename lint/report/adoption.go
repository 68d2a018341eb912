package report

import (
	"fmt"

	"github.com/squadci/squadci/internal/plural"
)

// Adoption says what the adoption filters (adoption.md) took out of a
// run's findings, so every output can say that findings were hidden and
// how many: a gate that shows nothing must not look like a clean tree.
type Adoption struct {
	Baseline       string // the baseline file as given; "" when none
	BaselineHidden int    // findings the baseline matched
	BaselineFixed  int    // baseline findings nothing matched any more
	NewFromRev     string // the revision of --new-from-rev; "" when none
	Unchanged      int    // findings whose identity the lint of NewFromRev also had
}

// Hidden is the number of findings the filters left out.
func (a *Adoption) Hidden() int {
	if a == nil {
		return 0
	}
	return a.BaselineHidden + a.Unchanged
}

// Sentences are the human lines of the text summary and the job summary:
// what was hidden, then the baseline entries that are fixed.
func (a *Adoption) Sentences() []string {
	if a == nil {
		return nil
	}
	var out []string
	if a.Baseline != "" {
		out = append(out, fmt.Sprintf("the baseline %s hid %s", a.Baseline, plural.Count(a.BaselineHidden, "finding")))
	}
	if a.NewFromRev != "" {
		out = append(out, fmt.Sprintf("%s already present at %s not shown", plural.Count(a.Unchanged, "finding"), a.NewFromRev))
	}
	if note := a.FixedNote(); note != "" {
		out = append(out, note)
	}
	return out
}

// FixedNote is the one-line note about baseline entries that no finding
// matched; "" when there are none.
func (a *Adoption) FixedNote() string {
	if a == nil || a.BaselineFixed == 0 {
		return ""
	}
	verb := "are"
	if a.BaselineFixed == 1 {
		verb = "is"
	}
	return fmt.Sprintf("%s %s fixed; `--write-baseline` to drop them", plural.Form(a.BaselineFixed, "baseline entry", "baseline entries"), verb)
}
