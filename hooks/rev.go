package hooks

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/squadci/squadci/internal/gitstore"
)

// OpenRev reads the tree of the commit sha of the repository at top as a
// lint.Files, from the object store (or, for a layout gitstore does not
// read, `git ls-tree` and `git cat-file`): no checkout. A file renamed
// since (renames: old path → new path) is listed under its new path, so
// its findings carry the identities they have now.
func OpenRev(ctx context.Context, top, sha string, renames map[string]string) (*IndexFiles, error) {
	x := &IndexFiles{Top: top}
	var entries []gitstore.Entry
	if repo, err := gitstore.Open(top, os.Getenv); err == nil {
		id, err := gitstore.ParseID(sha)
		if err == nil {
			entries, err = repo.TreeFiles(id)
		}
		if err == nil {
			x.repo = repo
		} else {
			repo.Close()
			entries = nil
		}
	}
	if x.repo == nil {
		out, err := git(ctx, top, "ls-tree", "-r", "-z", "--full-tree", sha)
		if err != nil {
			return nil, err
		}
		entries = parseLsTree(out)
	}
	for i := range entries {
		if p, ok := renames[entries[i].Path]; ok {
			entries[i].Path = p
		}
	}
	x.once.Do(func() {
		x.entries = entries
		x.sort()
	})
	return x, nil
}

// parseLsTree reads `git ls-tree -r -z`: "<mode> <type> <object>\t<path>".
func parseLsTree(out []byte) []gitstore.Entry {
	var es []gitstore.Entry
	for _, rec := range splitNUL(out) {
		meta, path, ok := strings.Cut(rec, "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 {
			continue
		}
		mode, err := strconv.ParseUint(fields[0], 8, 32)
		id, idErr := gitstore.ParseID(fields[2])
		if err != nil || idErr != nil {
			continue
		}
		es = append(es, gitstore.Entry{Path: path, Mode: uint32(mode), ID: id})
	}
	return es
}
