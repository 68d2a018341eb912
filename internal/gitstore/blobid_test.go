package gitstore

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// TestBlobIDMatchesGit: the id is git's for the same bytes, empty included.
func TestBlobIDMatchesGit(t *testing.T) {
	testtool.LookPath(t, "git", "apt-get install git")
	for _, content := range []string{"", "hello\n", strings.Repeat("x\x00y", 5000)} {
		cmd := exec.Command("git", "hash-object", "--stdin")
		cmd.Stdin = strings.NewReader(content)
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		if got, want := BlobID([]byte(content)).String(), strings.TrimSpace(string(out)); got != want {
			t.Errorf("BlobID of %d bytes = %s, git says %s", len(content), got, want)
		}
	}
}
