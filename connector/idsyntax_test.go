package connector

import (
	"regexp"
	"testing"
)

// TestKebabPatternIsIsKebabID keeps the message's pattern and the check
// one grammar.
func TestKebabPatternIsIsKebabID(t *testing.T) {
	re := regexp.MustCompile(KebabPattern)
	for _, s := range []string{
		"researcher", "qa-engineer", "m365-agent-architect", "a", "a1-2b",
		"", "2fa", "a--b", "a-", "-a", "A", "qa_engineer", "qa engineer", "é", "a\n", "a-\x00",
	} {
		if got, want := IsKebabID(s), re.MatchString(s); got != want {
			t.Errorf("IsKebabID(%q) = %v, %s says %v", s, got, KebabPattern, want)
		}
	}
}

func FuzzKebabPatternIsIsKebabID(f *testing.F) {
	re := regexp.MustCompile(KebabPattern)
	for _, s := range []string{"qa-engineer", "a--b", "a-", "2fa"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := IsKebabID(s), re.MatchString(s); got != want {
			t.Errorf("IsKebabID(%q) = %v, %s says %v", s, got, KebabPattern, want)
		}
	})
}
