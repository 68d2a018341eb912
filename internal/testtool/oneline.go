package testtool

import (
	"fmt"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

// Oneline renders findings on one file as `path:LINE:COL: SEVERITY:
// MESSAGE [RULE]`, columns in code points as the engine prints them, in the
// order given. It fails the test for what no finding may do: a span
// outside the file, an unregistered rule, a message over several lines or
// one that echoes credential-shaped text.
func Oneline(t testing.TB, path string, src []byte, ds []diag.Diagnostic) []string {
	t.Helper()
	lines := source.NewLines(src)
	out := make([]string, 0, len(ds))
	for _, d := range ds {
		if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
			t.Errorf("%s: span %+v outside [0,%d]: %s", path, d.Span, len(src), d.Message)
		}
		if _, ok := diag.Lookup(d.Rule); !ok {
			t.Errorf("%s: unregistered rule %q", path, d.Rule)
		}
		if ms := secrets.Scan(d.Message); len(ms) > 0 {
			t.Errorf("%s: message echoes credential-shaped text: %s", path, d.Rule)
		}
		if strings.ContainsAny(d.Message, "\n\r") {
			t.Errorf("%s: message spans lines: %q", path, d.Message)
		}
		p := lines.Position(d.Span.Start)
		out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s [%s]", path, p.Line, p.Column, d.Severity, d.Message, d.Rule))
	}
	return out
}
