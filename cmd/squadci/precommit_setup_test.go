package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// preCommitSetup is this checkout's hooks as the pre-commit framework
// installs them, shared by the package's pre-commit tests. `pre-commit
// try-repo` makes a new store for every run, so each run of the golang
// hook cloned the repository and built squadci with `go install ./...`
// again (about 35 s each); here every run goes through one PRE_COMMIT_HOME
// and a config that names the repository at the revision try-repo would
// use, so pre-commit builds the golang hook once per test process and
// runs it exactly as it runs it for users (`pre-commit run`). The golang
// hook's `go install ./...` reads modules from this process's module cache
// (GOMODCACHE, as for a user who sets it) rather than downloading them
// into the hook's fresh GOPATH: the build is the same, without the
// network and without compiling every dependency again.
type preCommitSetup struct {
	bin      string // the pre-commit program
	home     string // PRE_COMMIT_HOME
	config   string // .pre-commit-config.yaml naming both hooks
	modcache string // go env GOMODCACHE
}

var (
	preCommitOnce   sync.Once
	preCommitShared preCommitSetup
	preCommitErr    error
)

// sharedPreCommit returns the shared set-up, making it on first use; it
// skips the test (fails it under SQUADCI_REQUIRE_TOOLS=1) without
// pre-commit.
func sharedPreCommit(t *testing.T) preCommitSetup {
	t.Helper()
	bin := testtool.LookPath(t, "pre-commit", "apt-get install pre-commit")
	testtool.LookPath(t, "git", "apt-get install git")
	preCommitOnce.Do(func() {
		preCommitShared, preCommitErr = newPreCommitSetup(bin)
		if preCommitShared.home != "" {
			removeAfterTests(preCommitShared.home)
		}
	})
	if preCommitErr != nil {
		t.Fatalf("setting up pre-commit: %v", preCommitErr)
	}
	return preCommitShared
}

func newPreCommitSetup(bin string) (preCommitSetup, error) {
	home, err := os.MkdirTemp("", "squadci-pre-commit-")
	if err != nil {
		return preCommitSetup{}, err
	}
	s := preCommitSetup{bin: bin, home: home, config: filepath.Join(home, "pre-commit-config.yaml")}
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return s, fmt.Errorf("go env GOMODCACHE: %v", err)
	}
	s.modcache = strings.TrimSpace(string(modcache))
	repo, err := filepath.Abs(repoRoot)
	if err != nil {
		return s, err
	}
	repo, rev, err := hookRepoRevision(repo, filepath.Join(home, "shadow-repo"))
	if err != nil {
		return s, err
	}
	config := fmt.Sprintf("repos:\n- repo: %q\n  rev: %q\n  hooks:\n  - id: squadci\n  - id: squadci-system\n", repo, rev)
	return s, os.WriteFile(s.config, []byte(config), 0o644)
}

// hookRepoRevision is the repository and revision `pre-commit try-repo`
// installs: the checkout at HEAD, or, when the work tree differs from
// HEAD, a shadow clone with the staged and tracked changes committed (the
// checkout's own object store and index are left alone).
func hookRepoRevision(repo, shadow string) (string, string, error) {
	git := func(dir string, env []string, args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if env != nil {
			cmd.Env = append(os.Environ(), env...)
		}
		out, err := cmd.Output()
		if err != nil {
			var stderr []byte
			if e, ok := err.(*exec.ExitError); ok {
				stderr = e.Stderr
			}
			return "", fmt.Errorf("git %v in %s: %v\n%s", args, dir, err, stderr)
		}
		return string(out), nil
	}
	head, err := git(repo, nil, "rev-parse", "HEAD")
	if err != nil {
		return "", "", err
	}
	head = strings.TrimSpace(head)
	if exec.Command("git", "-C", repo, "diff", "--quiet", "--no-ext-diff", "HEAD").Run() == nil {
		return repo, head, nil
	}
	if _, err := git(repo, nil, "clone", "-q", repo, shadow); err != nil {
		return "", "", err
	}
	if _, err := git(shadow, nil, "checkout", "-q", head, "-b", "_pc_tmp"); err != nil {
		return "", "", err
	}
	index, err := git(shadow, nil, "rev-parse", "--path-format=absolute", "--git-path", "index")
	if err != nil {
		return "", "", err
	}
	objects, err := git(shadow, nil, "rev-parse", "--path-format=absolute", "--git-path", "objects")
	if err != nil {
		return "", "", err
	}
	env := []string{"GIT_INDEX_FILE=" + strings.TrimSpace(index), "GIT_OBJECT_DIRECTORY=" + strings.TrimSpace(objects)}
	staged, err := git(repo, nil, "diff", "--staged", "--name-only", "--no-ext-diff", "-z")
	if err != nil {
		return "", "", err
	}
	if files := strings.Split(strings.TrimRight(staged, "\x00"), "\x00"); files[0] != "" {
		if _, err := git(repo, env, append([]string{"add", "--"}, files...)...); err != nil {
			return "", "", err
		}
	}
	if _, err := git(repo, env, "add", "-u"); err != nil {
		return "", "", err
	}
	if _, err := git(shadow, nil, "-c", "user.name=squadci tests", "-c", "user.email=tests@example.com", "-c", "commit.gpgsign=false",
		"commit", "-q", "--no-verify", "-m", "uncommitted changes"); err != nil {
		return "", "", err
	}
	rev, err := git(shadow, nil, "rev-parse", "HEAD")
	return shadow, strings.TrimSpace(rev), err
}

// run runs one hook of the shared config with pre-commit in dir, as
// `pre-commit run HOOK [extra...]`, and returns its combined output.
func (s preCommitSetup) run(dir, hook string, env []string, extra ...string) (string, error) {
	cmd := exec.Command(s.bin, append([]string{"run", hook, "--config", s.config, "--color", "never"}, extra...)...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), env...), "PRE_COMMIT_HOME="+s.home, "PRE_COMMIT_COLOR=never", "GOMODCACHE="+s.modcache)
	out, err := cmd.CombinedOutput()
	return string(out), err
}
