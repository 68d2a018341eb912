package report

import (
	"bytes"
	"testing"
)

func TestWriteProfiles(t *testing.T) {
	tests := []struct {
		name string
		ps   []Profile
		want string
	}{
		{"none", nil, "no squad root (.copilot-tracking/squad/ or .squad/): no format profile to explain\n"},
		{"shapes with a note", []Profile{{
			Root: ".copilot-tracking/squad/", Format: "hve-squad", Name: "v0.11.11", Releases: "v0.11.11–v0.12.0", Commit: "a3221f4",
			ChosenBy: "shapes", Note: "the files fit two spans",
			Evidence: []ProfileEvidence{{At: "team.md:9", What: "7-column roster", Fits: "v0.11.0–v0.15.3"}, {At: "apm.yml:3", What: `pin "main"`}},
		}, {Root: ".copilot-tracking/squad/members/a/", Format: "hve-squad", Name: "v0.16.0-pre", Releases: "v0.16.0-pre", Commit: "c5fdb6b", ChosenBy: "default"}},
			".copilot-tracking/squad/: hve-squad v0.11.11–v0.12.0 (profile v0.11.11, commit a3221f4), chosen by the files' shapes\n" +
				"  team.md:9: 7-column roster → v0.11.0–v0.15.3\n" +
				"  apm.yml:3: pin \"main\" → no known release\n" +
				"  note: the files fit two spans\n\n" +
				".copilot-tracking/squad/members/a/: hve-squad v0.16.0-pre (profile v0.16.0-pre, commit c5fdb6b), chosen by default (no format evidence: the newest format)\n"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := WriteProfiles(&b, tt.ps); err != nil {
			t.Fatal(err)
		}
		if b.String() != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, b.String(), tt.want)
		}
	}
}
