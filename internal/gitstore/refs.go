package gitstore

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// maxSymref bounds a chain of symbolic refs, as git does.
const maxSymref = 5

// Head resolves HEAD to a commit id; ok is false on an unborn branch (a
// repository before its first commit).
func (r *Repo) Head() (id ID, ok bool, err error) {
	name := "HEAD"
	for range maxSymref {
		data, found, err := r.readRef(name)
		if err != nil {
			return ID{}, false, err
		}
		if !found {
			if name == "HEAD" {
				return ID{}, false, errors.New("gitstore: no HEAD")
			}
			return ID{}, false, nil // unborn
		}
		text := strings.TrimSpace(string(data))
		if target, sym := strings.CutPrefix(text, "ref:"); sym {
			name = strings.TrimSpace(target)
			if !strings.HasPrefix(name, "refs/") || strings.Contains(name, "..") {
				return ID{}, false, fmt.Errorf("gitstore: bad symbolic ref %q", name)
			}
			continue
		}
		id, err := ParseID(text)
		return id, err == nil, err
	}
	return ID{}, false, errors.New("gitstore: symbolic refs nested too deep")
}

// readRef reads a ref's value: HEAD from the work tree's own directory,
// the rest loose from the common directory, then from packed-refs.
func (r *Repo) readRef(name string) ([]byte, bool, error) {
	dir := r.CommonDir
	if name == "HEAD" || !strings.HasPrefix(name, "refs/") || strings.HasPrefix(name, "refs/worktree/") ||
		strings.HasPrefix(name, "refs/bisect/") || strings.HasPrefix(name, "refs/rewritten/") {
		dir = r.GitDir
	}
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err == nil {
		return data, true, nil
	}
	if !errors.Is(err, os.ErrNotExist) && !isDirErr(filepath.Join(dir, filepath.FromSlash(name))) {
		return nil, false, err
	}
	if name == "HEAD" {
		return nil, false, nil
	}
	return r.packedRef(name)
}

func isDirErr(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// packedRef looks name up in packed-refs. Replace refs found there are
// refused, as in loose form.
func (r *Repo) packedRef(name string) ([]byte, bool, error) {
	data, err := os.ReadFile(filepath.Join(r.CommonDir, "packed-refs"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	var found []byte
	for len(data) > 0 {
		line := data
		if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
			line, data = data[:nl], data[nl+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if len(line) == 0 || line[0] == '#' || line[0] == '^' {
			continue
		}
		id, ref, ok := bytes.Cut(line, []byte(" "))
		if !ok {
			continue
		}
		if bytes.HasPrefix(ref, []byte("refs/replace/")) {
			return nil, false, unsupported("replace refs")
		}
		if found == nil && string(ref) == name {
			found = id
		}
	}
	return found, found != nil, nil
}

// ParseID parses a 40-digit hexadecimal object id.
func ParseID(s string) (ID, error) {
	var id ID
	if len(s) != 40 {
		return id, fmt.Errorf("gitstore: bad object id %q", s)
	}
	if _, err := hex.Decode(id[:], []byte(s)); err != nil {
		return id, fmt.Errorf("gitstore: bad object id %q", s)
	}
	return id, nil
}

// commitTree reads a commit's tree id.
func (r *Repo) commitTree(id ID) (ID, error) {
	for range maxSymref { // a tag may point at the commit
		typ, data, err := r.ReadObject(id)
		if err != nil {
			return ID{}, err
		}
		line, _, _ := bytes.Cut(data, []byte("\n"))
		switch typ {
		case TypeCommit:
			t, ok := bytes.CutPrefix(line, []byte("tree "))
			if !ok {
				return ID{}, fmt.Errorf("gitstore: commit %s has no tree", id)
			}
			return ParseID(string(t))
		case TypeTag:
			t, ok := bytes.CutPrefix(line, []byte("object "))
			if !ok {
				return ID{}, fmt.Errorf("gitstore: tag %s has no object", id)
			}
			if id, err = ParseID(string(t)); err != nil {
				return ID{}, err
			}
		default:
			return ID{}, fmt.Errorf("gitstore: HEAD points at a non-commit %s", id)
		}
	}
	return ID{}, errors.New("gitstore: tags nested too deep")
}
