package gitstore

import (
	"errors"
	"testing"
)

func TestCheckConfigText(t *testing.T) {
	ok := []string{
		"[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
		"[core]\nbare=false\n[extensions]\n\tobjectFormat = sha1\n\trefStorage = files\n",
		"# a comment\n; another\n[remote \"origin\"]\n\turl = x\n",
	}
	for _, text := range ok {
		if err := checkConfigText([]byte(text)); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
	refused := []string{
		"[core]\n\tbare = true\n",
		"[core]\n\tbare\n",
		"[core]\n\tworktree = /elsewhere\n",
		"[core]\n\trepositoryformatversion = 2\n",
		"[extensions]\n\tobjectformat = sha256\n",
		"[extensions]\n\trefstorage = reftable\n",
		"[extensions]\n\tpartialClone = origin\n",
		"[include]\n\tpath = other.cfg\n",
		"[includeIf \"gitdir:~/w/\"]\n\tpath = other.cfg\n",
		"[core] worktree = /inline\n",
	}
	for _, text := range refused {
		if err := checkConfigText([]byte(text)); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%q: err = %v, want ErrUnsupported", text, err)
		}
	}
}
