package squadstate

import (
	"reflect"
	"strings"
	"testing"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Steve Rogers": "steve-rogers", "Tank-Op": "tank-op", "Tank Op": "tank-op", "EECOM": "eecom",
		"  A__b  ": "a-b", "Zoë 2": "zo-2", "---": "", "花子": "",
	} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIDSyntax(t *testing.T) {
	tests := []struct {
		s           string
		role, kebab bool
	}{
		{"researcher", true, true}, {"qa-engineer", true, true}, {"m365-agent-architect", true, true},
		{"2fa", true, false}, {"a--b", true, false}, {"a-", true, false}, {"-a", false, false},
		{"QA Engineer", false, false}, {"", false, false}, {"gcp_assessor", false, false},
	}
	for _, tt := range tests {
		if got := isRoleID(tt.s); got != tt.role {
			t.Errorf("isRoleID(%q) = %v", tt.s, got)
		}
		if got := connector.IsKebabID(tt.s); got != tt.kebab {
			t.Errorf("connector.IsKebabID(%q) = %v", tt.s, got)
		}
	}
}

func TestRoots(t *testing.T) {
	tests := []struct {
		path, root string
		under      bool
	}{
		{".copilot-tracking/research/2026-09-15/x.md", ".copilot-tracking/research/<date>/", true},
		{".copilot-tracking/research/x.md", ".copilot-tracking/research/<date>/", false},
		{".copilot-tracking/plans/x.md", ".copilot-tracking/plans/", true},
		{".copilot-tracking/Plans/x.md", ".copilot-tracking/plans/", true},
		{".copilot-tracking/plans", ".copilot-tracking/plans/", false},
		{".copilot-tracking/plans-old/x.md", ".copilot-tracking/plans/", false},
	}
	for _, tt := range tests {
		if got := underRoot(tt.path, tt.root); got != tt.under {
			t.Errorf("underRoot(%q, %q) = %v", tt.path, tt.root, got)
		}
	}
	overlaps := []struct {
		a, b string
		want bool
	}{
		{".copilot-tracking/research/<date>/", ".copilot-tracking/research/2026/connector/", true},
		{".copilot-tracking/research/", ".copilot-tracking/research/", true},
		{".copilot-tracking/research/", ".copilot-tracking/research-ext/", false},
		{"deliverables/a/", ".copilot-tracking/research/", false},
	}
	for _, tt := range overlaps {
		if got := rootsOverlap(tt.a, tt.b); got != tt.want {
			t.Errorf("rootsOverlap(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestRouteRoles(t *testing.T) {
	src := []byte("| tester, rai (optional), `lead` ,— |")
	c := source.SplitRow(src, diag.Span{Start: 0, End: len(src)})[0]
	var got []string
	for _, e := range routeRoles(c, src) {
		got = append(got, e.text+"@"+string(src[e.span.Start:e.span.Start+len(e.text)]))
	}
	want := []string{"tester@tester", "rai@rai", "lead@`lea"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("routeRoles = %q, want %q", got, want)
	}
}

func TestRouteTargets(t *testing.T) {
	for _, tt := range []struct {
		cell string
		want []string // text@raw as the cell holds it
	}{
		{"`@Flight`, Dana Whitfield 👤 (product), @copilot 🤖, —", []string{"@Flight@`@Flight`", "Dana Whitfield@Dana Whitfield 👤 (product)", "@copilot@@copilot 🤖"}},
		{"Keaton primary, Hockney secondary", []string{"Keaton@Keaton primary", "Hockney@Hockney secondary"}},
		{"Keaton + Hockney", []string{"Keaton@Keaton", "Hockney@Hockney"}},
		{"Keaton (reviews / pairs) & **Hockney**", []string{"Keaton@Keaton (reviews / pairs)", "Hockney@**Hockney**"}},
		{"Keaton and Fact Checker then Scribe", []string{"Keaton@Keaton", "Fact Checker@Fact Checker", "Scribe@Scribe"}},
		{"Keaton → Hockney; EECOM 🔧", []string{"Keaton@Keaton", "Hockney@Hockney", "EECOM@EECOM 🔧"}},
		{"[Flight](agents/flight/charter.md) (backup)", []string{"Flight@[Flight](agents/flight/charter.md) (backup)"}},
		{"{Name}", []string{"{Name}@{Name}"}},
		{"— ", nil},
	} {
		var got []string
		for _, r := range routeTargets(tt.cell) {
			got = append(got, r.text+"@"+tt.cell[r.start:r.end])
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("routeTargets(%q) = %q, want %q", tt.cell, got, tt.want)
		}
	}
}

// A listed name resolves as the SDK's findMember resolves it: by name or
// role words, either containing the other; only a name matching nothing is
// unresolved.
func TestRouteNamesResolve(t *testing.T) {
	names := routeNames{
		names: [][]string{{"keaton"}, {"lead"}, {"hockney"}, {"tester"}, {"eecom"}, {"backend", "dev"}, {"fact", "checker"}},
		exact: [][]string{{"team"}, {"coordinator"}},
	}
	for cell, want := range map[string]bool{
		"Keaton": true, "keaton primary": true, "Keaton (backup)": true, "KEATON 🏗️": true,
		"Lead": true, "Backend Dev": true, "Dev": true, "fact-checker": true, "Team": true, "coordinator": true,
		"Fenster": false, "Fenster secondary": false, "Keatonx": false, "Team Captain": false,
	} {
		ts := routeTargets(cell)
		if len(ts) != 1 {
			t.Fatalf("routeTargets(%q) = %d targets", cell, len(ts))
		}
		if got := names.resolves(ts[0].words); got != want {
			t.Errorf("resolves(%q) = %v, want %v", cell, got, want)
		}
	}
}

func TestGutterLine(t *testing.T) {
	for _, tt := range []struct {
		line string
		n    int
		want bool
	}{{"1: ---", 1, true}, {"  12. x", 12, true}, {"1. item", 3, false}, {"3:x", 3, false}, {"3:", 3, false}} {
		if got := gutterLine([]byte(tt.line), tt.n); got != tt.want {
			t.Errorf("gutterLine(%q, %d) = %v", tt.line, tt.n, got)
		}
	}
}

func TestStateFileClassification(t *testing.T) {
	tests := []struct {
		path, root, name string
		ok               bool
	}{
		{".copilot-tracking/squad/team.md", hveBase, "team.md", true},
		{".copilot-tracking/squad/history/Squad Lead.md", hveBase, "history/Squad Lead.md", true},
		{".copilot-tracking/squad/members/payments/state.json", hveBase + "members/payments/", "state.json", true},
		{".copilot-tracking/squad/dotnet-practices/report.md", "", "", false},
		{".copilot-tracking/squad/history/sub/x.md", "", "", false},
		{".copilot-tracking/squad/members//team.md", "", "", false},
	}
	for _, tt := range tests {
		root, name, ok := hveStateFile(tt.path)
		if ok != tt.ok || (ok && (root != tt.root || name != tt.name)) {
			t.Errorf("hveStateFile(%q) = %q, %q, %v", tt.path, root, name, ok)
		}
	}
	for p, want := range map[string]bool{
		".squad/agents/flight/charter.md": true, ".squad/agents/flight/notes.md": false, ".github/skills/x/SKILL.md": true,
		".github/agents/squad.agent.md": true, ".gitignore": true, ".squad/log/x.md": false, "README.md": false,
	} {
		if got := Wanted(p); got != want {
			t.Errorf("Wanted(%q) = %v", p, got)
		}
	}
}

func TestIsKmxCharter(t *testing.T) {
	for src, want := range map[string]bool{
		"# A — B\n\n## Identity\n\n**ID:** a\n":                 true,
		"# A\n\n## Non-Responsibilities\n\n- x\n":               true,
		"# A — B\n\n## Identity\n\n- **Name:** A\n\n## Model\n": false,
		"# A\n\n## Examples\n\n```yaml\nexamples: []\n```\n":    false,
		"```\n## Accountable Responsibilities\n```\n":           false,
	} {
		if got := IsKmxCharter(source.ParseMarkdown([]byte(src))); got != want {
			t.Errorf("IsKmxCharter(%q) = %v", src, got)
		}
	}
}

func TestQuoteWithholdsCredentials(t *testing.T) {
	if q := quote("ghp_" + "0123456789abcdefghijABCDEFGHIJ012345"); q != "(a credential-shaped value, withheld)" {
		t.Errorf("quote echoed a token: %s", q)
	}
	if q := quote(strings.Repeat("a", 200)); len([]rune(q)) > maxQuoted+3 {
		t.Errorf("quote did not cut: %d runes", len([]rune(q)))
	}
}
