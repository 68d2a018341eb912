package main

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
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

func stampTree(root string) (treeSnapshot, error) {
	snap := treeSnapshot{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if rel == "." || d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		snap[rel] = fileStamp{size: info.Size(), mod: info.ModTime(), mode: info.Mode().Type()}
		return nil
	})
	return snap, err
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

// writeCreatedList writes the paths, one a line, atomically: an upload
// step never reads half a list. No path is an empty file.
func writeCreatedList(file string, paths []string) error {
	text := strings.Join(paths, "\n")
	if text != "" {
		text += "\n"
	}
	return connector.WriteFileAtomic(file, []byte(text), 0o644, true)
}

// snapshotFor is the checkout before the first pass, when --list-created
// asks for one (nil otherwise).
func (c *Command) snapshotFor(repo *scheduledRepo, file string) (treeSnapshot, error) {
	if file == "" {
		return nil, nil
	}
	snap, err := stampTree(repo.root)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: poll: --list-created: reading the checkout: %v\n", err)
	}
	return snap, err
}

// listCreated writes what the passes so far created to file (none without
// the flag): after every pass, so an interval poller's list stays current.
func (c *Command) listCreated(repo *scheduledRepo, file string, before treeSnapshot) int {
	if file == "" {
		return exitOK
	}
	path := c.actionPath(file)
	after, err := stampTree(repo.root)
	if err == nil {
		// The list, when kept in the checkout, is not one of its own entries.
		if rel, rerr := filepath.Rel(repo.root, path); rerr == nil {
			delete(after, filepath.ToSlash(rel))
		}
		err = writeCreatedList(path, createdSince(before, after))
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: poll: --list-created %s: %v\n", file, err)
		return exitInternal
	}
	return exitOK
}
