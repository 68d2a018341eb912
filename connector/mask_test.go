package connector

import (
	"bytes"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

func TestMaskCredentials(t *testing.T) {
	src := []byte("{\n  \"narrative\": \"key ghp_0123456789abcdefghijklmnopqrstuvwxyz é日🙂\",\n  \"x\": \"after\"\n}\n")
	doc := source.ParseJSON(src)
	v := doc.Root.Get("narrative")
	ds := []diag.Diagnostic{ruleCredentialShapedContent.At("r.json", v.Span, "secret"), ruleJSONSyntax.At("r.json", v.Span, "other")}
	masked := MaskCredentials(src, ds)
	if bytes.Contains(masked, []byte("ghp_")) || len(masked) != len(src) {
		t.Fatalf("masked = %q", masked)
	}
	if !bytes.Contains(src, []byte("ghp_")) {
		t.Fatal("the source itself was modified")
	}
	before, after := source.NewLines(src), source.NewLines(masked)
	for off := 0; off <= len(src); off++ {
		if before.Position(off) != after.Position(off) {
			t.Fatalf("offset %d: position %+v became %+v", off, before.Position(off), after.Position(off))
		}
	}
	if !bytes.Equal(masked[v.Span.End:], src[v.Span.End:]) || !bytes.Equal(masked[:v.Span.Start], src[:v.Span.Start]) {
		t.Errorf("text outside the span changed")
	}
	if got := MaskCredentials(src, ds[1:]); &got[0] != &src[0] {
		t.Errorf("nothing to mask, yet src was copied")
	}
}
