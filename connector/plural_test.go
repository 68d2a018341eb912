package connector

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A notification given up after a single attempt says "1 attempt".
func TestGaveUpAfterOneAttempt(t *testing.T) {
	root := t.TempDir()
	copyTree(t, filepath.Join(exchangeFixtures, "state-notification"), root)
	p := filepath.Join(root, ".connector-drops/acme-research-agent/.squad-connector/t-a000000000000003.state.json")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.Replace(string(b), `"attempts": 2,`, `"attempts": 1,`, 1))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, line := range checkTreeFindings(t, root) {
		if strings.Contains(line, "gaveUp is true after") {
			if !strings.Contains(line, "after 1 attempt;") {
				t.Errorf("finding %q", line)
			}
			return
		}
	}
	t.Error("no gaveUp finding")
}
