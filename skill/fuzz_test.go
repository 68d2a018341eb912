package skill

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzInspect: any bytes give findings inside the file, never a panic.
// The seeds are the fixtures' skills.
func FuzzInspect(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join(fixtures, "*", "*", "*", "skills", "*", FileName))
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("---\nname: [\n---\n"))
	f.Add([]byte("---\r\n---\r\n[x](<a b>) `` `scripts/x.py` ``"))
	exists := func(rel string) bool { return len(rel)%2 == 0 }
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, d := range Inspect(".github/skills/fuzz/SKILL.md", src, Context{Exists: exists}) {
			if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("span %+v outside [0,%d]: %s", d.Span, len(src), d.Message)
			}
		}
	})
}
