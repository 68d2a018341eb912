package source

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseJSONSpans(t *testing.T) {
	src := []byte("{\n  \"a\": [1, -2.5e3, true, null],\n  \"名前\": \"値\\n\",\n  \"o\": {\"x~/y\": false}\n}\n")
	d := ParseJSON(src)
	if len(d.Problems) != 0 {
		t.Fatalf("problems: %+v", d.Problems)
	}
	tests := []struct {
		ptr, key, value string
	}{
		{"/a", `"a"`, "[1, -2.5e3, true, null]"},
		{"/a/1", "", "-2.5e3"},
		{"/a/3", "", "null"},
		{"/名前", `"名前"`, `"値\n"`},
		{"/o/x~0~1y", `"x~/y"`, "false"},
	}
	for _, tc := range tests {
		v := d.Lookup(tc.ptr)
		if v == nil {
			t.Fatalf("Lookup(%q) = nil", tc.ptr)
		}
		if got := string(src[v.Span.Start:v.Span.End]); got != tc.value {
			t.Errorf("%s value span = %q, want %q", tc.ptr, got, tc.value)
		}
		if tc.key != "" {
			if got := string(src[v.KeySpan.Start:v.KeySpan.End]); got != tc.key {
				t.Errorf("%s key span = %q, want %q", tc.ptr, got, tc.key)
			}
		}
		if got := v.Pointer(); got != tc.ptr {
			t.Errorf("Pointer() = %q, want %q", got, tc.ptr)
		}
	}
	if v := d.Lookup("/名前"); v.Str != "値\n" {
		t.Errorf("decoded = %q", v.Str)
	}
	pos := d.Lines().Position(d.Lookup("/名前").Span.Start)
	if pos.Line != 3 || pos.Column != 9 {
		t.Errorf("position of value = %d:%d, want 3:9", pos.Line, pos.Column)
	}
}

func TestParseJSONEscapes(t *testing.T) {
	d := ParseJSON([]byte(`"a\u00e9\ud83d\ude00\/\t"`))
	if d.Root == nil || d.Root.Str != "aé😀/\t" {
		t.Fatalf("got %+v %+v", d.Root, d.Problems)
	}
}

func TestParseJSONProblems(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		kinds []ProblemKind
		root  bool
		msg   string
	}{
		{"duplicate", "{\"a\":1,\n \"a\":2,\"a\":3}", []ProblemKind{ProblemDuplicateKey, ProblemDuplicateKey}, true, "first defined at line:1,col:2"},
		{"bom", "\xEF\xBB\xBF{}", []ProblemKind{ProblemBOM}, true, "byte order mark"},
		{"utf8", "{\"a\":\"x\xff\xfey\"}", []ProblemKind{ProblemInvalidUTF8}, true, "0xff"},
		{"trailing", "{} {}", []ProblemKind{ProblemTrailingData}, true, "after the top-level"},
		{"syntax", "{\"a\" 1}", []ProblemKind{ProblemSyntax}, false, `expected ':'`},
		{"trailing comma", "[1,]", []ProblemKind{ProblemSyntax}, false, "expected a value"},
		{"leading zero", "01", []ProblemKind{ProblemSyntax}, false, "leading zeros"},
		{"empty", "  ", []ProblemKind{ProblemSyntax}, false, "empty document"},
		{"raw control", "\"a\x01\"", []ProblemKind{ProblemSyntax}, false, "control characters"},
		{"bad escape", `"\x"`, []ProblemKind{ProblemSyntax}, false, "valid escape"},
		{"eof in string", `"abc`, []ProblemKind{ProblemSyntax}, false, "closing"},
		{"bad literal", `tru`, []ProblemKind{ProblemSyntax}, false, "expected a value"},
		{"nan", `NaN`, []ProblemKind{ProblemSyntax}, false, `found 'N'`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := ParseJSON([]byte(tc.src))
			if len(d.Problems) != len(tc.kinds) {
				t.Fatalf("problems = %+v, want kinds %v", d.Problems, tc.kinds)
			}
			for i, k := range tc.kinds {
				if d.Problems[i].Kind != k {
					t.Errorf("problem %d kind = %d, want %d", i, d.Problems[i].Kind, k)
				}
				s := d.Problems[i].Span
				if s.Start < 0 || s.End > len(tc.src) || s.Start > s.End {
					t.Errorf("span %+v out of range", s)
				}
			}
			if (d.Root != nil) != tc.root {
				t.Errorf("root present = %v, want %v", d.Root != nil, tc.root)
			}
			if !strings.Contains(d.Problems[0].Message, tc.msg) {
				t.Errorf("message %q does not contain %q", d.Problems[0].Message, tc.msg)
			}
		})
	}
}

func TestParseJSONDuplicateSpans(t *testing.T) {
	src := "{\"a\":1,\n \"a\":2}"
	d := ParseJSON([]byte(src))
	p := d.Problems[0]
	if src[p.Span.Start:p.Span.End] != `"a"` || p.Span.Start != 9 || p.First.Start != 1 {
		t.Errorf("duplicate spans = %+v", p)
	}
	if d.Root.Get("a").Str != "1" || len(d.Root.Members) != 1 {
		t.Errorf("first occurrence must win, got %+v", d.Root.Members)
	}
}

func TestParseJSONDeepNesting(t *testing.T) {
	for _, open := range []string{"[", "{\"a\":"} {
		src := bytes.Repeat([]byte(open), 100000)
		d := ParseJSON(src)
		if d.Root != nil || len(d.Problems) != 1 || d.Problems[0].Kind != ProblemTooDeep {
			t.Fatalf("%q: got root=%v problems=%+v", open, d.Root != nil, d.Problems)
		}
	}
	ok := strings.Repeat("[", MaxJSONDepth) + strings.Repeat("]", MaxJSONDepth)
	if d := ParseJSON([]byte(ok)); len(d.Problems) != 0 {
		t.Errorf("depth %d must pass: %+v", MaxJSONDepth, d.Problems)
	}
	over := strings.Repeat("[", MaxJSONDepth+1) + strings.Repeat("]", MaxJSONDepth+1)
	if d := ParseJSON([]byte(over)); len(d.Problems) != 1 || d.Problems[0].Kind != ProblemTooDeep {
		t.Errorf("depth %d must fail: %+v", MaxJSONDepth+1, d.Problems)
	}
}

func TestValueInt(t *testing.T) {
	d := ParseJSON([]byte(`[60, 1.5, -3, 1e2, "7"]`))
	want := []struct {
		n  int64
		ok bool
	}{{60, true}, {0, false}, {-3, true}, {0, false}, {0, false}}
	for i, w := range want {
		n, ok := d.Root.Elems[i].Int()
		if n != w.n || ok != w.ok {
			t.Errorf("elem %d Int() = %d,%v want %d,%v", i, n, ok, w.n, w.ok)
		}
	}
}
