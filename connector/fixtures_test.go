package connector

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

var update = flag.Bool("update", false, "rewrite the .out files of the fixtures from the current findings (review them by hand)")

const manifestFixtures = "../testdata/connector/manifest"

// formatFindings renders findings the way the .out files hold them:
// `path:LINE:COL: SEVERITY: MESSAGE [RULE]`, columns in code points, sorted
// by path, position and rule.
func formatFindings(t *testing.T, docs map[string]*source.Document, ds []diag.Diagnostic) []string {
	t.Helper()
	type row struct {
		path      string
		line, col int
		rule, msg string
		text      string
	}
	rows := make([]row, 0, len(ds))
	for _, d := range ds {
		doc, known := docs[d.Path]
		var p source.Position
		switch {
		case !known:
			t.Fatalf("finding for unknown file %q: %+v", d.Path, d)
		case doc == nil: // a file that is not read (a stray in a mailbox): 1:1
			if d.Span != (diag.Span{}) {
				t.Errorf("%s: span %+v in a file that was not read: %s", d.Path, d.Span, d.Message)
			}
			checkMessage(t, d)
			p = source.Position{Line: 1, Column: 1}
		default:
			checkSpan(t, doc, d)
			p = doc.Lines().Position(d.Span.Start)
		}
		rows = append(rows, row{d.Path, p.Line, p.Column, d.Rule, d.Message,
			fmt.Sprintf("%s:%d:%d: %s: %s [%s]", d.Path, p.Line, p.Column, d.Severity, d.Message, d.Rule)})
	}
	slices.SortStableFunc(rows, func(a, b row) int {
		if c := strings.Compare(a.path, b.path); c != 0 {
			return c
		}
		if a.line != b.line {
			return a.line - b.line
		}
		if a.col != b.col {
			return a.col - b.col
		}
		if c := strings.Compare(a.rule, b.rule); c != 0 {
			return c
		}
		return strings.Compare(a.msg, b.msg)
	})
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.text
	}
	return out
}

// checkSpan holds every finding to the invariants the engine relies on.
func checkSpan(t *testing.T, doc *source.Document, d diag.Diagnostic) {
	t.Helper()
	if d.Span.Start < 0 || d.Span.End > len(doc.Src) || d.Span.Start > d.Span.End {
		t.Errorf("%s: span %+v outside [0,%d]: %s", d.Path, d.Span, len(doc.Src), d.Message)
	}
	checkMessage(t, d)
}

// checkMessage holds a finding's rule and message to the report's needs:
// registered, one line, never echoing a credential.
func checkMessage(t *testing.T, d diag.Diagnostic) {
	t.Helper()
	if _, ok := diag.Lookup(d.Rule); !ok {
		t.Errorf("%s: unregistered rule %q", d.Path, d.Rule)
	}
	if ms := secrets.Scan(d.Message); len(ms) > 0 {
		t.Errorf("%s: message echoes credential-shaped text (%s): %s", d.Path, ms[0].Family, d.Rule)
	}
	if strings.ContainsAny(d.Message, "\n\r") {
		t.Errorf("%s: message spans lines: %q", d.Path, d.Message)
	}
}

func fixtureFiles(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(manifestFixtures, dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in %s: %v", dir, err)
	}
	return files
}
