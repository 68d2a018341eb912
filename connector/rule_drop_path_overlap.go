package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleDropPathOverlap = diag.Register(diag.Rule{
	ID: "CN123", Name: "drop-path-overlap", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Two manifests share or nest their dropPath",
	Full: "Each connector needs a mailbox of its own: a dropPath must not equal, contain or sit inside " +
		"another manifest's, or one adapter would read the other's requests. Paths are compared by whole " +
		"segments after dropping one trailing '/', ignoring ASCII letter case (mailboxes differing only " +
		"in case are one directory on Windows and macOS). Each pair is reported once, at the dropPath of " +
		"the later manifest in path order. Unsafe dropPaths are left to drop-path-unsafe.",
	Help:     `Give every connector its own sibling mailbox, ".connector-drops/<connectorId>/".`,
	Consumer: "Nested or shared mailboxes make one adapter and squadci poll read another connector's requests. Error: tasks go to the wrong endpoint.",
})

// mailbox is one manifest's safe dropPath, normalised for comparison.
type mailbox struct {
	m   *Manifest
	v   *source.Value
	key string // lower-cased, without the trailing '/'
}

func checkDropPathOverlap(ms []*Manifest, out []diag.Diagnostic) []diag.Diagnostic {
	boxes := make([]mailbox, 0, len(ms))
	byKey := make(map[string]int, len(ms)) // first mailbox with each key
	for _, m := range ms {
		v := m.member("dropPath")
		if v == nil {
			continue
		}
		if _, safe := CheckSafePath(v.Str, true); !safe {
			continue
		}
		key := strings.ToLower(strings.TrimSuffix(v.Str, "/"))
		boxes = append(boxes, mailbox{m: m, v: v, key: key})
		if _, seen := byKey[key]; !seen {
			byKey[key] = len(boxes) - 1
		}
	}
	for i, b := range boxes {
		if j := byKey[b.key]; j != i {
			out = append(out, overlap(b, boxes[j], "is the same mailbox as"))
			continue // its nesting is reported for the first of its group
		}
		// Every proper ancestor of b that is some mailbox: report on the later one.
		for k := strings.LastIndexByte(b.key, '/'); k > 0; k = strings.LastIndexByte(b.key[:k], '/') {
			j, ok := byKey[b.key[:k]]
			if !ok {
				continue
			}
			if i > j {
				out = append(out, overlap(b, boxes[j], "sits inside"))
			} else {
				out = append(out, overlap(boxes[j], b, "contains"))
			}
		}
	}
	return out
}

func overlap(at, other mailbox, relation string) diag.Diagnostic {
	d := ruleDropPathOverlap.At(at.m.Path, at.v.Span, "dropPath %s %s the dropPath %s of %s",
		at.m.q(at.v), relation, other.m.q(other.v), other.m.where(other.v))
	d.Related = &diag.Position{Path: other.m.Path, Span: other.v.Span} // the other manifest's mailbox
	return d
}
