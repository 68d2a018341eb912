package lint

import (
	"testing"

	"github.com/squadci/squadci/lint/report"
)

// The "N already present" count is in the findings a report shows: a
// finding with its causes in three files is one finding, so the count and
// the new findings add up to what a plain lint of the tree reports.
func TestNewSinceCountsShownFindings(t *testing.T) {
	mk := func(path, cause, fp string) report.Finding {
		f := report.Finding{Cause: cause, Fingerprint: fp}
		f.Rule, f.Path = "AF101", path
		return f
	}
	rev := []report.Finding{mk("a.md", "c", "1"), mk("b.md", "c", "2"), mk("c.md", "c", "3"), mk("d.md", "", "4")}
	head := append([]report.Finding{mk("e.md", "", "5")}, rev...)
	run := &report.Run{Findings: report.GroupCauses(head)}
	if len(run.Findings) != 3 {
		t.Fatalf("set-up: %d grouped findings, want 3", len(run.Findings))
	}
	NewSinceFindings("HEAD~1", rev).Apply(run)
	if len(run.Findings) != 1 || run.Findings[0].Path != "e.md" {
		t.Fatalf("left %+v, want the e.md finding only", run.Findings)
	}
	if got := run.Adoption.Unchanged; got != 2 {
		t.Fatalf("already present: %d, want 2 (the grouped finding and d.md's)", got)
	}
}
