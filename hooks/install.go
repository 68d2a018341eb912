package hooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/internal/atomicfile"
	"github.com/squadci/squadci/internal/nofollow"
)

// marker identifies a hook squadci wrote; nothing without it is touched.
const marker = "# squadci-managed pre-commit hook"

// chainedName is where a foreign hook is kept when --force chains it.
const chainedName = "pre-commit.squadci-chained"

// ErrForeignHook means a pre-commit hook that squadci did not write exists.
var ErrForeignHook = errors.New("a pre-commit hook that squadci did not write exists")

// HooksDir returns the directory git runs hooks from, honouring
// core.hooksPath.
func HooksDir(ctx context.Context, dir string) (string, error) {
	out, err := git(ctx, dir, "rev-parse", "--git-path", "hooks")
	if err != nil {
		return "", err
	}
	p := strings.TrimSpace(string(out))
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return p, nil
}

// InstallHint is what the hook prints when squadci is not on PATH.
const InstallHint = "squadci: not found on PATH; the pre-commit hook needs it.\n" +
	"  install a release (no Go needed; the script checks the archive's SHA-256):\n" +
	"    curl -fsSL https://raw.githubusercontent.com/squadci/squadci/main/scripts/install.sh | bash -s -- latest ~/.local/bin\n" +
	"  or with Go:  CGO_ENABLED=0 go install github.com/squadci/squadci/cmd/squadci@latest\n" +
	"  (from a clone: CGO_ENABLED=0 go install ./cmd/squadci), and put the directory on PATH;\n" +
	"  or remove the hook: squadci hook uninstall (git commit --no-verify skips it once)"

// hookScript is the hook: run a chained hook first when there is one, then
// lint the staged content with the squadci found on PATH when the hook
// runs. No path is baked in: the binary that installed the hook may be a
// `go run` build that is gone by the next commit.
func hookScript(chained bool) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "#!/bin/sh\n%s; `squadci hook uninstall` removes it.\n", marker)
	b.WriteString("# Lints the content staged for this commit (git diff --cached), read from the index.\n")
	if chained {
		fmt.Fprintf(&b, "chained=\"$(dirname \"$0\")/%s\"\n", chainedName)
		b.WriteString("if [ -x \"$chained\" ]; then \"$chained\" \"$@\" || exit $?; fi\n")
	}
	b.WriteString("if ! command -v squadci >/dev/null 2>&1; then\n")
	b.WriteString("  cat >&2 <<'EOF'\n" + InstallHint + "\nEOF\n  exit 1\nfi\n")
	b.WriteString("exec squadci lint --staged\n")
	return b.Bytes()
}

// maxHookSize bounds the read of an existing hook: squadci's own is a few
// hundred bytes, and anything larger is not ours.
const maxHookSize = 1 << 20

// isOurs reads the hook at path without following a link or blocking on a
// FIFO: hooks may live in a committed folder (core.hooksPath), where a
// pre-commit that links to /dev/zero or is a FIFO must not fill memory or
// hang. A link, a special file or an oversized file exists and is foreign.
func isOurs(path string) (exists, ours bool, err error) {
	b, err := nofollow.ReadFile(path, maxHookSize)
	var tl *nofollow.TooLargeError
	switch {
	case errors.Is(err, os.ErrNotExist):
		return false, false, nil
	case errors.Is(err, nofollow.ErrNotRegular), errors.As(err, &tl):
		return true, false, nil
	case err != nil:
		return false, false, err
	}
	return true, bytes.Contains(b, []byte(marker)), nil
}

// InstallResult says what Install did.
type InstallResult struct {
	Path    string // the hook file
	Chained string // the foreign hook kept and run first, if any
	Changed bool   // false when the same hook was already installed
}

// Install writes the squadci pre-commit hook into the repository at dir. A
// foreign hook is refused (ErrForeignHook) unless force, which keeps it as
// pre-commit.squadci-chained and runs it first. Installing twice changes
// nothing.
func Install(ctx context.Context, dir string, force bool) (InstallResult, error) {
	hooksDir, err := HooksDir(ctx, dir)
	if err != nil {
		return InstallResult{}, err
	}
	if err := os.MkdirAll(hooksDir, 0o755); err != nil {
		return InstallResult{}, err
	}
	path := filepath.Join(hooksDir, "pre-commit")
	chained := filepath.Join(hooksDir, chainedName)
	res := InstallResult{Path: path}
	exists, ours, err := isOurs(path)
	if err != nil {
		return res, err
	}
	if exists && !ours {
		if !force {
			return res, fmt.Errorf("%w at %s; run `squadci hook install --force` to keep it and run it before squadci", ErrForeignHook, path)
		}
		if _, err := os.Lstat(chained); err == nil {
			return res, fmt.Errorf("%s already exists; move it away before chaining another hook", chained)
		}
		if err := os.Rename(path, chained); err != nil {
			return res, err
		}
	}
	hasChain := false
	if _, err := os.Lstat(chained); err == nil {
		hasChain, res.Chained = true, chained
	}
	want := hookScript(hasChain)
	if old, err := nofollow.ReadFile(path, maxHookSize); err == nil && bytes.Equal(old, want) {
		return res, nil
	}
	if err := atomicfile.WriteFile(path, want, 0o755, true); err != nil {
		return res, err
	}
	res.Changed = true
	return res, nil
}

// Uninstall removes squadci's hook and restores a chained hook. A foreign
// hook is left alone (ErrForeignHook). removed is false when no squadci
// hook was installed.
func Uninstall(ctx context.Context, dir string) (removed bool, err error) {
	hooksDir, err := HooksDir(ctx, dir)
	if err != nil {
		return false, err
	}
	path := filepath.Join(hooksDir, "pre-commit")
	exists, ours, err := isOurs(path)
	switch {
	case err != nil:
		return false, err
	case !exists:
		return false, nil
	case !ours:
		return false, fmt.Errorf("%w at %s; it was left alone", ErrForeignHook, path)
	}
	if err := os.Remove(path); err != nil {
		return false, err
	}
	chained := filepath.Join(hooksDir, chainedName)
	if _, err := os.Lstat(chained); err == nil {
		if err := os.Rename(chained, path); err != nil {
			return true, err
		}
	}
	return true, nil
}
