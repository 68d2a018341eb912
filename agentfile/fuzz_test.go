package agentfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

// addSeeds adds every fixture and corpus file as a fuzz seed.
func addSeeds(f *testing.F, transform func([]byte) []byte) {
	f.Helper()
	for _, glob := range []string{
		"../testdata/agentfile/parse/*.md", "../testdata/agentfile/export/*.md",
		"../testdata/agentfile/lint/err/*.md", "../testdata/agentfile/lint/ok/*.md",
		"../testdata/realworld/*/*.md", "../testdata/realworld/.github/agents/*.md",
	} {
		files, _ := filepath.Glob(glob)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
				f.Add(transform(b))
			}
		}
	}
	f.Add(transform([]byte(greeter)))
	f.Add(transform([]byte(reviewer)))
}

// checkInvariants holds Parse and Check to their contract on any input:
// no panic; a typed refusal with a 1-based position inside the file and no
// library words; findings inside the file; and the first error Check
// records is exactly Parse's refusal.
func checkInvariants(t *testing.T, name string, src []byte) {
	a, err := Parse(name, src)
	c := newChecker(name, src, false)
	c.run()
	var firstErr *finding
	for i := range c.out {
		if c.out[i].rule.Severity == diag.SeverityError {
			firstErr = &c.out[i]
			break
		}
	}
	switch {
	case err == nil && a == nil:
		t.Fatal("Parse returned neither an Agent nor an error")
	case err == nil:
		if firstErr != nil {
			t.Fatalf("Parse accepted what Check refuses: %s %s", firstErr.rule.ID, firstErr.msg)
		}
		if a.Revision != Revision(src) {
			t.Fatal("revision does not hash the original bytes")
		}
		if !utf8.ValidString(a.Instructions) || strings.Contains(a.Instructions, "\r\n") {
			t.Fatal("instructions are not LF-normalised UTF-8")
		}
	default:
		var e *Error
		if a != nil || !errors.As(err, &e) {
			t.Fatalf("Parse = %v, %T", a, err)
		}
		if e.Line < 1 || e.Column < 1 || e.Message == "" || strings.Contains(e.Message, "yaml:") {
			t.Fatalf("bad refusal: %#v", e)
		}
		if firstErr == nil {
			t.Fatalf("Check does not refuse what Parse refuses: %v", err)
		}
		if got := c.asError(*firstErr); *got != *e {
			t.Fatalf("first refusals differ:\n Parse %#v\n Check %#v", e, got)
		}
	}
	for _, d := range Check(name, src) {
		if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
			t.Fatalf("span %+v outside the file (%d bytes): %s", d.Span, len(src), d.Message)
		}
		if strings.ContainsAny(d.Message, "\r\n") {
			t.Fatalf("multi-line message %q", d.Message)
		}
	}
}

func FuzzParse(f *testing.F) {
	addSeeds(f, func(b []byte) []byte { return b })
	f.Add([]byte("\ufeff---\r\nname: x\r\n---\r\n"))
	f.Add([]byte("# A\n\n## Identity\n- **ID:** a\n```\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkInvariants(t, "fuzz.agent.md", src)
		checkInvariants(t, ".squad/agents/fuzz/charter.md", src)
	})
}

// FuzzFrontmatter fuzzes the frontmatter walker and the host checks: the
// input is the YAML between the delimiters.
func FuzzFrontmatter(f *testing.F) {
	addSeeds(f, func(b []byte) []byte {
		s := string(b)
		if rest, ok := strings.CutPrefix(s, "---\n"); ok {
			if i := strings.Index(rest, "\n---"); i >= 0 {
				return []byte(rest[:i])
			}
		}
		return []byte("description: d\ntools: [read]\n")
	})
	f.Add([]byte("handoffs:\n  - {label: a, agent: b, prompt: c, send: yes}\nmcp-servers: {s: {env: {K: $X}}}\n"))
	f.Add([]byte("a: &x [1, *x]\n<<: {b: 1}\n!t c: d\n? [e]\n: f\n"))
	f.Fuzz(func(t *testing.T, yaml []byte) {
		src := append(append([]byte("---\n"), yaml...), "\n---\nDo the task.\n"...)
		checkInvariants(t, "fuzz.agent.md", src)
		r := Inspect("fuzz.agent.md", src)
		known := map[string]bool{}
		r.UnresolvedHandoffs(func(n string) bool { return known[n] }, r.Names)
		AgentNames("fuzz.agent.md", src)
		IsCharter(src)
	})
}
