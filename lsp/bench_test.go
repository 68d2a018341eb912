package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/corpus"
	"github.com/squadci/squadci/lint"
)

// benchRepo is a clone of microsoft/hve-core at SQUADCI_BENCH_REPO (or
// /tmp/hvecore) when there is one, else a generated repository.
func benchRepo(b *testing.B) string {
	b.Helper()
	for _, d := range []string{os.Getenv("SQUADCI_BENCH_REPO"), "/tmp/hvecore"} {
		if d == "" {
			continue
		}
		if fi, err := os.Stat(filepath.Join(d, ".git")); err == nil && fi.IsDir() {
			return d
		}
	}
	dir := filepath.Join(b.TempDir(), "repo")
	if _, err := corpus.Generate(dir, 300, 1, nil); err != nil {
		b.Fatal(err)
	}
	if _, err := exec.LookPath("git"); err == nil {
		exec.Command("git", "-C", dir, "init", "-q").Run()
	}
	return dir
}

// benchAgent picks the agent file to edit: the first, in path order, that
// hands off to other agents (its findings are cross-file), else the first.
func benchAgent(b *testing.B, dir string) string {
	b.Helper()
	var agents []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".agent.md") {
			agents = append(agents, p)
		}
		return nil
	})
	if len(agents) == 0 {
		b.Fatalf("no agent file in %s", dir)
	}
	sort.Strings(agents)
	for _, p := range agents {
		if src, err := os.ReadFile(p); err == nil && strings.Contains(string(src), "handoffs:") {
			return p
		}
	}
	return agents[0]
}

// benchClient is a client that keeps nothing but the version of the last
// diagnostics published for one URI, so it holds no memory of its own.
type benchClient struct {
	in       *io.PipeWriter
	versions chan int
	code     chan int
}

func startBench(b *testing.B, uri string) *benchClient {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &benchClient{in: inW, versions: make(chan int, 1024), code: make(chan int, 1)}
	go func() {
		c.code <- Serve(context.Background(), inR, outW, Options{Log: io.Discard})
		outW.Close()
	}()
	go func() {
		r := newReader(outR)
		for {
			m, err := r.read()
			if err != nil {
				close(c.versions)
				io.Copy(io.Discard, outR)
				return
			}
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p publishDiagnosticsParams
			if json.Unmarshal(m.Params, &p) == nil && p.URI == uri && p.Version != nil {
				c.versions <- *p.Version
			}
		}
	}()
	return c
}

func (c *benchClient) send(b *testing.B, method string, id int, params any) {
	m := map[string]any{"jsonrpc": "2.0", "method": method, "params": params}
	if id > 0 {
		m["id"] = id
	}
	body, err := json.Marshal(m)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		b.Fatal(err)
	}
}

// await waits for the diagnostics of version v (or a later one).
func (c *benchClient) await(b *testing.B, v int) {
	timeout := time.After(time.Minute)
	for {
		select {
		case got, ok := <-c.versions:
			if !ok {
				b.Fatal("the server stopped")
			}
			if got >= v {
				return
			}
		case <-timeout:
			b.Fatalf("no diagnostics for version %d", v)
		}
	}
}

func (c *benchClient) edit(b *testing.B, uri string, v int, text string) {
	c.send(b, "textDocument/didChange", 0, map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": v},
		"contentChanges": []any{map[string]any{"text": text}},
	})
}

// editText is the agent file with its body changed for edit i: a line
// appended, or (every third edit) a handoff target renamed, so handoff
// resolution runs against the rest of the repository.
func editText(src string, i int) string {
	if i%3 == 2 {
		if j := strings.Index(src, "agent: "); j >= 0 {
			return src[:j] + fmt.Sprintf("agent: renamed-%d ", i) + src[j+len("agent: "):]
		}
	}
	return src + fmt.Sprintf("\nEdit %d of the body.\n", i)
}

// BenchmarkLSPEdit replays edits to an agent file of a real repository
// (hve-core when cloned, see benchRepo) through the server, with no
// debounce, and measures edit-to-diagnostics latency (ms/op: the time from
// sending a change to receiving its diagnostics), beside a full lint of
// the repository in the same run (full-lint-ms, and the ratio). The memory
// sub-benchmark makes 10,000 edits (waiting for the diagnostics of every
// 20th) and reports the heap in use before and after, after a GC; it takes
// about 20 s an iteration, so the default -benchtime runs it once:
//
//	go test ./lsp -run '^$' -bench LSPEdit
func BenchmarkLSPEdit(b *testing.B) {
	dir := benchRepo(b)
	path := benchAgent(b, dir)
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	uri := fileURI(path)
	b.Logf("editing %s", path)
	setup := func(b *testing.B) *benchClient {
		c := startBench(b, uri)
		c.send(b, "initialize", 1, map[string]any{"processId": nil, "rootUri": fileURI(dir), "capabilities": map[string]any{}})
		c.send(b, "initialized", 0, map[string]any{})
		c.send(b, "textDocument/didOpen", 0, map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "markdown", "version": 1, "text": string(src)}})
		c.await(b, 1)
		return c
	}
	stop := func(b *testing.B, c *benchClient) {
		c.send(b, "shutdown", 2, nil)
		c.send(b, "exit", 0, nil)
		if code := <-c.code; code != 0 {
			b.Errorf("exit code %d", code)
		}
	}
	b.Run("edit", func(b *testing.B) {
		c := setup(b)
		defer stop(b, c)
		var full time.Duration
		fulls := 0
		v := 1
		b.ResetTimer()
		start := time.Now()
		for i := range b.N {
			v++
			c.edit(b, uri, v, editText(string(src), i))
			c.await(b, v)
			if i < 5 {
				b.StopTimer()
				t0 := time.Now()
				if _, err := lint.Lint(context.Background(), lint.Options{Files: &lint.DiskFiles{Root: dir}}); err != nil {
					b.Fatal(err)
				}
				full += time.Since(t0)
				fulls++
				b.StartTimer()
			}
		}
		elapsed := time.Since(start) - full
		perEdit := float64(elapsed.Microseconds()) / 1000 / float64(b.N)
		perFull := float64(full.Microseconds()) / 1000 / float64(fulls)
		b.ReportMetric(perEdit, "ms/op")
		b.ReportMetric(perFull, "full-lint-ms")
		b.ReportMetric(perEdit/perFull, "edit/full")
	})
	b.Run("memory", func(b *testing.B) {
		for range b.N {
			c := setup(b)
			const edits, every = 10000, 20
			v := 1
			for i := range 100 { // warm up: caches and pools reach their size
				v++
				c.edit(b, uri, v, editText(string(src), i))
				c.await(b, v)
			}
			before := heapInUse()
			for i := range edits {
				v++
				c.edit(b, uri, v, editText(string(src), i))
				if i%every == every-1 || i == edits-1 {
					c.await(b, v)
				}
			}
			after := heapInUse()
			stop(b, c)
			b.ReportMetric(before/(1<<20), "heap-before-MiB")
			b.ReportMetric(after/(1<<20), "heap-after-MiB")
		}
	})
}

func heapInUse() float64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse)
}
