package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"sort"
	"time"

	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// fileLint is what one lint said about one buffer: its findings, resolved
// against the text the lint saw.
type fileLint struct {
	text     []byte
	index    *lineIndex
	findings []report.Finding
}

// maxRelatedRead caps the read of a file a related location points into.
const maxRelatedRead = 16 << 20

// worker lints r each time it is kicked, until r stops.
func (s *server) worker(r *root) {
	for {
		select {
		case <-r.done:
			return
		case <-r.kick:
		}
		s.lintRootGuarded(r)
	}
}

func (s *server) lintRootGuarded(r *root) {
	defer func() {
		if p := recover(); p != nil {
			s.logf(levelError, "internal error linting %s: %v\n%s", r.dir, p, debug.Stack())
		}
	}()
	s.lintRoot(r)
}

// snapshot is the open buffers of one root at the start of a lint.
type snapshot struct {
	docs    []*document
	texts   []([]byte)
	vers    []int
	buffers map[string][]byte // rel → text
}

func (s *server) snapshot(r *root) snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := snapshot{buffers: map[string][]byte{}}
	for _, uri := range sortedKeys(s.docs) {
		d := s.docs[uri]
		if d.root != r {
			continue
		}
		snap.docs = append(snap.docs, d)
		snap.texts = append(snap.texts, d.text)
		snap.vers = append(snap.vers, d.version)
		snap.buffers[d.rel] = d.text
	}
	return snap
}

// listing returns the root's work tree, listed again when it is older
// than Relist or a watched create or delete made it stale.
func (r *root) listing(relist time.Duration) *lint.DiskFiles {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.files == nil || time.Since(r.listedAt) > relist {
		r.files, r.listedAt = &lint.DiskFiles{Root: r.dir, ListOnce: true}, time.Now()
	}
	return r.files
}

// lintRoot lints the open buffers of r, with the rest of the repository
// read from disk as context, and publishes every buffer's diagnostics.
func (s *server) lintRoot(r *root) {
	snap := s.snapshot(r)
	if len(snap.docs) == 0 {
		return
	}
	files := lint.NewOverlay(r.listing(s.opts.Relist), snap.buffers)
	cfg, err := loadConfig(r.dir, files)
	if err != nil {
		s.configError(snap, err)
		return
	}
	targets := sortedKeys(snap.buffers)
	res, err := lint.Lint(s.ctx, lint.Options{Files: files, Config: cfg, Targets: targets})
	if err != nil {
		var ce *lint.ConfigError
		if errors.As(err, &ce) {
			s.configError(snap, err)
			return
		}
		if s.ctx.Err() == nil {
			s.logf(levelError, "linting %s: %v", r.dir, err)
		}
		return
	}
	byPath := map[string][]report.Finding{}
	for _, f := range ungroup(res.Run.Findings) {
		byPath[f.Path] = append(byPath[f.Path], f)
	}
	texts := &relatedTexts{files: files, root: r.dir, open: map[string]*lineIndex{}, uris: map[string]string{}}
	results := make([]*fileLint, len(snap.docs))
	for i, d := range snap.docs {
		fl := &fileLint{text: snap.texts[i], index: newLineIndex(snap.texts[i]), findings: byPath[d.rel]}
		results[i] = fl
		texts.open[d.rel], texts.uris[d.rel] = fl.index, d.uri
	}
	for i, d := range snap.docs {
		diags := make([]Diagnostic, 0, len(results[i].findings))
		for _, f := range results[i].findings {
			diags = append(diags, toDiagnostic(f, results[i].index, texts))
		}
		s.publish(d, snap.vers[i], results[i], diags)
	}
}

// publish sends d's diagnostics when they are for a new version or
// differ from those last sent, and keeps the lint for hover and code
// actions. A document closed meanwhile gets nothing, nor does any after
// shutdown.
func (s *server) publish(d *document, version int, fl *fileLint, diags []Diagnostic) {
	body, _ := json.Marshal(diags)
	s.mu.Lock()
	if s.shutdown || s.docs[d.uri] != d || d.version < version {
		s.mu.Unlock()
		return
	}
	d.linted = fl
	if d.sent && d.pubVer == version && d.published == string(body) {
		s.mu.Unlock()
		return
	}
	d.sent, d.pubVer, d.published = true, version, string(body)
	s.mu.Unlock()
	v := version
	s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Version: &v, Diagnostics: diags})
}

// clear sends an empty diagnostics list for d.
func (s *server) clear(d *document) {
	s.mu.Lock()
	d.sent, d.published, d.linted = false, "", nil
	s.mu.Unlock()
	s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Diagnostics: []Diagnostic{}})
}

// configError reports a configuration that cannot be read: on the config
// file when it is open, and in the log. The other buffers keep their
// diagnostics until the configuration is readable again.
func (s *server) configError(snap snapshot, err error) {
	s.logf(levelError, "%v", err)
	var ce *lint.ConfigError
	if !errors.As(err, &ce) {
		return
	}
	for i, d := range snap.docs {
		if d.rel != ce.Path && d.path != ce.Path {
			continue
		}
		x := newLineIndex(snap.texts[i])
		at := Position{Line: max(ce.Line-1, 0)}
		end := x.position(x.offset(Position{Line: at.Line, Character: 1 << 30}))
		diags := []Diagnostic{{Range: Range{Start: at, End: end}, Severity: severityError, Source: "squadci", Message: ce.Message}}
		s.publish(d, snap.vers[i], &fileLint{text: snap.texts[i], index: x}, diags)
	}
}

// loadConfig reads the root's configuration, an open buffer of it first.
func loadConfig(dir string, files *lint.Overlay) (*lint.Config, error) {
	name, err := lint.FindConfig(func(rel string) bool {
		if _, ok := files.Buffer(rel); ok {
			return true
		}
		_, err := files.Base.Read(rel, 1)
		var tl *lint.TooLargeError
		return err == nil || errors.As(err, &tl) || errors.Is(err, lint.ErrNotRegular)
	})
	if err != nil {
		return nil, err
	}
	if name == "" {
		return &lint.Config{}, nil
	}
	if b, ok := files.Buffer(name); ok {
		return lint.ParseConfig(name, b)
	}
	return lint.LoadConfig(dir, filepath.Join(dir, filepath.FromSlash(name)))
}

// relatedTexts converts positions in other files: an open buffer's, or a
// file read from disk once per lint.
type relatedTexts struct {
	files *lint.Overlay
	root  string
	open  map[string]*lineIndex
	uris  map[string]string
}

func (t *relatedTexts) location(p diag.Position) Location {
	uri, ok := t.uris[p.Path]
	if !ok {
		uri = fileURI(filepath.Join(t.root, filepath.FromSlash(p.Path)))
		t.uris[p.Path] = uri
	}
	x, ok := t.open[p.Path]
	if !ok {
		if b, err := t.files.Read(p.Path, maxRelatedRead); err == nil {
			x = newLineIndex(b)
		}
		t.open[p.Path] = x
	}
	if x == nil {
		return Location{URI: uri}
	}
	return Location{URI: uri, Range: x.span(p.Span.Start, p.Span.End)}
}

// ungroup returns every member of every grouped finding (one cause found
// in several files) as a finding of its own, whose Also are the places of
// the other members: each open file shows its own, pointing at the rest.
func ungroup(fs []report.Finding) []report.Finding {
	out := make([]report.Finding, 0, len(fs))
	for _, f := range fs {
		if len(f.Others) == 0 {
			out = append(out, f)
			continue
		}
		members := append([]report.Finding{f}, f.Others...)
		for i, m := range members {
			m.Others, m.Also = nil, nil
			for j, o := range members {
				if j != i {
					m.Also = append(m.Also, diag.Position{Path: o.Path, Span: o.Span})
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// toDiagnostic converts a finding placed in the text x indexes.
func toDiagnostic(f report.Finding, x *lineIndex, texts *relatedTexts) Diagnostic {
	d := Diagnostic{Range: x.span(f.Span.Start, f.Span.End), Severity: severityOf(f.Severity), Code: f.Rule, Source: "squadci", Message: f.Message}
	if r, ok := diag.Lookup(f.Rule); ok {
		d.CodeDescription = &codeDescription{Href: r.HelpURL()}
	}
	if f.Related != nil {
		d.RelatedInformation = append(d.RelatedInformation, diagnosticRelatedInformation{Location: texts.location(*f.Related), Message: "the other place this finding is about"})
	}
	also := append([]diag.Position(nil), f.Also...)
	sort.Slice(also, func(i, j int) bool { return also[i].Path < also[j].Path })
	for _, p := range also {
		d.RelatedInformation = append(d.RelatedInformation, diagnosticRelatedInformation{Location: texts.location(p), Message: fmt.Sprintf("the same finding in %s", p.Path)})
	}
	return d
}

func severityOf(s diag.Severity) int {
	switch s {
	case diag.SeverityError:
		return severityError
	case diag.SeverityWarning:
		return severityWarning
	}
	return severityInformation
}
