package testtool

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// skipCall is a direct t.Skip, t.Skipf, b.Skip or b.Skipf call.
var skipCall = regexp.MustCompile(`\b[tb]\.Skipf?\(`)

// toolOrSetup marks a line that looks for a program or sets up something
// of the platform whose failure must not skip silently in CI.
var toolOrSetup = regexp.MustCompile(`exec\.LookPath|exec\.Command|os\.Symlink|os\.Link|Mkfifo|mkfifo|Truncate\(|os\.Executable|tryFlock|/proc/`)

// TestToolSkipsHonourRequireTools: no test of the module skips by itself
// right after looking for a program or setting up links, FIFOs and the
// like; such skips go through Missing, LookPath or Unsupported, which fail
// when SQUADCI_REQUIRE_TOOLS=1.
func TestToolSkipsHonourRequireTools(t *testing.T) {
	root := filepath.Join("..", "..")
	var bad []string
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules" || d.Name() == ".ci") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, "skips_test.go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		lines := strings.Split(string(b), "\n")
		for i, l := range lines {
			if !skipCall.MatchString(l) {
				continue
			}
			for j := max(0, i-4); j < i; j++ {
				if toolOrSetup.MatchString(lines[j]) {
					rel, _ := filepath.Rel(root, p)
					bad = append(bad, rel+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(l))
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("read only %d test files", n)
	}
	if len(bad) > 0 {
		t.Errorf("skips that ignore SQUADCI_REQUIRE_TOOLS (use testtool.LookPath, Missing or Unsupported):\n%s", strings.Join(bad, "\n"))
	}
}
