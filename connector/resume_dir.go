package connector

import (
	"path"
	"strings"
	"sync"
)

// Resume and Poll read every task's four files, some twice. Rather than
// walking each path from the root again (an Lstat per component, as
// ReadFS.ReadFile must), they open each mailbox directory and its
// .squad-connector/ once per run — checked component by component with
// StatNoFollow and opened without following a link — and read the files
// relative to it, refusing a final symlink or special file. Where that is
// not available (dirReader's fallback) they read through the ReadFS.

// dirReader reads the regular files of one directory.
type dirReader interface {
	// readFile returns the bytes of the file name in the directory, with
	// ReadFS.ReadFile's errors: fs.ErrNotExist, ErrLink, *FileTooLargeError.
	readFile(name string, limit int64) ([]byte, error)
	close()
}

// dirReaders opens each directory once and shares it between goroutines.
type dirReaders struct {
	root string
	fsys ReadFS
	mu   sync.Mutex
	dirs map[string]dirReader
	real map[string]bool // isRealDir's answers
}

func newDirReaders(root string, fsys ReadFS) *dirReaders {
	return &dirReaders{root: root, fsys: fsys, dirs: map[string]dirReader{}, real: map[string]bool{}}
}

// isRealDir reports, once per run, whether dir ("dir/") is a directory
// reached without links: locks and claims are created only in such.
func (r *dirReaders) isRealDir(dir string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	ok, seen := r.real[dir]
	if !seen {
		info, err := StatNoFollow(r.fsys, dir)
		ok = err == nil && info.IsDir()
		r.real[dir] = ok
	}
	return ok
}

// readErrorHook, set by tests, returns the error a read of rel fails
// with instead of reading it (nil to read it): an I/O error such as EIO, or
// EACCES where tests run as root, cannot be provoked otherwise.
var readErrorHook func(rel string) error

// readFile reads the repository-relative file rel.
func (r *dirReaders) readFile(rel string, limit int64) ([]byte, error) {
	if readErrorHook != nil {
		if err := readErrorHook(rel); err != nil {
			return nil, err
		}
	}
	dir, name := path.Split(rel)
	return r.dir(dir).readFile(name, limit)
}

func (r *dirReaders) dir(dir string) dirReader {
	r.mu.Lock()
	defer r.mu.Unlock()
	d, ok := r.dirs[dir]
	if !ok {
		d = openDirReader(r.root, r.fsys, strings.TrimSuffix(dir, "/"))
		r.dirs[dir] = d
	}
	return d
}

func (r *dirReaders) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k, d := range r.dirs {
		d.close()
		delete(r.dirs, k)
	}
}

// fsDirReader reads through a ReadFS: the portable fallback.
type fsDirReader struct {
	fsys ReadFS
	dir  string // "dir/" or ""
}

func (d fsDirReader) readFile(name string, limit int64) ([]byte, error) {
	return d.fsys.ReadFile(d.dir+name, limit)
}

func (fsDirReader) close() {}

// errDirReader is a directory that could not be opened: every read fails
// the way reading through it would have.
type errDirReader struct{ err error }

func (d errDirReader) readFile(string, int64) ([]byte, error) { return nil, d.err }
func (errDirReader) close()                                   {}
