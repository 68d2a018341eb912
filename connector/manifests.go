package connector

import (
	"fmt"
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// CheckManifests runs the rules that compare the manifests of one
// repository with each other. Findings go to the later manifest of each
// pair in path order, so the result does not depend on the order of ms.
// Nil entries are ignored.
func CheckManifests(ms []*Manifest) []diag.Diagnostic {
	sorted := make([]*Manifest, 0, len(ms))
	for _, m := range ms {
		if m != nil && m.Doc != nil && m.Doc.Root != nil {
			sorted = append(sorted, m)
		}
	}
	slices.SortStableFunc(sorted, func(a, b *Manifest) int { return strings.Compare(a.Path, b.Path) })
	var out []diag.Diagnostic
	out = checkDuplicateConnectorIDs(sorted, out)
	out = checkDropPathOverlap(sorted, out)
	return out
}

// member returns m's well-typed string member name, or nil.
func (m *Manifest) member(name string) *source.Value {
	v := m.Doc.Root.Get(name)
	if v == nil || v.Kind != source.KindString {
		return nil
	}
	return v
}

// where is "path at line:L,col:C" for a value of m, for messages naming the
// other manifest of a pair.
func (m *Manifest) where(v *source.Value) string {
	p := m.Doc.Lines().Position(v.Span.Start)
	return fmt.Sprintf("%s at line:%d,col:%d", m.Path, p.Line, p.Column)
}

// q quotes one of m's values for a message, redacted when credential-shaped.
func (m *Manifest) q(v *source.Value) string { return m.file.quote(v.Str, v.Span) }
