package lsp

import (
	"errors"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/squadci/squadci/lint"
)

// document is one open buffer.
type document struct {
	uri     string
	path    string // absolute, cleaned; "" for a URI that is no file
	version int
	text    []byte
	root    *root  // nil: outside every workspace folder
	rel     string // root-relative, '/' separated

	// What the last lint said about this buffer, with the text it saw.
	linted    *fileLint
	published string // the diagnostics last sent, as JSON
	pubVer    int    // the version they were sent for
	sent      bool
}

// root is one workspace folder, linted as its own repository. Its worker
// lints whenever kicked; changes kick it through a debounce timer.
type root struct {
	dir  string
	kick chan struct{}
	done chan struct{}

	mu       sync.Mutex // guards the fields below
	timer    *time.Timer
	files    *lint.DiskFiles
	listedAt time.Time
	stopped  bool
}

// addRootLocked adds a workspace folder (s.mu held). A URI that is not a
// local directory is logged and skipped.
func (s *server) addRootLocked(uri string) {
	dir, err := uriPath(uri)
	if err != nil {
		s.logf(levelWarning, "workspace folder %q skipped: %v", uri, err)
		return
	}
	for _, r := range s.roots {
		if r.dir == dir {
			return
		}
	}
	r := &root{dir: dir, kick: make(chan struct{}, 1), done: make(chan struct{})}
	s.roots = append(s.roots, r)
	// The deepest folder first: a repository inside another one's folder
	// owns its files.
	sort.Slice(s.roots, func(i, j int) bool { return len(s.roots[i].dir) > len(s.roots[j].dir) })
	go s.worker(r)
}

// assignLocked gives every open document its root again (s.mu held) and
// returns those that left every root: their diagnostics are to be cleared,
// once s.mu is released.
func (s *server) assignLocked() (gone []*document) {
	for _, d := range s.docs {
		old := d.root
		d.root, d.rel = s.rootOf(d.path)
		if old != d.root {
			if old != nil {
				old.poke(0)
			}
			if d.root != nil {
				d.root.poke(0)
			} else if d.sent {
				gone = append(gone, d)
			}
		}
	}
	return gone
}

// rootOf returns the workspace folder p is in, and p relative to it.
func (s *server) rootOf(p string) (*root, string) {
	if p == "" {
		return nil, ""
	}
	for _, r := range s.roots {
		if rel, err := filepath.Rel(r.dir, p); err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return r, filepath.ToSlash(rel)
		}
	}
	return nil, ""
}

func (s *server) didChangeFolders(p didChangeWorkspaceFoldersParams) {
	s.mu.Lock()
	for _, f := range p.Event.Removed {
		dir, err := uriPath(f.URI)
		if err != nil {
			continue
		}
		for i, r := range s.roots {
			if r.dir == dir {
				s.roots = append(s.roots[:i], s.roots[i+1:]...)
				r.stop()
				break
			}
		}
	}
	for _, f := range p.Event.Added {
		s.addRootLocked(f.URI)
	}
	gone := s.assignLocked()
	s.mu.Unlock()
	for _, d := range gone {
		s.clear(d)
	}
}

func (s *server) didOpen(p didOpenParams) {
	path, _ := uriPath(p.TextDocument.URI)
	s.mu.Lock()
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	d.root, d.rel = s.rootOf(path)
	s.docs[d.uri] = d
	s.mu.Unlock()
	if d.root != nil {
		d.root.poke(0)
	}
}

func (s *server) didChange(p didChangeParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return errors.New("change of a document that is not open: " + p.TextDocument.URI)
	}
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			d.text = []byte(c.Text)
			continue
		}
		// The server asks for whole texts; a ranged change is applied anyway.
		x := newLineIndex(d.text)
		lo, hi := x.offset(c.Range.Start), x.offset(c.Range.End)
		hi = max(lo, hi)
		text := make([]byte, 0, len(d.text)-(hi-lo)+len(c.Text))
		text = append(append(append(text, d.text[:lo]...), c.Text...), d.text[hi:]...)
		d.text = text
	}
	d.version = p.TextDocument.Version
	r := d.root
	s.mu.Unlock()
	if r != nil {
		r.poke(s.opts.Debounce)
	}
	return nil
}

func (s *server) didSave(p didSaveParams) {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	var r *root
	if d != nil {
		if p.Text != nil {
			d.text = []byte(*p.Text)
		}
		r = d.root
	} else if path, err := uriPath(p.TextDocument.URI); err == nil {
		r, _ = s.rootOf(path)
	}
	s.mu.Unlock()
	if r != nil {
		r.poke(0)
	}
}

func (s *server) didClose(p didCloseParams) {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	if d == nil {
		return
	}
	if d.sent {
		s.clear(d)
	}
	if d.root != nil {
		// The file is read from disk again: other buffers' findings may change.
		d.root.poke(s.opts.Debounce)
	}
}

// didChangeWatchedFiles relists a root whose files were created or
// deleted and lints its buffers again: a config file, or any file the
// cross-file rules read, may have changed under them.
func (s *server) didChangeWatchedFiles(p didChangeWatchedFilesParams) {
	s.mu.Lock()
	poked := map[*root]bool{}
	for _, c := range p.Changes {
		path, err := uriPath(c.URI)
		if err != nil {
			continue
		}
		r, _ := s.rootOf(path)
		if r == nil {
			continue
		}
		if c.Type == 1 || c.Type == 3 {
			r.mu.Lock()
			r.files = nil
			r.mu.Unlock()
		}
		poked[r] = true
	}
	s.mu.Unlock()
	for r := range poked {
		r.poke(s.opts.Debounce)
	}
}

// poke schedules a lint after wait (0: now); a pending timer starts its
// wait again, so a burst of changes is linted once, after the last.
func (r *root) poke(wait time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	if wait <= 0 {
		if r.timer != nil {
			r.timer.Stop()
		}
		r.signal()
		return
	}
	if r.timer == nil {
		r.timer = time.AfterFunc(wait, func() {
			r.mu.Lock()
			defer r.mu.Unlock()
			if !r.stopped {
				r.signal()
			}
		})
		return
	}
	r.timer.Reset(wait)
}

// signal kicks the worker without blocking (r.mu held): one pending kick
// covers every change made before the worker takes its snapshot.
func (r *root) signal() {
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

func (r *root) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	r.stopped = true
	if r.timer != nil {
		r.timer.Stop()
	}
	close(r.done)
}

// stopRoots stops every worker (at shutdown and exit).
func (s *server) stopRoots() {
	s.mu.Lock()
	roots := append([]*root(nil), s.roots...)
	s.mu.Unlock()
	for _, r := range roots {
		r.stop()
	}
}

// fileURI is the file URI of an absolute path.
func fileURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}

// uriPath is the absolute, cleaned path of a file URI.
func uriPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", errors.New("not a URI")
	}
	if u.Scheme != "file" {
		return "", errors.New("not a file URI")
	}
	if u.Host != "" && u.Host != "localhost" {
		return "", errors.New("a file URI of another host")
	}
	p := filepath.FromSlash(u.Path)
	if !filepath.IsAbs(p) {
		return "", errors.New("not an absolute path")
	}
	return filepath.Clean(p), nil
}
