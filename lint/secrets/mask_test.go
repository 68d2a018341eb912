package secrets

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMaskKeepsOffsetsAndHidesSecrets(t *testing.T) {
	token := "ghp_" + strings.Repeat("a1B2", 9)
	src := []byte("{\n  \"名前\": \"値\",\n  \"token\": \"" + token + "\"\n}\n")
	masked := Mask(src, []Span{{Start: 8, End: 12}}) // the bytes of 名前
	if len(masked) != len(src) {
		t.Fatalf("length changed: %d → %d", len(src), len(masked))
	}
	if strings.Contains(string(masked), token) || strings.Contains(string(masked), "名前") {
		t.Errorf("masked = %q", masked)
	}
	if utf8.RuneCount(masked) != utf8.RuneCount(src) || strings.Count(string(masked), "\n") != 4 {
		t.Errorf("code points or lines changed: %q", masked)
	}
	clean := []byte("{\"a\": 1}\n")
	if got := Mask(clean, nil); &got[0] != &clean[0] {
		t.Errorf("clean input was copied")
	}
}
