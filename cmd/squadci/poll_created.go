package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/squadci/squadci/internal/atomicfile"
)

// The --list-created side of poll: what a pass created, for the shard's
// artifact upload (scale.md, "What crosses between jobs"). It is found by
// comparing the checkout before and after, so it holds every file the pass
// and its adapters left — claims, results, artifacts, and strays a merge
// will refuse — whichever code path wrote it.

// fileStamp is what tells a file rewritten during the pass from one left
// alone.
type fileStamp struct {
	size  int64
	mod   time.Time
	mode  fs.FileMode
	isDir bool
}

// treeSnapshot maps a slash-separated path, relative to the root, to its
// stamp; .git is left out.
type treeSnapshot map[string]fileStamp

// stampTree stamps every file under root. A directory below root that
// cannot be read is skipped with a warning (warn) and the rest listed: one
// unreadable folder an adapter left must not lose the shard's whole list.
func stampTree(root string, warn func(string)) (treeSnapshot, error) {
	return stampFS(os.DirFS(root), warn)
}

// stampFS is stampTree over fsys (links are never followed).
func stampFS(fsys fs.FS, warn func(string)) (treeSnapshot, error) {
	snap := treeSnapshot{}
	err := fs.WalkDir(fsys, ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			if rel == "." || d == nil || !d.IsDir() {
				return err
			}
			warn(fmt.Sprintf("--list-created: skipping the directory %s, which cannot be read (%v): files in it are not listed, so not uploaded",
				safeListName(rel), pathErrCause(err)))
			return fs.SkipDir
		}
		if d.IsDir() && d.Name() == ".git" {
			return fs.SkipDir
		}
		if rel == "." || d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if errors.Is(err, fs.ErrNotExist) {
			return nil // removed since it was listed: not created after all
		}
		if err != nil {
			return err
		}
		snap[rel] = fileStamp{size: info.Size(), mod: info.ModTime(), mode: info.Mode().Type()}
		return nil
	})
	return snap, err
}

// pathErrCause is err without the path a *fs.PathError repeats.
func pathErrCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// createdSince lists, sorted, the paths of after that before lacks or
// whose stamp changed since (a retry rewrites its task's claim).
func createdSince[S comparable](before, after map[string]S) []string {
	var out []string
	for p, st := range after {
		if old, ok := before[p]; !ok || old != st {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// writeCreatedList writes the paths, each ended by a NUL byte, atomically:
// an upload step never reads half a list, and no name can pass for two
// (a file name may hold a newline, never a NUL). No path is an empty file.
func writeCreatedList(file string, paths []string) error {
	var b strings.Builder
	for _, p := range paths {
		b.WriteString(p)
		b.WriteByte(0)
	}
	return atomicfile.WriteFile(file, []byte(b.String()), 0o644, true)
}

// listable splits created paths into those a list may carry and those
// holding a control character (a newline, a tab, an escape): a name like
// "report\n/proc/self/environ" is no deliverable, and anything reading the
// list line by line would take it for two paths.
func listable(paths []string) (ok, refused []string) {
	for _, p := range paths {
		if controlAt(p) >= 0 {
			refused = append(refused, p)
			continue
		}
		ok = append(ok, p)
	}
	return ok, refused
}

// controlAt is the byte offset of p's first control character (C0, DEL,
// C1, or a Unicode line or paragraph separator), or -1.
func controlAt(p string) int {
	for i, r := range p {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError {
			return i
		}
	}
	return -1
}

// safeListName shows a path up to the folder holding its first control
// character: never the rest of the name, which may be anything an adapter
// chose.
func safeListName(p string) string {
	i := controlAt(p)
	if i < 0 {
		return p
	}
	dir := p[:strings.LastIndexByte(p[:i], '/')+1]
	return fmt.Sprintf("a file under %q (its name holds a control character)", dir)
}

// snapshotFor is the checkout before the first pass, when --list-created
// asks for one (nil otherwise).
func (c *Command) snapshotFor(repo *scheduledRepo, file string) (treeSnapshot, error) {
	if file == "" {
		return nil, nil
	}
	snap, err := stampTree(repo.root, c.warn)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: poll: --list-created: reading the checkout: %v\n", err)
	}
	return snap, err
}

// listCreated writes what the passes so far created to file (none without
// the flag): after every pass, so an interval poller's list stays current.
// A created path with a control character is left out and reported, and
// makes the poll exit 1 (exitFindings is returned; the caller keeps going).
func (c *Command) listCreated(repo *scheduledRepo, file string, before treeSnapshot) int {
	if file == "" {
		return exitOK
	}
	path := c.actionPath(file)
	after, err := stampTree(repo.root, c.warn)
	var refused []string
	if err == nil {
		// The list, when kept in the checkout, is not one of its own entries.
		if rel, rerr := filepath.Rel(repo.root, path); rerr == nil {
			delete(after, filepath.ToSlash(rel))
		}
		var ok []string
		ok, refused = listable(createdSince(before, after))
		err = writeCreatedList(path, ok)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: poll: --list-created %s: %v\n", file, err)
		return exitInternal
	}
	for _, p := range refused {
		fmt.Fprintf(c.Stderr, "squadci: poll: --list-created: refused %s: a created path may not hold control characters; "+
			"it is left out of the list and so out of the shard's upload (rename what the adapter writes)\n", safeListName(p))
	}
	if len(refused) > 0 {
		return exitFindings
	}
	return exitOK
}

// warn prints one warning line.
func (c *Command) warn(msg string) { fmt.Fprintf(c.Stderr, "squadci: warning: %s\n", msg) }
