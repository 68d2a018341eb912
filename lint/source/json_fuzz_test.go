package source

import "testing"

func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `{"a":[1,2,{"b":null}],"c":"\u00e9\ud83d\ude00"}`, "\xEF\xBB\xBF{\"a\":1}",
		`{"a":1,"a":2}`, `[1,]`, `"\x"`, `{"a":"\ud800"}`, `-0.5e-3`, `01`, "{\"k\":\"\xff\"}", `[[[[[[`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d := ParseJSON(src)
		for _, p := range d.Problems {
			if p.Span.Start < 0 || p.Span.End > len(src) || p.Span.Start > p.Span.End {
				t.Fatalf("problem span %+v outside [0,%d]", p.Span, len(src))
			}
		}
		d.Root.Walk(func(v *Value) {
			if v.Span.Start < 0 || v.Span.End > len(src) || v.Span.Start >= v.Span.End {
				t.Fatalf("value span %+v outside [0,%d]", v.Span, len(src))
			}
			if d.Lookup(v.Pointer()) == nil && v.Parent != nil && v.Parent.Kind == KindArray {
				t.Fatalf("pointer %q does not resolve", v.Pointer())
			}
		})
	})
}
