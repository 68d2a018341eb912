package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
)

// collectFiles lists what every scenario tree gets from the repository:
// every manifest (the connector's mailbox is found through all of them),
// the configuration, and each argument of the adapter command that names a
// file inside the repository (its script). Nothing else of the working
// tree is copied, and nothing is ever written to it.
func (s *conformanceSuite) collectFiles(ms []*connector.Manifest) {
	for _, m := range ms {
		s.files = append(s.files, m.Path)
	}
	if p := s.cfg.Path; p != "" {
		rel, ok := s.insideRoot(p)
		if !ok {
			// A configuration outside the repository is copied as .squadci.yml.
			s.config = ".squadci.yml"
		} else {
			s.config = rel
			s.files = append(s.files, rel)
		}
	}
	for _, arg := range s.argv {
		if rel, ok := s.insideRoot(arg); ok && rel != "." {
			if info, err := os.Lstat(filepath.Join(s.root, filepath.FromSlash(rel))); err == nil && info.Mode().IsRegular() {
				s.files = append(s.files, rel)
			}
		}
	}
	slices.Sort(s.files)
	s.files = slices.Compact(s.files)
}

// insideRoot makes p (absolute, or relative to the root) root-relative
// with '/' separators; ok is false when it lies outside the root.
func (s *conformanceSuite) insideRoot(p string) (string, bool) {
	abs := p
	if !filepath.IsAbs(p) {
		abs = filepath.Join(s.root, filepath.FromSlash(p))
	}
	rel, err := filepath.Rel(s.root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// newTree makes a scenario's tree: a fresh directory (under --keep, or a
// temporary one) holding a copy of the connector files, with their modes.
func (s *conformanceSuite) newTree(name string) (*scenarioTree, error) {
	var dir string
	var err error
	if s.keep != "" {
		dir = filepath.Join(s.keep, name)
		err = os.Mkdir(dir, 0o755)
	} else {
		dir, err = os.MkdirTemp(s.getenv("TMPDIR"), "squadci-conformance-"+name+"-")
	}
	if err != nil {
		return nil, err
	}
	t := &scenarioTree{suite: s, dir: dir, name: name}
	for _, rel := range s.files {
		if err := copyIntoTree(filepath.Join(s.root, filepath.FromSlash(rel)), dir, rel); err != nil {
			t.remove()
			return nil, err
		}
	}
	if s.config != "" && !slices.Contains(s.files, s.config) {
		if err := copyIntoTree(s.cfg.Path, dir, s.config); err != nil {
			t.remove()
			return nil, err
		}
	}
	return t, nil
}

// copyIntoTree copies the regular file src to dir/rel, keeping its
// permission bits; a link or anything else is refused.
func copyIntoTree(src, dir, rel string) error {
	info, err := os.Lstat(src)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file; a scenario copies only regular files", rel)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return writeTreeFile(dir, rel, data, info.Mode().Perm())
}

func writeTreeFile(dir, rel string, data []byte, mode fs.FileMode) error {
	dst := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, mode)
}

// scenarioTree is one scenario's copy of the repository's connector files.
type scenarioTree struct {
	suite     *conformanceSuite
	dir, name string
}

func (t *scenarioTree) remove() {
	if t.suite.keep == "" {
		os.RemoveAll(t.dir)
	}
}

// write adds a file to the tree (set-up: a decoy, an input).
func (t *scenarioTree) write(rel, text string) error {
	return writeTreeFile(t.dir, rel, []byte(text), 0o644)
}

// entryState is what a walk records of one entry.
type entryState struct {
	mode  fs.FileMode
	mtime time.Time
	sum   string // SHA-256 of a regular file's bytes; a link's target
}

// confState is every entry below a tree, by '/'-separated relative path.
type confState map[string]entryState

// state walks the tree without following links.
func (t *scenarioTree) state() (confState, error) {
	st := confState{}
	err := filepath.WalkDir(t.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(t.dir, p)
		if rel == "." {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fsd := entryState{mode: info.Mode(), mtime: info.ModTime()}
		switch {
		case info.Mode().IsRegular():
			fsd.sum, err = fileSum(p)
		case info.Mode()&fs.ModeSymlink != 0:
			fsd.sum, err = os.Readlink(p)
		}
		if err != nil {
			return err
		}
		st[filepath.ToSlash(rel)] = fsd
		return nil
	})
	return st, err
}

func fileSum(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// treeChange is what a run did to the tree: files created, changed
// (content, mode or modification time) and removed; directories only when
// created or removed.
type treeChange struct {
	created, changed, removed []string
}

func diffTrees(before, after confState) treeChange {
	var ch treeChange
	for p, a := range after {
		b, ok := before[p]
		switch {
		case !ok:
			ch.created = append(ch.created, p)
		case a.mode.IsDir() && b.mode.IsDir():
		case a.mode != b.mode || a.sum != b.sum || !a.mtime.Equal(b.mtime):
			ch.changed = append(ch.changed, p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			ch.removed = append(ch.removed, p)
		}
	}
	slices.Sort(ch.created)
	slices.Sort(ch.changed)
	slices.Sort(ch.removed)
	return ch
}

// written are the regular files created or changed.
func (ch treeChange) written(after confState) []string {
	var out []string
	for _, p := range append(slices.Clone(ch.created), ch.changed...) {
		if after[p].mode.IsRegular() {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// all lists every path touched, each once, sorted.
func (ch treeChange) all() []string {
	out := append(append(append([]string{}, ch.created...), ch.changed...), ch.removed...)
	slices.Sort(out)
	return slices.Compact(out)
}

// under reports whether p is dir itself or lies below it, by segments.
func under(p, dir string) bool {
	dir = strings.TrimSuffix(dir, "/")
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// hashDir is one digest of everything below rel in a tree state, to show
// a decoy's before and after.
func (st confState) hashDir(rel string) string {
	var keys []string
	for p := range st {
		if under(p, rel) {
			keys = append(keys, p)
		}
	}
	slices.Sort(keys)
	h := sha256.New()
	for _, k := range keys {
		fmt.Fprintf(h, "%s\x00%v\x00%s\x00", k, st[k].mode, st[k].sum)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// age sets every file's modification time to a fixed past instant, so any
// rewrite by the adapter shows, even with identical bytes.
func (t *scenarioTree) age() error {
	old := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	return filepath.WalkDir(t.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			return os.Chtimes(p, old, old)
		}
		return nil
	})
}

// readFile reads a tree file; nil when it is missing.
func (t *scenarioTree) readFile(rel string) []byte {
	b, err := os.ReadFile(filepath.Join(t.dir, filepath.FromSlash(rel)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return b
}

// resultPath is the result a task's request asks for.
func resultPath(request, taskID string) string {
	return path.Join(path.Dir(request), taskID+".result.json")
}
