// Package gitstore reads a git repository's index, refs and objects
// directly from its files, without starting git: what a pre-commit run of
// `lint --staged` needs (the staged paths and the staged blobs) costs a few
// file reads instead of several process starts.
//
// It reads only the common layout: a SHA-1 repository with a files ref
// backend, an index of version 2, 3 or 4 without a split or sparse index,
// loose objects and version-2 pack indexes (alternates included). Anything
// else — and any setting that changes what git would read, such as
// core.worktree, replace refs or grafts — is refused with ErrUnsupported,
// so the caller can ask git itself.
package gitstore

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrUnsupported is returned for a repository this package does not read
// the way git would; ask git instead.
var ErrUnsupported = errors.New("gitstore: repository layout not supported")

func unsupported(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
}

// Repo is a work tree and the git directories behind it.
type Repo struct {
	// Top is the work tree's top-level directory.
	Top string
	// GitDir holds HEAD and the index (a linked work tree's own directory);
	// CommonDir holds objects, refs and config (the main .git directory).
	GitDir, CommonDir string
	// IndexFile is the index to read: $GIT_INDEX_FILE, else GitDir/index.
	IndexFile string

	objects *objectStore
}

// Getenv looks up an environment variable; os.Getenv in production.
type Getenv func(string) string

// envRefused are the variables that change where git looks in ways Open
// does not follow.
var envRefused = []string{
	"GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_REPLACE_REF_BASE",
	"GIT_GRAFT_FILE", "GIT_CONFIG", "GIT_CONFIG_COUNT", "GIT_NO_REPLACE_OBJECTS",
}

// Open finds the repository whose work tree contains dir, as git does from
// a hook or a shell there: $GIT_DIR when set (the top is then dir itself,
// which is where git runs hooks), else the nearest .git above dir.
// $GIT_INDEX_FILE, relative to dir, names the index when set (git sets it
// for pre-commit hooks, to a temporary index for `git commit -a`).
func Open(dir string, getenv Getenv) (*Repo, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, name := range envRefused {
		if getenv(name) != "" {
			return nil, unsupported("$%s is set", name)
		}
	}
	if p := getenv("GIT_CONFIG_PARAMETERS"); strings.Contains(p, "core.worktree") || strings.Contains(p, "core.bare") {
		return nil, unsupported("core.worktree or core.bare given on the command line")
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	r := &Repo{}
	if gd := getenv("GIT_DIR"); gd != "" {
		r.Top, r.GitDir = dir, absFrom(dir, gd)
	} else if r.Top, r.GitDir, err = discover(dir); err != nil {
		return nil, err
	}
	r.CommonDir = r.GitDir
	if data, err := os.ReadFile(filepath.Join(r.GitDir, "commondir")); err == nil {
		r.CommonDir = absFrom(r.GitDir, strings.TrimSpace(string(data)))
	}
	if err := r.checkConfig(); err != nil {
		return nil, err
	}
	if err := r.checkRefs(); err != nil {
		return nil, err
	}
	r.IndexFile = filepath.Join(r.GitDir, "index")
	if ix := getenv("GIT_INDEX_FILE"); ix != "" {
		r.IndexFile = absFrom(dir, ix)
	}
	r.objects, err = openObjects(filepath.Join(r.CommonDir, "objects"))
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Close releases the pack files the repository opened.
func (r *Repo) Close() error {
	if r == nil || r.objects == nil {
		return nil
	}
	return r.objects.close()
}

func absFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// discover walks up from dir to the first directory holding .git: a
// directory, or a file "gitdir: <path>" (a linked work tree or a
// submodule).
func discover(dir string) (top, gitDir string, err error) {
	for d := dir; ; {
		p := filepath.Join(d, ".git")
		if fi, err := os.Stat(p); err == nil {
			switch {
			case fi.IsDir():
				return d, p, nil
			case fi.Mode().IsRegular():
				data, err := os.ReadFile(p)
				if err != nil {
					return "", "", err
				}
				target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
				if !ok {
					return "", "", fmt.Errorf("gitstore: %s is not a gitdir file", p)
				}
				return d, absFrom(d, strings.TrimSpace(target)), nil
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", errors.New("gitstore: not a git work tree")
		}
		d = parent
	}
}

// checkConfig refuses the settings that change what is read: a bare
// repository or a moved work tree, another object format or ref backend,
// an unknown repository format, a partial clone (whose missing objects
// only git can fetch), includes (which could set any of these).
func (r *Repo) checkConfig() error {
	for _, file := range []string{filepath.Join(r.CommonDir, "config"), filepath.Join(r.GitDir, "config.worktree")} {
		data, err := os.ReadFile(file)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if err := checkConfigText(data); err != nil {
			return err
		}
	}
	return nil
}

func checkConfigText(data []byte) error {
	section := ""
	for _, line := range bytes.Split(data, []byte("\n")) {
		l := strings.TrimSpace(string(line))
		if l == "" || l[0] == '#' || l[0] == ';' {
			continue
		}
		if l[0] == '[' {
			end := strings.IndexByte(l, ']')
			if end < 0 {
				return unsupported("config section %q", l)
			}
			section = strings.ToLower(strings.TrimSpace(l[1:end]))
			if strings.HasPrefix(section, "include") {
				return unsupported("config includes")
			}
			l = strings.TrimSpace(l[end+1:])
			if l == "" {
				continue
			}
		}
		key, value, _ := strings.Cut(l, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		value = strings.ToLower(strings.Trim(strings.TrimSpace(value), `"`))
		switch section + "." + key {
		case "core.worktree":
			return unsupported("core.worktree is set")
		case "core.bare":
			if value == "true" || value == "yes" || value == "on" || value == "1" || value == "" {
				return unsupported("a bare repository")
			}
		case "core.repositoryformatversion":
			if value != "0" && value != "1" {
				return unsupported("repository format version %s", value)
			}
		case "extensions.objectformat":
			if value != "sha1" {
				return unsupported("object format %s", value)
			}
		case "extensions.refstorage":
			if value != "files" {
				return unsupported("ref storage %s", value)
			}
		case "extensions.partialclone":
			// Missing objects are fetched on demand by git, never here.
			return unsupported("a partial clone")
		}
	}
	return nil
}

// checkRefs refuses replace refs and grafts, which change what HEAD's tree
// is.
func (r *Repo) checkRefs() error {
	if es, err := os.ReadDir(filepath.Join(r.CommonDir, "refs", "replace")); err == nil && len(es) > 0 {
		return unsupported("replace refs")
	}
	if _, err := os.Stat(filepath.Join(r.CommonDir, "info", "grafts")); err == nil {
		return unsupported("grafts")
	}
	return nil
}
