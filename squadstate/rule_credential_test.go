package squadstate

import (
	"strings"
	"testing"
)

// TestCredentialInState checks SS002 finds a token in a squad state file,
// and one spelled with JSON escapes in a member name, where only the
// decoded key shows it.
func TestCredentialInState(t *testing.T) {
	token := "ghp_" + "R8fQ2vX9kLmN4pZ7tY1wB6cD3eH5jK0sA2gU"
	escaped := `\u0067` + token[1:] // "g" as an escape: the raw text holds no token
	tests := []struct {
		name, file, src string
		want            string // what the finding says was found, "" for none
	}{
		{"in a text file", sq + "decisions.md", "# Decisions\n\ntoken " + token + "\n", "text"},
		{"an escaped member name", sq + "state.json", `{"` + escaped + `": 1}`, "member name"},
		{"nothing", sq + "decisions.md", "# Decisions\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range Check(repoOf(map[string]string{tt.file: tt.src})) {
				if d.Rule == "SS002" {
					got = append(got, d.Message)
				}
			}
			if (tt.want == "") != (len(got) == 0) || len(got) > 1 || (len(got) == 1 && !strings.Contains(got[0], tt.want)) {
				t.Errorf("SS002 findings %q, want one about its %s", got, tt.want)
			}
			for _, g := range got {
				if strings.Contains(g, token[4:]) {
					t.Errorf("the finding repeats the token: %s", g)
				}
			}
		})
	}
}
