package connector

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"slices"
	"strings"

	"github.com/squadci/squadci/internal/nofollow"
)

// hashUnits reads every file of every standing unit once, streaming, and
// records its SHA-256: two copies of a path compare by it, and the commit
// checks the bytes it writes against it.
func (m *merger) hashUnits() {
	for _, u := range m.units {
		for _, c := range u.files {
			if u.refused != "" {
				break
			}
			sum, err := hashShardFile(c.src, c.size)
			if err != nil {
				u.refuse(fmt.Sprintf("its %s %s is unreadable: %v", c.role, c.Path, err))
				continue
			}
			c.sum = sum
		}
	}
}

// hashShardFile streams the regular file at path (opened without following
// a link) through SHA-256; a file whose size is no longer size changed
// under merge.
func hashShardFile(path string, size int64) (string, error) {
	h := sha256.New()
	if err := copyShardFile(path, size, h); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// copyShardFile writes the size bytes of the regular file at path to w,
// refusing a link, a special file or a file that grew or shrank.
func copyShardFile(path string, size int64, w io.Writer) error {
	f, err := nofollow.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("not a regular file (%s)", describeMode(info.Mode()))
	}
	if info.Size() != size {
		return errChanged
	}
	n, err := io.Copy(w, io.LimitReader(f, size+1))
	if err != nil {
		return err
	}
	if n != size {
		return errChanged
	}
	return nil
}

// sumWriter copies to w while hashing what passed, so a commit can check
// it wrote the bytes it hashed.
type sumWriter struct {
	w io.Writer
	h hash.Hash
}

func (s *sumWriter) Write(p []byte) (int, error) {
	s.h.Write(p)
	return s.w.Write(p)
}

// refuseConflicts refuses every unit that shares a path with another unit
// with different content, or that needs a file where another needs a
// directory: a resume must never see one shard's half of a task.
func (m *merger) refuseConflicts() {
	type holder struct {
		u *mergeUnit
		c *mergeCandidate
	}
	byPath := map[string][]holder{}
	for _, u := range m.units {
		for _, c := range u.files {
			byPath[c.Path] = append(byPath[c.Path], holder{u, c})
		}
	}
	conflict := func(us []*mergeUnit, why string) {
		ids := make([]string, 0, len(us))
		for _, u := range us {
			ids = append(ids, u.task.id)
		}
		slices.Sort(ids)
		ids = slices.Compact(ids)
		for _, u := range us {
			u.refuse(why + "; tasks " + strings.Join(ids, ", ") + " are refused whole")
		}
	}
	for _, p := range sortedKeys(byPath) {
		hs := byPath[p]
		for _, h := range hs[1:] {
			if h.c.sum != hs[0].c.sum || h.c.sum == "" {
				conflict([]*mergeUnit{hs[0].u, h.u}, fmt.Sprintf("shards %s and %s bring different content for %s", hs[0].u.shard, h.u.shard, p))
			}
		}
		// A file here and a directory of another unit's file: walk p's
		// parents and see whether any is another unit's file.
		for dir := parentOf(p); dir != ""; dir = parentOf(dir) {
			for _, d := range byPath[dir] {
				us := []*mergeUnit{d.u}
				for _, h := range hs {
					us = append(us, h.u)
				}
				conflict(us, fmt.Sprintf("shard %s brings a file %s where shard %s needs a directory for %s", d.u.shard, dir, hs[0].u.shard, p))
			}
		}
	}
}

// parentOf is the slash path's parent, "" at the top.
func parentOf(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return ""
	}
	return p[:i]
}
