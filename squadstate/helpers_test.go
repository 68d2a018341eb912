package squadstate

import (
	"reflect"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

func TestQuoteHelpers(t *testing.T) {
	if got := quote("abc"); got != `"abc"` {
		t.Errorf("quote(abc) = %s", got)
	}
	for in, want := range map[string]string{"``": "", "` a `": "a", "`": "`", "a`": "a`", " x ": "x"} {
		if got := unbacktick(in); got != want {
			t.Errorf("unbacktick(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]bool{"a": true, "z": true, "0": true, "9": true, "a-z0": true, "-a": false, "": false, "A": false, "a_b": false, "{": false, "/": false, "`": false, ":": false} {
		if got := isRoleID(in); got != want {
			t.Errorf("isRoleID(%q) = %v", in, got)
		}
	}
	for in, want := range map[string]string{"z0": "z0", "Squad Lead": "squad-lead", "  a--b  ": "a-b", "a`{/:b": "a-b", "09az": "09az"} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDocHead(t *testing.T) {
	tests := []struct {
		src        string
		start, end int
	}{
		{"abc\r\nx", 0, 3},
		{"ab\nc", 0, 2},
		{"abc", 0, 3},
		{"", 0, 0},
		{"\xEF\xBB\xBF", 3, 3},
		{"\xEF\xBB\xBFab\n", 3, 5},
		{"\xEF\xBBx", 0, 3},
		{"\xEFxx", 0, 3},
		{"x\xBB\xBF", 0, 3},
	}
	for _, tt := range tests {
		if got := (&doc{src: []byte(tt.src)}).head(); got != (diag.Span{Start: tt.start, End: tt.end}) {
			t.Errorf("head of %q = %+v, want %d-%d", tt.src, got, tt.start, tt.end)
		}
	}
}

func TestJSONShape(t *testing.T) {
	fields := []field{
		{name: "n", kind: source.KindNumber, check: nonNegativeInt},
		{name: "at", kind: source.KindString, optional: true, check: isoTime},
		{name: "o", kind: source.KindObject, optional: true, fields: []field{{name: "k", kind: source.KindString}}},
	}
	tests := []struct {
		json string
		want []string
	}{
		{`{"n": 0}`, nil},
		{`{"n": 5, "at": ""}`, nil},
		{`{"n": 1, "at": "2026-03-02"}`, nil},
		{`{"n": 1, "at": "2026-03-02T08:00:00Z"}`, nil},
		{`{"n": -1, "at": "soon"}`, []string{"x.n is -1; want an integer ≥ 0", `x.at is "soon"; want an ISO-8601 timestamp`}},
		{`{"n": 1, "extra": 1}`, []string{`x has no member "extra"`}},
		{`{"n": 1, "o": []}`, []string{"x.o is an array; want an object"}},
		{`{"n": 1, "o": {}}`, []string{`x.o has no "k"`}},
		{`[]`, []string{"x is an array; want an object"}},
	}
	for _, tt := range tests {
		c := &checker{}
		v := source.ParseJSON([]byte(tt.json)).Root
		(&shape{c: c, d: &doc{path: "s.json"}, r: ruleLedger}).object(v, "x", fields)
		if len(c.out) != len(tt.want) {
			t.Errorf("%s: %d findings %v, want %q", tt.json, len(c.out), c.out, tt.want)
			continue
		}
		for i, d := range c.out {
			if !strings.Contains(d.Message, tt.want[i]) {
				t.Errorf("%s: finding %q, want %q", tt.json, d.Message, tt.want[i])
			}
		}
	}
}

func TestRoutingHelpers(t *testing.T) {
	if r := parseRouting(&doc{src: []byte("# Routing\n\nno table\n")}); r.table != nil || r.routes() != nil {
		t.Errorf("routing without a table has one")
	}
	var none *routingTable
	if none.routes() != nil {
		t.Errorf("no routing.md has routes")
	}
	ok := parseRouting(&doc{src: []byte(routingTier)})
	if len(ok.routes()) != 1 {
		t.Errorf("canonical routing: %d routes, want 1", len(ok.routes()))
	}
	wrong := parseRouting(&doc{src: []byte("| Pattern | Role(s) |\n|---|---|\n| a | b |\n")})
	if wrong.routes() != nil {
		t.Errorf("a wrong routing header yields routes")
	}
	src := []byte("| a | lead, `dev` (optional) ,— |")
	cell := source.Cell{Span: diag.Span{Start: 6, End: len(src) - 2}}
	var got []string
	for _, r := range routeRoles(cell, src) {
		got = append(got, r.text+"@"+string(src[r.span.Start:r.span.End]))
	}
	if want := []string{"lead@lead", "dev@`dev` (optional)"}; !reflect.DeepEqual(got, want) {
		t.Errorf("routeRoles = %q, want %q", got, want)
	}
	last := []byte("| a | lead,dev |")
	if rs := routeRoles(source.Cell{Span: diag.Span{Start: 6, End: 14}}, last); len(rs) != 2 || rs[1].text != "dev" {
		t.Errorf("routeRoles(lead,dev) = %+v", rs)
	}
}

func TestStateTurn(t *testing.T) {
	var none *stateFile
	if _, ok := none.turn(); ok {
		t.Errorf("no state.json has a turn")
	}
	if _, ok := parseState(&doc{src: []byte("[1]")}).turn(); ok {
		t.Errorf("a non-object state.json has a turn")
	}
	if n, ok := parseState(&doc{src: []byte(`{"turn": 7}`)}).turn(); !ok || n != 7 {
		t.Errorf("turn = %d, %v", n, ok)
	}
}

func TestDecisionLogEntries(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"## a\n### b\n#### c\n", []string{"a", "b"}},
		{"## before\n## mid\n# Decisions\n## after\n", []string{"after"}},
		{"# Decisions\n## old\n<!-- Append new decision entries below this line. -->\n## new\n", []string{"new"}},
	}
	for _, tt := range tests {
		var got []string
		for _, h := range parseDecisionLog(&doc{src: []byte(tt.src)}).entries {
			got = append(got, h.Text)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("entries of %q = %q, want %q", tt.src, got, tt.want)
		}
	}
}
