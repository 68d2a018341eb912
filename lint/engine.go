// Package lint is the engine: it discovers a repository's files, runs every
// domain's checks in parallel, applies configuration and returns one sorted
// stream of findings. It knows no output format and no GitHub.
package lint

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

// Options configure one lint run.
type Options struct {
	Files   Files   // where to read; required
	Config  *Config // nil means an empty config
	Targets []string
	// Targets narrow what is reported: root-relative paths of files, or of
	// directories ending in "/". Empty means everything. Cross-file rules
	// still see the whole root.
	Named bool
	// Named says the targets were named by the user (command-line
	// arguments), not listed for them (the staged paths of a hook run): a
	// named file that no check reads gets a note saying so, while a listed
	// one is filtered like discovery, silently.
	Disable []string // rule ids or names forced off
	Enable  []string // rule ids or names forced on at their default severity
	Workers int      // 0 means GOMAXPROCS
	// Memo shares per-file work with other lints given the same memo
	// (--new-from-rev: the work tree's and the revision's); nil shares none.
	Memo *Memo
}

// Result is a finished run.
type Result struct {
	Run      report.Run
	Internal bool // a check failed internally: exit 3
	// Listed is every file the run listed (root-relative, sorted, before
	// paths.exclude), in a run of the whole root; nil in a narrowed run.
	Listed []string
}

// Lint runs every check over the repository and returns sorted findings.
func Lint(ctx context.Context, opts Options) (*Result, error) {
	if opts.Config == nil {
		opts.Config = &Config{}
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	disable, enable, err := ruleSet(opts.Disable), ruleSet(opts.Enable), error(nil)
	for _, list := range [][]string{opts.Disable, opts.Enable} {
		for _, id := range list {
			if _, ok := diag.Lookup(id); !ok {
				err = fmt.Errorf("unknown rule %q (run `squadci rules` for the list)", id)
			}
		}
	}
	if err != nil {
		return nil, &ConfigError{Path: "command line", Message: err.Error()}
	}
	s := &session{opts: opts, files: opts.Files, srcs: map[string][]byte{}, read: map[string]bool{}}
	if err := s.check(ctx); err != nil {
		return nil, err
	}
	s.noteUnchecked()
	return s.result(disable, enable), nil
}

// narrowed reports whether targets limit the run: then only the context
// each phase needs is listed, not the whole tree.
func (s *session) narrowed() bool { return len(s.opts.Targets) > 0 }

// list returns the candidate files under the given directories ("dir/")
// for a phase (nil means everywhere), config excludes applied, sorted.
// Targets are always included: naming a file lints it even when git ignores
// it. In a full run the tree is listed once and filtered.
func (s *session) list(ctx context.Context, under []string) ([]string, error) {
	var paths []string
	if s.narrowed() {
		scope := under
		if scope != nil {
			scope = append(append([]string(nil), under...), s.opts.Targets...)
		}
		var err error
		if paths, err = s.files.List(ctx, scope); err != nil {
			return nil, fmt.Errorf("listing files: %w", err)
		}
	} else {
		if s.all == nil {
			all, err := s.files.List(ctx, nil)
			if err != nil {
				return nil, fmt.Errorf("listing files: %w", err)
			}
			s.all = append(all[:0:0], all...)
			sort.Strings(s.all)
		}
		scope := newPathScope(under)
		for _, p := range s.all {
			if under == nil || scope.has(p) {
				paths = append(paths, p)
			}
		}
	}
	paths = excludeAll(s.opts.Config.Exclude, paths)
	sort.Strings(paths)
	return compactSorted(paths), nil
}

// listAnywhere returns the files of a kind that may sit anywhere in the
// tree (agent files, skills): every listed file that keep accepts and
// whose findings are reported. A narrowed run lists only the targets.
func (s *session) listAnywhere(ctx context.Context, keep func(string) bool) ([]string, error) {
	var scope []string // anywhere
	if s.narrowed() {
		scope = []string{} // only the targets
	}
	listed, err := s.list(ctx, scope)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, p := range listed {
		if s.reported(p) && keep(p) {
			files = append(files, p)
		}
	}
	return files, nil
}

// PathUnder reports whether p is one of the files, or below one of the
// directories ("dir/"), in list.
func PathUnder(list []string, p string) bool {
	for _, u := range list {
		if p == u || u == "./" || (strings.HasSuffix(u, "/") && strings.HasPrefix(p, u)) {
			return true
		}
	}
	return false
}

// pathScope answers PathUnder for many paths against one list in time
// proportional to a path's depth, not the list's length: a whole-repo lint
// of 2,000 manifests tests every file against 2,000 mailboxes.
type pathScope struct {
	all   bool            // the list holds "./"
	exact map[string]bool // every entry
	dirs  map[string]bool // the entries that are directories ("dir/")
}

func newPathScope(list []string) pathScope {
	sc := pathScope{exact: make(map[string]bool, len(list)), dirs: map[string]bool{}}
	for _, u := range list {
		sc.all = sc.all || u == "./"
		sc.exact[u] = true
		if strings.HasSuffix(u, "/") {
			sc.dirs[u] = true
		}
	}
	return sc
}

// has is PathUnder(list, p).
func (sc pathScope) has(p string) bool {
	if sc.all || sc.exact[p] {
		return true
	}
	if len(sc.dirs) == 0 {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && sc.dirs[p[:i+1]] {
			return true
		}
	}
	return false
}

func compactSorted(paths []string) []string {
	out := paths[:0]
	for i, p := range paths {
		if i == 0 || p != paths[i-1] {
			out = append(out, p)
		}
	}
	return out
}

func excludeAll(globs, paths []string) []string {
	if len(globs) == 0 {
		return paths
	}
	out := paths[:0:0]
	for _, p := range paths {
		if !matchAny(globs, p) {
			out = append(out, p)
		}
	}
	return out
}

func ruleSet(list []string) map[string]bool {
	m := map[string]bool{}
	for _, id := range list {
		if r, ok := diag.Lookup(id); ok {
			m[r.ID] = true
		}
	}
	return m
}

// session holds one run's shared state. Domain checks append findings and
// sources under mu; everything else is read-only while workers run.
type session struct {
	opts  Options
	files Files
	all   []string // the whole listing, in a full run

	mu       sync.Mutex
	diags    []diag.Diagnostic
	srcs     map[string][]byte
	read     map[string]bool // every file a check read, or tried to
	checked  int
	internal bool
	profiles []report.Profile
	boxes    pathScope // the mailbox directories, whose files are never fixed
}

func (s *session) add(path string, src []byte, ds []diag.Diagnostic) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if src != nil {
		s.srcs[path] = src
	}
	s.diags = append(s.diags, ds...)
}

// parallel runs fn for every index with a bounded pool. A panic in fn
// becomes an internal-error finding on the file named by pathOf(i).
func (s *session) parallel(ctx context.Context, n int, pathOf func(int) string, fn func(int)) {
	if n == 0 {
		return
	}
	workers := min(s.opts.Workers, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				s.guard(pathOf(i), func() { fn(i) })
			}
		}()
	}
	for i := 0; i < n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// guard runs fn and turns a panic into an internal-error finding.
func (s *session) guard(path string, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			s.mu.Lock()
			s.internal = true
			s.diags = append(s.diags, ruleInternal.At(path, diag.Span{}, "internal error while checking this file: %v", r))
			s.mu.Unlock()
		}
	}()
	fn()
}

// load reads one file under its kind's size cap. It returns nil (after
// recording a finding) when the file cannot or must not be read.
func (s *session) load(rel string, limit int64) []byte {
	s.markRead(rel)
	src, err := s.files.Read(rel, limit)
	if err != nil {
		var tooLarge *TooLargeError
		switch {
		case errors.As(err, &tooLarge):
			s.add(rel, nil, []diag.Diagnostic{ruleTooLarge.At(rel, diag.Span{}, "%s", tooLarge.Error())})
		case errors.Is(err, ErrNotRegular):
			s.add(rel, nil, []diag.Diagnostic{ruleUnreadable.At(rel, diag.Span{}, "%s", ErrNotRegular.Error())})
		case errors.Is(err, fs.ErrNotExist):
			// listed but gone: a tracked file deleted from the work tree
		default:
			s.add(rel, nil, []diag.Diagnostic{ruleUnreadable.At(rel, diag.Span{}, "cannot read file: %s", describeOSError(err))})
		}
		return nil
	}
	s.mu.Lock()
	s.checked++
	s.mu.Unlock()
	return src
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// result applies severities and narrowing, resolves positions and sorts.
func (s *session) result(disable, enable map[string]bool) *Result {
	res := &Result{Internal: s.internal, Listed: s.all}
	res.Run.Files = s.checked
	res.Run.Profiles = s.profiles
	shown := s.maskedSources()
	secret := s.secretSpans()
	lines := map[string]*source.Lines{}
	owners := newVendors(s)
	for _, d := range s.diags {
		r, ok := diag.Lookup(d.Rule)
		if !ok {
			continue
		}
		sev := s.opts.Config.FindingSeverity(r, d)
		if enable[r.ID] && sev == diag.SeverityOff {
			sev = r.Severity
		}
		if disable[r.ID] {
			sev = diag.SeverityOff
		}
		if r.ID == ruleInternal.ID {
			sev = diag.SeverityError // an internal error is never hidden
		}
		if sev == diag.SeverityOff || !s.reported(d.Path) {
			continue
		}
		d.Severity = sev
		d.Fix = s.keepFix(r, d, secret[d.Path])
		message, owner := d.Message, (*vendor)(nil)
		if !r.Secret {
			owner = owners.of(d.Path)
			vendorCap(r, &d, owner)
		}
		f := resolve(d, s.srcs[d.Path], shown[d.Path], lines)
		if !r.Secret { // every place of a credential is an exposure of its own
			f.Cause = causeOf(d, message, owner, shown[d.Path])
		}
		s.resolveRelated(&f, lines)
		res.Run.Findings = append(res.Run.Findings, f)
	}
	report.SortFindings(res.Run.Findings)
	report.NumberOccurrences(res.Run.Findings)
	res.Run.Findings = report.GroupCauses(res.Run.Findings)
	return res
}

// causeOf is the key of findings with one cause (report.GroupCauses): the
// rule, severity, message as the check wrote it, the offending text and
// the vendor package. The offending text is the span's, and it counts only
// when the message names it (the unresolved reference, the agent name, the
// key, the value): a span that merely anchors a finding about the whole
// file or about something missing (the front matter's ---, a heading) is
// no cause shared with other files. A finding with a fix of its own file
// (which --fix must see) has none; nor has a credential.
func causeOf(d diag.Diagnostic, message string, owner *vendor, shown []byte) string {
	lo, hi := min(max(d.Span.Start, 0), len(shown)), min(max(d.Span.End, d.Span.Start, 0), len(shown))
	if d.Fix != nil || lo >= hi {
		return ""
	}
	text := strings.Trim(strings.TrimSpace(string(shown[lo:hi])), "\"'`")
	if text == "" || !strings.Contains(message, text) {
		return ""
	}
	pkg := ""
	if owner != nil {
		pkg = owner.key()
	}
	return strings.Join([]string{d.Rule, d.Severity.String(), message, text, pkg}, "\x00")
}

// resolveRelated sets the lines of a finding's related position when its
// file's text is known, so --new-from-rev can tell whether they changed.
func (s *session) resolveRelated(f *report.Finding, cache map[string]*source.Lines) {
	rel := f.Related
	if rel == nil || s.srcs[rel.Path] == nil {
		return
	}
	l := cache[rel.Path]
	if l == nil {
		l = source.NewLines(s.srcs[rel.Path])
		cache[rel.Path] = l
	}
	f.RelatedLine, f.RelatedEndLine = l.Position(rel.Span.Start).Line, l.Position(max(rel.Span.End, rel.Span.Start)).Line
}

// maskedSources returns, per file, the text that outputs may show: the
// source with every span of a Secret rule's finding (whether or not that
// rule is enabled) and every credential-shaped run masked, byte for byte.
func (s *session) maskedSources() map[string][]byte {
	spans := map[string][]secrets.Span{}
	for _, d := range s.diags {
		if r, ok := diag.Lookup(d.Rule); ok && r.Secret {
			spans[d.Path] = append(spans[d.Path], secrets.Span{Start: d.Span.Start, End: d.Span.End})
		}
	}
	shown := make(map[string][]byte, len(s.srcs))
	for _, d := range s.diags {
		if _, done := shown[d.Path]; !done && s.srcs[d.Path] != nil {
			shown[d.Path] = secrets.Mask(s.srcs[d.Path], spans[d.Path])
		}
	}
	return shown
}

// reported reports whether findings on path are in the requested targets.
func (s *session) reported(path string) bool {
	if len(s.opts.Targets) == 0 {
		return true
	}
	for _, t := range s.opts.Targets {
		if t == path || t == "./" || (strings.HasSuffix(t, "/") && strings.HasPrefix(path, t)) {
			return true
		}
	}
	return false
}

// resolve computes positions on the original bytes and takes the gutter
// line from shown, the masked copy of the same length.
func resolve(d diag.Diagnostic, src, shown []byte, cache map[string]*source.Lines) report.Finding {
	f := report.Finding{Diagnostic: d, Line: 1, Column: 1, EndLine: 1, EndColumn: 1}
	if src == nil {
		f.Fingerprint = report.IdentityOf(d, "")
		f.LegacyFingerprint = report.Fingerprint(d.Rule, d.Path, "", "")
		return f
	}
	l := cache[d.Path]
	if l == nil {
		l = source.NewLines(src)
		cache[d.Path] = l
	}
	start, end := l.Position(d.Span.Start), l.Position(max(d.Span.End, d.Span.Start))
	f.Line, f.Column, f.EndLine, f.EndColumn = start.Line, start.Column, end.Line, end.Column
	f.SourceLine = source.NewLines(shown).Text(start.Line)
	lo, hi := min(max(d.Span.Start, 0), len(shown)), min(max(d.Span.End, d.Span.Start, 0), len(shown))
	f.Fingerprint = report.IdentityOf(d, string(shown[lo:hi]))
	f.LegacyFingerprint = report.Fingerprint(d.Rule, d.Path, string(shown[lo:hi]), f.SourceLine)
	return f
}
