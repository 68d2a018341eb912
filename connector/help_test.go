package connector

import (
	"regexp"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// The repair hints of the connector rules point at the real fix: never at
// renaming an exchange file (a misnamed result is the wrong result), never
// at an older state (it would reopen a finished task), and never at editing
// a shim-owned file.
func TestConnectorHintsAreSafe(t *testing.T) {
	bad := []*regexp.Regexp{
		regexp.MustCompile(`(?i)(^|[^r] )(rename|name the file)`), // "never rename" is fine
		regexp.MustCompile(`(?i)git history`),
	}
	// Files the shim writes and pins: their hints never say to edit them.
	pinned := map[string]bool{"request": true, "snapshot": true, "state": true}
	edit := regexp.MustCompile(`(?i)^(write|add|correct|delete the|use)\b`)
	n := 0
	for _, r := range diag.All() {
		if !strings.HasPrefix(r.ID, "CN") {
			continue
		}
		n++
		for _, re := range bad {
			if re.MatchString(r.Help) {
				t.Errorf("%s %s: hint %q matches %s", r.ID, r.Name, r.Help, re)
			}
		}
		if pinned[r.Domain] && edit.MatchString(r.Help) {
			t.Errorf("%s %s: hint %q has a shim-owned file edited", r.ID, r.Name, r.Help)
		}
		if r.Domain == "state" && !strings.Contains(r.Help, "never an older one") {
			t.Errorf("%s %s: a state hint must warn against older versions: %q", r.ID, r.Name, r.Help)
		}
	}
	if n == 0 {
		t.Fatal("no connector rules registered")
	}
	if h := ruleExchangeFileName.Help; !strings.Contains(h, "Delete it and let the adapter write a new one") || !strings.Contains(h, "dispatch the work again") {
		t.Errorf("CN502 hint: %q", h)
	}
}
