package lint

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// pathScope must answer exactly as PathUnder does.
func TestPathScopeMatchesPathUnder(t *testing.T) {
	lists := [][]string{
		nil,
		{},
		{"./"},
		{"a/"},
		{"a/b/", "c.json"},
		{"a/b", "a/b/c/"},
		{".squad/", ".copilot-tracking/squad/", "squad.config.ts"},
	}
	paths := []string{"a", "a/", "a/b", "a/b/", "a/b/c", "a/b/c/d.json", "ab/c", "c.json", "c.json/x",
		".squad/team.md", ".squad", ".copilot-tracking/squad/x/y.json", "squad.config.ts", "x/squad.config.ts"}
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"a", "b", "c", "a/", "b/", ".squad/", "x.json"}
	for range 200 {
		var l []string
		for range r.IntN(4) {
			l = append(l, parts[r.IntN(len(parts))]+parts[r.IntN(len(parts))])
		}
		lists = append(lists, l)
		paths = append(paths, parts[r.IntN(len(parts))]+parts[r.IntN(len(parts))]+parts[r.IntN(len(parts))])
	}
	for _, l := range lists {
		sc := newPathScope(l)
		for _, p := range paths {
			if got, want := sc.has(p), PathUnder(l, p); got != want {
				t.Errorf("%s: has(%q) = %v, PathUnder = %v", fmt.Sprint(l), p, got, want)
			}
		}
	}
}
