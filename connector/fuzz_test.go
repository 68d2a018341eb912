package connector

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
)

func FuzzParseManifest(f *testing.F) {
	for _, pattern := range []string{"ok/*.json", "err/*.json", "projects/*/connectors/*.json"} {
		files, _ := filepath.Glob(filepath.Join(manifestFixtures, pattern))
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil && len(src) < 4096 {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, ds := ParseManifest("a.json", src)
		var ms []*Manifest
		if m != nil {
			// The same manifest twice exercises every cross-manifest rule.
			twin, _ := ParseManifest("b.json", src)
			ms = []*Manifest{m, twin}
			ds = append(ds, CheckManifests(ms)...)
		}
		for _, d := range ds {
			if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
				t.Fatalf("span %+v outside [0,%d]: %s %s", d.Span, len(src), d.Rule, d.Message)
			}
			if d.Rule == "" || d.Message == "" || d.Severity == diag.SeverityOff {
				t.Fatalf("incomplete finding %+v", d)
			}
			if ms := secrets.Scan(d.Message); len(ms) > 0 {
				t.Fatalf("%s message echoes a %s: %q", d.Rule, ms[0].Family, d.Message)
			}
		}
	})
}

func FuzzCheckSafePath(f *testing.F) {
	for _, s := range []string{".connector-drops/acme/", "a", "../a", "/a", `\\s\x`, "C:/a", "a:b", "a//b", "./a",
		"con.txt/", "a./", "a /", "", "a/", "COM9", "lpt1.x/y", "x/..."} {
		f.Add(s, true)
		f.Add(s, false)
	}
	schema := compileSchema(f, "#/$defs/safeDirPath")
	f.Fuzz(func(t *testing.T, p string, dir bool) {
		if len(p) > 1024 {
			// Nothing in the checks depends on length, and the schema's
			// regexps make long inputs slow to minimise.
			t.Skip()
		}
		reason, ok := CheckSafePath(p, dir)
		if ok != (reason == "") {
			t.Fatalf("CheckSafePath(%q) = %q, %v", p, reason, ok)
		}
		// The published schema's safeDirPath must draw the same line
		// (for strings a JSON file can hold that pass the text rules).
		if dir && utf8.ValidString(p) && text(p) {
			if got := schema.Validate(p) == nil; got != ok {
				t.Fatalf("%q: schema accepts=%v, CheckSafePath ok=%v (%s)", p, got, ok, reason)
			}
		}
		if !ok {
			if len(p) > 4 && strings.Contains(reason, p) {
				t.Fatalf("reason %q repeats the path", reason)
			}
			return
		}
		if strings.ContainsAny(p, `\:`) || strings.HasPrefix(p, "/") || hasSegment(strings.TrimSuffix(p, "/"), "..") {
			t.Fatalf("CheckSafePath accepted %q", p)
		}
		if !PathWithin(p, p) || !PathWithin(p, strings.TrimSuffix(p, "/")+"/x") || PathWithin(p+"x", p) {
			t.Fatalf("PathWithin disagrees with itself on %q", p)
		}
	})
}

func BenchmarkParseManifest(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(manifestFixtures, "ok", "research-agent.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ds := ParseManifest("connectors/research-agent.json", src); len(ds) != 0 {
			b.Fatal(ds)
		}
	}
}
