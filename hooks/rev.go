package hooks

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/squadci/squadci/internal/gitstore"
	"github.com/squadci/squadci/internal/nofollow"
	"github.com/squadci/squadci/lint"
)

// RevFiles is the tree of a commit as a lint.Files (OpenRev). A blob is
// read from the work tree when the file there, at the path the entry is
// listed under, hashes to the blob's id: the same bytes, without
// inflating a delta chain. Files unchanged since the commit are most of a
// tree, so most reads are of the disk; a blob inflated is kept, as the
// checks of a lint read some files more than once.
type RevFiles struct {
	*IndexFiles

	memoMu sync.Mutex
	memo   map[gitstore.ID][]byte
}

// Read implements lint.Files.
func (r *RevFiles) Read(rel string, limit int64) ([]byte, error) {
	if err := r.load(context.Background()); err != nil {
		return nil, err
	}
	e, ok := r.find(rel)
	if !ok || (e.Mode != 0o100644 && e.Mode != 0o100755) {
		return r.IndexFiles.Read(rel, limit)
	}
	r.memoMu.Lock()
	data, kept := r.memo[e.ID]
	r.memoMu.Unlock()
	if kept {
		if int64(len(data)) > limit {
			return nil, &lint.TooLargeError{Size: int64(len(data)), Limit: limit}
		}
		return bytes.Clone(data), nil
	}
	if limit > 0 {
		data, err := nofollow.ReadFile(filepath.Join(r.Top, filepath.FromSlash(rel)), limit)
		if err == nil && gitstore.BlobID(data) == e.ID {
			return data, nil
		}
	}
	data, err := r.IndexFiles.Read(rel, limit)
	if err == nil && limit > 0 {
		r.memoMu.Lock()
		if r.memo == nil {
			r.memo = map[gitstore.ID][]byte{}
		}
		r.memo[e.ID] = bytes.Clone(data)
		r.memoMu.Unlock()
	}
	return data, err
}

var _ lint.Files = (*RevFiles)(nil)

// OpenRev reads the tree of the commit sha of the repository at top as a
// lint.Files, from the object store (or, for a layout gitstore does not
// read, `git ls-tree` and `git cat-file`): no checkout. A file renamed
// since (renames: old path → new path) is listed under its new path, so
// its findings carry the identities they have now.
func OpenRev(ctx context.Context, top, sha string, renames map[string]string) (*RevFiles, error) {
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
	return &RevFiles{IndexFiles: x}, nil
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
