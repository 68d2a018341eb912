package lsp

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// current returns the lint of an open buffer when it judged the buffer's
// present text: positions of an older lint would point at the wrong place.
func (s *server) current(uri string) *fileLint {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil || d.linted == nil || !bytes.Equal(d.linted.text, d.text) {
		return nil
	}
	return d.linted
}

// hover shows the documentation of the rules of the findings at p.
func (s *server) hover(p textDocumentPositionParams) any {
	fl := s.current(p.TextDocument.URI)
	if fl == nil {
		return nil
	}
	off := fl.index.offset(p.Position)
	var parts []string
	seen := map[string]bool{}
	var at *Range
	for _, f := range fl.findings {
		if !covers(fl.index, f, off, p.Position) || seen[f.Rule] {
			continue
		}
		r, ok := diag.Lookup(f.Rule)
		if !ok {
			continue
		}
		seen[f.Rule] = true
		if at == nil {
			rg := fl.index.span(f.Span.Start, f.Span.End)
			at = &rg
		}
		parts = append(parts, ruleDoc(r))
	}
	if len(parts) == 0 {
		return nil
	}
	return hover{Contents: markupContent{Kind: "markdown", Value: strings.Join(parts, "\n\n---\n\n")}, Range: at}
}

// covers reports whether the finding's span holds off; an empty span
// (a finding about the whole file, or a place between characters) covers
// its line.
func covers(x *lineIndex, f report.Finding, off int, p Position) bool {
	if f.Span.End > f.Span.Start {
		return off >= f.Span.Start && off <= f.Span.End
	}
	return x.position(f.Span.Start).Line == p.Line
}

// ruleDoc is a rule's documentation as markdown.
func ruleDoc(r *diag.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s %s** (%s by default)\n\n%s", r.ID, r.Name, r.Severity, r.Short)
	if r.Full != "" && r.Full != r.Short {
		fmt.Fprintf(&b, "\n\n%s", r.Full)
	}
	if r.Help != "" {
		fmt.Fprintf(&b, "\n\n**Repair:** %s", r.Help)
	}
	if r.Fixable && r.Repair != "" {
		fmt.Fprintf(&b, "\n\n**Quick fix:** %s", r.Repair)
	}
	fmt.Fprintf(&b, "\n\n[%s documentation](%s)", r.ID, r.HelpURL())
	return b.String()
}

// codeActions offers the fix of every finding in the range as a quick fix:
// the edits `squadci lint --fix` would make to the buffer.
func (s *server) codeActions(p codeActionParams) any {
	actions := []CodeAction{}
	if len(p.Context.Only) > 0 && !wantsQuickFix(p.Context.Only) {
		return actions
	}
	fl := s.current(p.TextDocument.URI)
	if fl == nil {
		return actions
	}
	lo, hi := fl.index.offset(p.Range.Start), fl.index.offset(p.Range.End)
	for _, f := range fl.findings {
		if f.Fix == nil || f.Span.Start > hi || max(f.Span.End, f.Span.Start) < lo {
			continue
		}
		edits, ok := textEdits(fl, f.Fix)
		if !ok {
			continue
		}
		title := "Fix " + f.Rule + ": " + f.Message
		if r, ok := diag.Lookup(f.Rule); ok {
			title = "Fix " + f.Rule + " (" + r.Name + ")"
		}
		actions = append(actions, CodeAction{
			Title: title, Kind: "quickfix", IsPreferred: true,
			Diagnostics: []Diagnostic{{Range: fl.index.span(f.Span.Start, f.Span.End), Severity: severityOf(f.Severity), Code: f.Rule, Source: "squadci", Message: f.Message}},
			Edit:        &WorkspaceEdit{Changes: map[string][]TextEdit{p.TextDocument.URI: edits}},
		})
	}
	return actions
}

func wantsQuickFix(only []string) bool {
	for _, k := range only {
		if k == "quickfix" || strings.HasPrefix("quickfix", k+".") || k == "" {
			return true
		}
	}
	return false
}

// textEdits converts a fix's byte edits; a fix whose edits fall outside
// the text or overlap is offered nowhere, as --fix skips it.
func textEdits(fl *fileLint, fix *diag.Fix) ([]TextEdit, bool) {
	es := append([]diag.Edit(nil), fix.Edits...)
	sort.Slice(es, func(i, j int) bool { return es[i].Start < es[j].Start })
	out := make([]TextEdit, 0, len(es))
	end := 0
	for _, e := range es {
		if e.Start < end || e.End < e.Start || e.End > len(fl.text) {
			return nil, false
		}
		end = e.End
		out = append(out, TextEdit{Range: fl.index.span(e.Start, e.End), NewText: e.Text})
	}
	return out, len(out) > 0
}
