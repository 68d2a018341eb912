package fix

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
)

func TestApply(t *testing.T) {
	edit := func(rule string, start, end int, text string) Candidate {
		return Candidate{Rule: rule, Fix: &diag.Fix{Edits: []diag.Edit{{Start: start, End: end, Text: text}}}}
	}
	cases := []struct {
		name    string
		src     string
		cands   []Candidate
		want    string
		applied int
	}{
		{"one replacement", "abcdef", []Candidate{edit("X1", 1, 3, "ZZ")}, "aZZdef", 1},
		{"two disjoint, any order", "abcdef", []Candidate{edit("X2", 4, 5, "E"), edit("X1", 0, 1, "A")}, "AbcdEf", 2},
		{"overlap: the later rule id loses", "abcdef", []Candidate{edit("X2", 1, 4, "2"), edit("X1", 2, 5, "1")}, "ab1f", 1},
		{"two insertions at one offset: the later loses", "ab", []Candidate{edit("X2", 1, 1, "2"), edit("X1", 1, 1, "1")}, "a1b", 1},
		{"adjacent edits both apply", "abcd", []Candidate{edit("X1", 0, 2, ""), edit("X2", 2, 4, "Q")}, "Q", 2},
		{"out of range is dropped", "ab", []Candidate{edit("X1", 1, 9, "")}, "ab", 0},
		{"a fix overlapping itself is dropped", "abcd", []Candidate{{Rule: "X1", Fix: &diag.Fix{Edits: []diag.Edit{{Start: 0, End: 2}, {Start: 1, End: 3}}}}}, "abcd", 0},
		{"append at the end", "a\n", []Candidate{edit("X1", 2, 2, "b\n")}, "a\nb\n", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, n := Apply([]byte(tc.src), tc.cands)
			if string(got) != tc.want || n != tc.applied {
				t.Errorf("Apply = %q, %d; want %q, %d", got, n, tc.want, tc.applied)
			}
		})
	}
}

// TestWriteDiffGitApply: every diff shape (a change in the middle, far
// apart changes in one file, CRLF lines, a missing final newline kept or
// added, lines appended) is accepted by git apply and gives the new bytes.
func TestWriteDiffGitApply(t *testing.T) {
	git := testtool.LookPath(t, "git", "apt-get install git")
	long := ""
	for i := 0; i < 20; i++ {
		long += "line\n"
	}
	cases := []Change{
		{Path: "mid.txt", Old: []byte("a\nb\nc\nd\ne\nf\ng\n"), New: []byte("a\nb\nc\nD\ne\nf\ng\n")},
		{Path: "apart.txt", Old: []byte("x\n" + long + "y\n"), New: []byte("X\n" + long + "Y\n")},
		{Path: "crlf.txt", Old: []byte("a\r\nb\r\n"), New: []byte("a\r\nB\r\nc\r\n")},
		{Path: "nonl.txt", Old: []byte("a\nb"), New: []byte("a\nB")},
		{Path: "addnl.txt", Old: []byte("a\nb"), New: []byte("a\nb\nc")},
		{Path: "bom.json", Old: []byte("\xef\xbb\xbf{}\n"), New: []byte("{}\n")},
	}
	dir := t.TempDir()
	for _, c := range cases {
		if err := os.WriteFile(filepath.Join(dir, c.Path), c.Old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var diff bytes.Buffer
	if err := WriteDiff(&diff, cases); err != nil {
		t.Fatal(err)
	}
	patch := filepath.Join(t.TempDir(), "p.diff")
	if err := os.WriteFile(patch, diff.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(git, "apply", "--unsafe-paths", "--directory=", patch)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CEILING_DIRECTORIES="+filepath.Dir(dir))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\n%s", err, out, diff.String())
	}
	for _, c := range cases {
		got, _ := os.ReadFile(filepath.Join(dir, c.Path))
		if !bytes.Equal(got, c.New) {
			t.Errorf("%s after git apply: %q, want %q", c.Path, got, c.New)
		}
	}
}
