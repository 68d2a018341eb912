package connector

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
)

// fuzzBase is the ok-1-1-agent exchange, read once.
type fuzzBase struct {
	manifest                   *Manifest
	request, snapshot, state   []byte
	result                     []byte
	reqPath, resPath, snapPath string
	statePath                  string
}

const fuzzBox = ".connector-drops/acme-research-agent/"

func loadFuzzBase(f testing.TB) *fuzzBase {
	dir := filepath.Join(exchangeFixtures, "ok-1-1-agent")
	read := func(rel string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	const task = "t-3f9c2a7e51d04b88"
	b := &fuzzBase{
		reqPath: fuzzBox + task + ".request.json", resPath: fuzzBox + task + ".result.json",
		snapPath: fuzzBox + task + ".snapshot.json", statePath: fuzzBox + stateDir + task + ".state.json",
	}
	b.request, b.result, b.snapshot, b.state = read(b.reqPath), read(b.resPath), read(b.snapPath), read(b.statePath)
	m, ds := ParseManifest("connectors/research-agent.json", read("connectors/research-agent.json"))
	if len(ds) > 0 {
		f.Fatal(ds)
	}
	b.manifest = m
	return b
}

// exchange builds the base exchange with some files replaced.
func (b *fuzzBase) exchange(request, result []byte) *Exchange {
	x := &Exchange{Mailbox: fuzzBox, Manifest: b.manifest, TaskID: "t-3f9c2a7e51d04b88",
		Snapshot: &File{Path: b.snapPath, Src: b.snapshot}, State: &File{Path: b.statePath, Src: b.state}}
	if request != nil {
		x.Request = &File{Path: b.reqPath, Src: request}
	}
	if result != nil {
		x.Result = &File{Path: b.resPath, Src: result}
	}
	return x
}

func addSeeds(f *testing.F, suffix string) {
	files, _ := filepath.Glob(filepath.Join(exchangeFixtures, "*", ".connector-drops", "*", "*"+suffix))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil && len(src) < 8192 {
			f.Add(src)
		}
	}
}

// checkFindings holds every finding to what the engine and the reports
// rely on.
func checkFindings(t *testing.T, x *Exchange, ds []diag.Diagnostic) {
	t.Helper()
	sizes := map[string]int{}
	for _, file := range x.Files() {
		sizes[file.Path] = len(file.Src)
	}
	for _, d := range ds {
		n, ok := sizes[d.Path]
		if !ok {
			t.Fatalf("%s finding on a file outside the exchange: %s", d.Rule, d.Path)
		}
		if d.Span.Start < 0 || d.Span.End > n || d.Span.Start > d.Span.End {
			t.Fatalf("%s span %+v outside [0,%d]: %s", d.Rule, d.Span, n, d.Message)
		}
		if _, ok := diag.Lookup(d.Rule); !ok || d.Message == "" || d.Severity == diag.SeverityOff {
			t.Fatalf("incomplete finding %+v", d)
		}
		if ms := secrets.Scan(d.Message); len(ms) > 0 {
			t.Fatalf("%s message echoes a %s: %q", d.Rule, ms[0].Family, d.Message)
		}
		if strings.ContainsAny(d.Message, "\r\n") {
			t.Fatalf("%s message spans lines: %q", d.Rule, d.Message)
		}
	}
}

// allExist answers Lstat with a small regular file for every path.
type allExist struct{}

func (allExist) Lstat(rel string) (fs.FileInfo, error) {
	mode := fs.FileMode(0o644)
	if path.Ext(rel) == "" {
		mode = fs.ModeDir | 0o755
	}
	return fakeInfo{rel, fakeEntry{mode: mode, size: 10}}, nil
}

// checkAccepted holds every artifact the checks accept to the contract.
func checkAccepted(t *testing.T, c *Checked) {
	t.Helper()
	for _, p := range c.Artifacts {
		if _, ok := CheckSafePath(p, false); !ok || !allowedExtension(p) {
			t.Fatalf("accepted unsafe artifact %q", p)
		}
		if c.Request == nil || !strings.HasPrefix(p, strings.TrimSuffix(c.Request.DeliverableRoot, "/")+"/") && !underAnOutput(c.Request, p) {
			t.Fatalf("accepted artifact %q outside every root", p)
		}
		if c.Snapshot != nil && c.Snapshot.Lists(p) {
			t.Fatalf("accepted pre-existing artifact %q", p)
		}
	}
}

func underAnOutput(r *Request, p string) bool {
	for _, o := range r.AllowedOutputs {
		if o.DeliverableRoot != "" && strings.HasPrefix(p, strings.TrimSuffix(o.DeliverableRoot, "/")+"/") {
			return true
		}
	}
	return false
}

func FuzzParseRequest(f *testing.F) {
	b := loadFuzzBase(f)
	addSeeds(f, ".request.json")
	env := &Env{FS: allExist{}, Mailboxes: NewMailboxIndex([]*Manifest{b.manifest})}
	f.Fuzz(func(t *testing.T, src []byte) {
		x := b.exchange(src, b.result)
		c := CheckExchange(x, env)
		checkFindings(t, x, c.Diagnostics)
		checkAccepted(t, c)
		ResolveTask(c, nil, time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC))
	})
}

func FuzzParseResult(f *testing.F) {
	b := loadFuzzBase(f)
	addSeeds(f, ".result.json")
	env := &Env{FS: allExist{}, Mailboxes: NewMailboxIndex([]*Manifest{b.manifest})}
	f.Fuzz(func(t *testing.T, src []byte) {
		x := b.exchange(b.request, src)
		c := CheckExchange(x, env)
		checkFindings(t, x, c.Diagnostics)
		checkAccepted(t, c)
		for _, d := range c.Diagnostics {
			if d.Rule == ruleUntrustedDirective.ID || d.Rule == ruleUntrustedAccountingMarker.ID {
				if d.Span.End-d.Span.Start < 2 {
					t.Fatalf("%s spans %+v", d.Rule, d.Span)
				}
			}
		}
		d := ResolveTask(c, nil, time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC))
		if d.Status == StatusCompleted && len(c.ErrorRules()) > 0 {
			t.Fatalf("completed despite %v", c.ErrorRules())
		}
	})
}

// FuzzArtifactPath puts one path, with an on-disk entry of a chosen type
// and size, into a valid result: whatever is accepted must be safe, under
// the root, of an allowed type and within the caps; nothing may panic.
func FuzzArtifactPath(f *testing.F) {
	b := loadFuzzBase(f)
	const root = ".copilot-tracking/research/2026-03-02/"
	for _, p := range []string{root + "note.md", root + "a/b/c/d/e/f.md", root + "../x.md", "C:/x.md", `\\s\x.md`, root + "nul.txt",
		root + "x.md:s", root + "x. /y.md", root + "prior-notes.md", root + "x.exe", root, root + "x.MD", "", root + "é/日本.md"} {
		for _, kind := range []uint8{0, 1, 2, 3} {
			f.Add(p, kind, int64(100))
		}
	}
	f.Add(root+"big.md", uint8(0), int64(maxArtifactBytes+1))
	f.Add(root+"edge.md", uint8(0), int64(maxArtifactBytes))
	f.Fuzz(func(t *testing.T, p string, kind uint8, size int64) {
		modes := [...]fs.FileMode{0o644, fs.ModeSymlink, fs.ModeDir, fs.ModeIrregular | fs.ModeDir}
		entry := fakeEntry{mode: modes[int(kind)%len(modes)], size: max(size, 0)}
		fsys := fakeFS{p: entry}
		if kind >= 4 { // a link on the way instead
			if i := strings.LastIndexByte(p, '/'); i > 0 {
				fsys = fakeFS{p[:i]: {mode: fs.ModeSymlink}, p: {mode: 0o644, size: 1}}
			}
		}
		res := encodeJSON(&ResultFile{SchemaVersion: "1.1", ConnectorID: "acme-research-agent", TaskID: "t-3f9c2a7e51d04b88",
			Role: "researcher", BindingID: "research-agent", Status: StatusCompleted, Narrative: "Wrote the note.",
			Artifacts: []ArtifactEntry{{Path: p}}, CompletedAt: "2026-03-02T09:41:00Z"})
		x := b.exchange(b.request, res)
		c := CheckExchange(x, &Env{FS: fsys, Mailboxes: NewMailboxIndex([]*Manifest{b.manifest})})
		checkFindings(t, x, c.Diagnostics)
		checkAccepted(t, c)
		if len(c.Artifacts) == 0 {
			return
		}
		info, err := StatNoFollow(fsys, p)
		if err != nil || !info.Mode().IsRegular() || info.Size() > maxArtifactBytes {
			t.Fatalf("accepted %q: %v %v", p, info, err)
		}
		if depth := strings.Count(strings.TrimPrefix(p, root), "/"); depth > maxArtifactDepth {
			t.Fatalf("accepted %q at depth %d", p, depth)
		}
	})
}
