package promptfile

import (
	"reflect"
	"testing"
)

func TestIgnoredDirs(t *testing.T) {
	src := "# runtime\n.copilot-tracking/\n/Build\r\n**/out/\n*.log\n!keep/\n\nnode_modules\ndocs/generated/\n"
	want := []string{".copilot-tracking", "/build", "out", "node_modules", "/docs/generated"}
	if got := IgnoredDirs([]byte(src)); !reflect.DeepEqual(got, want) {
		t.Fatalf("IgnoredDirs = %q, want %q", got, want)
	}
}

// TestUnmatchedSkipsIgnoredDirs: a pattern confined to a git-ignored
// directory (runtime output) is not judged; one that only mentions such a
// directory after a wildcard, or names a tracked folder, still is.
func TestUnmatchedSkipsIgnoredDirs(t *testing.T) {
	files := NewListing([]string{"cmd/main.go"})
	files.Ignored = IgnoredDirs([]byte(".copilot-tracking/\nout\ndocs/generated/\n/build\n"))
	cases := []struct {
		name, applyTo string
		want          []finding
	}{
		{"under an ignored folder", "**/.copilot-tracking/plans/**", nil},
		{"anchored under an ignored folder", ".copilot-tracking/**", nil},
		{"unanchored entry at any depth", "src/out/*.json", nil},
		{"anchored entry", "/docs/generated/*.md", nil},
		{"anchored entry elsewhere is not it", "/x/docs/generated/*.md", []finding{{"IN105", "note", `"/x/docs/generated/*.md"`}}},
		{"wildcard before the folder", "**/*/out/*.json", []finding{{"IN105", "note", `"**/*/out/*.json"`}}},
		{"a tracked-looking folder", "**/.copilot/**", []finding{{"IN105", "note", `"**/.copilot/**"`}}},
		{"anchored entry below the root is not it", "**/src/build/*.txt", []finding{{"IN105", "note", `"**/src/build/*.txt"`}}},
		{"a file named like the folder", "out", []finding{{"IN105", "note", `"out"`}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := CheckInstructions(".github/instructions/a.instructions.md", []byte("---\napplyTo: '"+tc.applyTo+"'\n---\nX.\n"))
			matchFindings(t, r.Unmatched(files), tc.want)
		})
	}
}

// TestUnmatchedOnlyWhereLoaded: an instructions file outside
// .github/instructions/ (a collection for other repositories) is not
// matched against this repository's files.
func TestUnmatchedOnlyWhereLoaded(t *testing.T) {
	files := NewListing([]string{"cmd/main.go"})
	src := []byte("---\napplyTo: '**/*.rs'\n---\nX.\n")
	matchFindings(t, CheckInstructions("instructions/rust.instructions.md", src).Unmatched(files), nil)
	matchFindings(t, CheckInstructions(".github/instructions/rust.instructions.md", src).Unmatched(files),
		[]finding{{"IN105", "note", `"**/*.rs"`}})
}
