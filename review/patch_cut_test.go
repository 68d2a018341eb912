package review

import (
	"strings"
	"testing"
)

// TestParsePatchQuotesWholeCharacters: the quoted line in the error is cut
// at 40 code points, never inside a character.
func TestParsePatchQuotesWholeCharacters(t *testing.T) {
	line := "x" + strings.Repeat("é", 60)
	_, err := ParsePatch(line)
	if err == nil {
		t.Fatal("a line before the first hunk header parsed")
	}
	want := `"x` + strings.Repeat("é", 39) + `…"`
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not quote %s", err, want)
	}
}
