package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleNestedTracking = diag.Register(diag.Rule{
	ID: "SS105", Name: "hve-nested-tracking-directory", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a .copilot-tracking directory is nested inside .copilot-tracking",
	Full: "A dispatch that resolved its root relative to the wrong directory writes .copilot-tracking/" +
		".copilot-tracking/…: the files are invisible to the squad and its history claims point nowhere.",
	Help: "move the files up to the real .copilot-tracking/ directory and remove the nested one",

	Consumer: "the HVE squad never reads the nested files, so history claims point nowhere; Tier-1 SQ-01 (blocking) fails",
	Since:    "HVE Squad v0.2.0 (29f6aab) (Tier-1 SQ-01 from v0.16.0-pre, a006a64)",
})

// checkNestedTracking reports the first file of each nested directory.
func checkNestedTracking(c *checker) {
	seen := map[string]bool{}
	for _, p := range c.under(".copilot-tracking/") {
		i := strings.Index(p[len(".copilot-tracking"):], "/.copilot-tracking/")
		if i < 0 {
			continue
		}
		dir := p[:len(".copilot-tracking")+i+len("/.copilot-tracking/")]
		if seen[dir] {
			continue
		}
		seen[dir] = true
		var span diag.Span
		if d := c.doc(p); d != nil {
			span = d.head()
		}
		c.report(ruleNestedTracking.At(p, span, "%s is a .copilot-tracking directory nested inside .copilot-tracking/", dir))
	}
}
