package squadstate

import (
	"reflect"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// TestReadBullets checks the "* Key: value" lines an entry yields: keys,
// values after the spaces, the value's span, and the lines that are not
// bullets at all.
func TestReadBullets(t *testing.T) {
	src := "# History: Squad Lead\n\n### 2026-08-01 first\n* Done: yes\n### 2026-08-02 second\n" +
		"* Deliverable:   `docs/a.md`\n- Status: open\n* : no key\n*Bold: no space\n* `x`: no code key\n* Empty:\n"
	f := parseHistory("history/Squad Lead.md", &doc{path: "h.md", src: []byte(src)})
	if len(f.entries) != 2 {
		t.Fatalf("%d entries, want 2", len(f.entries))
	}
	type kv struct{ key, value, at string }
	read := func(e *historyEntry) []kv {
		var out []kv
		for _, b := range e.bullets {
			out = append(out, kv{b.key, b.value.text, src[b.value.span.Start:b.value.span.End]})
		}
		return out
	}
	if got, want := read(f.entries[0]), []kv{{"Done", "yes", "yes"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("first entry: %q, want %q", got, want)
	}
	want := []kv{{"Deliverable", "`docs/a.md`", "`docs/a.md`"}, {"Status", "open", "open"}, {"Empty", "", ""}}
	if got := read(f.entries[1]); !reflect.DeepEqual(got, want) {
		t.Errorf("second entry: %q, want %q", got, want)
	}
}

// TestHistoryBlocks checks which entry each consumption block belongs to,
// a heading without a fence, and the block's JSON spans in file offsets.
func TestHistoryBlocks(t *testing.T) {
	src := "# History: Squad Lead\n\n#### Consumption\n\nno fence before any entry\n\n### 2026-08-01 plan\n\n#### Consumption\n\n```json\n{\"model\": \"m\"}\n```\n"
	d := &doc{path: "h.md", src: []byte(src)}
	f := parseHistory("history/Squad Lead.md", d)
	if len(f.blocks) != 2 || len(f.entries) != 1 || len(f.entries[0].blocks) != 1 || f.entries[0].blocks[0] != f.blocks[1] {
		t.Fatalf("blocks %d, entries %d: the second block belongs to the one entry", len(f.blocks), len(f.entries))
	}
	if f.blocks[0].fence != nil {
		t.Errorf("a heading without a fence has one")
	}
	v, problems := f.blocks[1].json(d)
	if v == nil || len(problems) != 0 {
		t.Fatalf("block JSON: %v %v", v, problems)
	}
	m := v.Get("model")
	if got := src[m.Span.Start:m.Span.End]; got != `"m"` {
		t.Errorf("value span reads %q", got)
	}
	for _, mem := range v.Members {
		if got := src[mem.KeySpan.Start:mem.KeySpan.End]; got != `"model"` {
			t.Errorf("key span reads %q", got)
		}
	}
	if got := src[v.Span.Start:v.Span.End]; got != `{"model": "m"}` {
		t.Errorf("object span reads %q", got)
	}
}

func TestBackticked(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"`a` and `bc`", []string{"a", "bc"}},
		{"`` then `x`", []string{"", "x"}},
		{"no `end", nil},
		{"none", nil},
		{"x `y`", []string{"y"}},
	}
	for _, tt := range tests {
		v := spanText{tt.in, diag.Span{Start: 10, End: 10 + len(tt.in)}}
		var got []string
		for _, s := range backticked(v) {
			got = append(got, s.text)
			if at := tt.in[s.span.Start-10 : s.span.End-10]; at != s.text {
				t.Errorf("%q: span of %q reads %q", tt.in, s.text, at)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Fatalf("backticked(%q) = %q, want %q", tt.in, got, tt.want) // a wrong resume point may loop on the inputs after
		}
	}
}

// TestReadBulletsToTheEnd reads the last entry of a file that does not
// end in a line break.
func TestReadBulletsToTheEnd(t *testing.T) {
	src := "### 2026-08-01 plan\n* Status: done"
	f := parseHistory("history/Squad Lead.md", &doc{path: "h.md", src: []byte(src)})
	if len(f.entries) != 1 || len(f.entries[0].bullets) != 1 || f.entries[0].bullets[0].value.text != "done" {
		t.Fatalf("entries %+v", f.entries)
	}
}
