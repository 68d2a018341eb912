package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// Marshal writes the baseline in the one byte layout of adoption.md
// (version 2): the header line, then one finding object per line in the
// entries' order, LF line endings and a final newline, so the file diffs
// and reviews line by line and is the same on every machine.
func (b *Baseline) Marshal() []byte {
	var buf bytes.Buffer
	buf.WriteString(`{"version": 2, "tool": "squadci",` + "\n")
	if len(b.Entries) == 0 {
		buf.WriteString(` "findings": []}` + "\n")
		return buf.Bytes()
	}
	buf.WriteString(` "findings": [` + "\n")
	for i, e := range b.Entries {
		anchor := ""
		if e.Anchor != "" {
			anchor = `, "anchor": ` + jsonString(e.Anchor)
		}
		fmt.Fprintf(&buf, `  {"rule": %s, "path": %s%s, "fingerprint": %s, "count": %d}`,
			jsonString(e.Rule), jsonString(e.Path), anchor, jsonString(e.Fingerprint), e.Count)
		if i < len(b.Entries)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	buf.WriteString(" ]}\n")
	return buf.Bytes()
}

// jsonString quotes s as JSON without HTML escaping, so paths read as
// they are.
func jsonString(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(buf.String(), "\n")
}

// ParseBaseline validates a baseline file's bytes. The file is closed:
// an unknown key, a wrong type, a repeated entry is an error with its
// line and column, never a baseline that silently matches less.
func ParseBaseline(display string, src []byte) (*Baseline, error) {
	doc := source.ParseJSON(src)
	p := &baselineParser{display: display, doc: doc}
	if len(doc.Problems) > 0 {
		pr := doc.Problems[0]
		return nil, p.errAt(pr.Span.Start, "invalid JSON: %s", pr.Message)
	}
	b := &Baseline{Path: display}
	root := doc.Root
	if root.Kind != source.KindObject {
		return nil, p.errAt(root.Span.Start, "a baseline is a JSON object, not %s", root.Kind)
	}
	if err := p.closed(root, "the baseline", "version", "tool", "findings"); err != nil {
		return nil, err
	}
	switch v := root.Get("version"); {
	case v != nil && v.Kind == source.KindNumber && v.Str == "2":
		b.Version = 2
	case v != nil && v.Kind == source.KindNumber && v.Str == "1":
		b.Version = 1 // matched on the version 1 fingerprints (Baseline.Note)
	default:
		return nil, p.errAt(spanStart(v, root), `"version" must be 2 (or 1, the older format squadci still reads)`)
	}
	if v := root.Get("tool"); v == nil || v.Kind != source.KindString || v.Str != "squadci" {
		return nil, p.errAt(spanStart(v, root), `"tool" must be "squadci"`)
	}
	list := root.Get("findings")
	if list == nil || list.Kind != source.KindArray {
		return nil, p.errAt(spanStart(list, root), `"findings" must be an array of finding objects`)
	}
	seen := map[baselineKey]*source.Value{}
	for i, v := range list.Elems {
		e, err := p.entry(i, v, b.Version)
		if err != nil {
			return nil, err
		}
		k := baselineKey{e.Rule, e.Path, e.Fingerprint}
		if first, dup := seen[k]; dup {
			return nil, p.errAt(v.Span.Start, "findings[%d] repeats the entry at line %d (same rule, path and fingerprint); "+
				"keep one with the sum of the counts, or rerun --write-baseline", i, doc.Lines().Position(first.Span.Start).Line)
		}
		seen[k] = v
		b.Entries = append(b.Entries, e)
	}
	return b, nil
}

type baselineParser struct {
	display string
	doc     *source.Document
}

func (p *baselineParser) errAt(off int, format string, args ...any) error {
	pos := p.doc.Lines().Position(off)
	return &ConfigError{Path: p.display, Line: pos.Line, Column: pos.Column, Message: fmt.Sprintf(format, args...)}
}

// closed fails on the first member of obj outside allowed.
func (p *baselineParser) closed(obj *source.Value, what string, allowed ...string) error {
	for _, m := range obj.Members {
		if !contains(allowed, m.Key) {
			return p.errAt(m.KeySpan.Start, "unknown key %q in %s; allowed: %s%s", m.Key, what,
				strings.Join(allowed, ", "), diag.DidYouMean(m.Key, allowed))
		}
	}
	return nil
}

// entry reads findings[i].
func (p *baselineParser) entry(i int, v *source.Value, version int) (BaselineEntry, error) {
	what := fmt.Sprintf("findings[%d]", i)
	if v.Kind != source.KindObject {
		return BaselineEntry{}, p.errAt(v.Span.Start, "%s must be an object {rule, path, fingerprint, count}, not %s", what, v.Kind)
	}
	keys := []string{"rule", "path", "fingerprint", "count"}
	if version >= 2 {
		keys = []string{"rule", "path", "anchor", "fingerprint", "count"}
	}
	if err := p.closed(v, what, keys...); err != nil {
		return BaselineEntry{}, err
	}
	var e BaselineEntry
	if a := v.Get("anchor"); a != nil {
		if a.Kind != source.KindString || a.Str == "" {
			return e, p.errAt(a.Span.Start, "%s.anchor must be a non-empty string", what)
		}
		e.Anchor = a.Str
	}
	for _, f := range []struct {
		key string
		to  *string
	}{{"rule", &e.Rule}, {"path", &e.Path}, {"fingerprint", &e.Fingerprint}} {
		m := v.Get(f.key)
		if m == nil || m.Kind != source.KindString || m.Str == "" {
			return e, p.errAt(spanStart(m, v), "%s.%s must be a non-empty string", what, f.key)
		}
		*f.to = m.Str
	}
	if fp := v.Get("fingerprint"); !isFingerprint(e.Fingerprint) {
		return e, p.errAt(fp.Span.Start, "%s.fingerprint %q is not a squadci fingerprint (32 lower-case hex digits)", what, e.Fingerprint)
	}
	n, ok := v.Get("count").Int()
	if !ok || n < 1 || n > 1<<31 {
		return e, p.errAt(spanStart(v.Get("count"), v), "%s.count must be a positive whole number", what)
	}
	e.Count = int(n)
	return e, nil
}

// spanStart is where a member is, or where its object starts when the
// member is missing.
func spanStart(v, parent *source.Value) int {
	if v != nil {
		return v.Span.Start
	}
	return parent.Span.Start
}

func isFingerprint(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
