package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// A v0.4.0-era squad root: the six-column roster and state.json 1.1
// without currentRun.
var v040Squad = map[string]string{
	".copilot-tracking/squad/team.md": "# Squad Roster\n\n## Members\n\n| Role | Member Name | Agent Name (Primary) | Alternate Agents | Invocation | Model Tier |\n" +
		"|---|---|---|---|---|---|\n| lead | Beta | Squad Lead | — | task | default |\n",
	".copilot-tracking/squad/state.json": `{"schemaVersion": "1.1", "updated": "", "turn": 0, "mode": "interactive", "activeRoles": [], "openEscalations": [], ` +
		`"notify": {"approvalChannel": "in-chat", "enabled": false, "email": "", "github": {"handle": "", "repo": ""}}}` + "\n",
}

func TestExplainProfile(t *testing.T) {
	pinned := map[string]string{".squadci.yml": "squadstate:\n  profile:\n    \".copilot-tracking/squad\": v0.13.2\n"}
	for k, v := range v040Squad {
		pinned[k] = v
	}
	tests := []struct {
		name  string
		files map[string]string
		args  []string
		code  int
		want  []string // in stdout, or stderr for usage errors
	}{
		{"shapes", v040Squad, []string{"lint", "--explain-profile", "."}, 0, []string{
			".copilot-tracking/squad/: hve-squad v0.4.0–v0.8.4 (profile v0.4.0, commit bd9fda5), chosen by the files' shapes",
			".copilot-tracking/squad/team.md:5: 6-column roster → v0.3.0–v0.10.12",
			`.copilot-tracking/squad/state.json:1: state.json schemaVersion "1.1" → v0.4.0–v0.8.4`}},
		{"config pin", pinned, []string{"lint", "--explain-profile", "."}, 0, []string{
			"hve-squad v0.12.1–v0.15.3 (profile v0.12.1, commit 7e76a3a), chosen by .squadci.yml squadstate.profile",
			`.squadci.yml: squadstate.profile ".copilot-tracking/squad" (release v0.13.2) → v0.12.1–v0.15.3`}},
		{"squad init's templates", map[string]string{
			".squad/team.md":                "# Squad Team\n\n## Members\n\n| Name | Role | Charter | Status |\n|------|------|---------|--------|\n",
			".github/agents/squad.agent.md": "---\nname: Squad\ndescription: coordinator\n---\n\n<!-- SQUAD_COORDINATOR_CANARY_HEAD_b7d2 -->\n<!-- version: 0.10.0 -->\n\nYou are the coordinator.\n",
			".squad/casting/policy.json":    `{"casting_policy_version": "1.2", "allowlist_universes": [], "universe_capacity": {}}` + "\n",
			".squad/config.json":            `{"version": 1, "stateBackend": "orphan"}` + "\n",
		}, []string{"lint", "--explain-profile", "."}, 0, []string{
			".squad/: squad Squad CLI 0.10.0 / SDK 0.13.1 (both template sets) (profile 0.10.0), chosen by the coordinator's version stamp",
			`.github/agents/squad.agent.md:7: coordinator stamp "0.10.0" → Squad 0.10.0`,
			".github/agents/squad.agent.md:6: the HEAD canary: the SDK's template set (squad init) → Squad SDK 0.13.1",
			`.squad/casting/policy.json:1: casting policy "1.2" → Squad SDK 0.13.1 (squad init)`,
			`.squad/config.json:1: state backend "orphan" → Squad CLI 0.10.0`}},
		{"squad upgrade's templates", map[string]string{
			".squad/team.md":                "# Squad Team\n\n## Members\n\n| Name | Role | Charter | Status |\n|------|------|---------|--------|\n",
			".github/agents/squad.agent.md": "---\nname: Squad\ndescription: coordinator\n---\n\n<!-- version: 0.10.0 -->\n\nYou are the coordinator.\n",
		}, []string{"lint", "--explain-profile", "."}, 0, []string{
			"no HEAD canary: the CLI's template set (squad upgrade, or an older init) → Squad CLI 0.10.0"}},
		{"no squad", map[string]string{"connectors/a.json": goodManifest}, []string{"lint", "--explain-profile", "."}, 0, []string{"no squad root"}},
		{"not with json", v040Squad, []string{"lint", "--explain-profile", "--format", "json", "."}, 2, []string{"--explain-profile prints text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeTree(t, tt.files)
			code, out, errOut := run(t, dir, tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tt.code, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out+errOut, w) {
					t.Errorf("output lacks %q:\n%s%s", w, out, errOut)
				}
			}
		})
	}
}

func TestJSONProfileObject(t *testing.T) {
	dir := writeTree(t, v040Squad)
	_, out, errOut := run(t, dir, "lint", "--format", "json", ".")
	var doc struct {
		Roots []struct {
			Path    string `json:"path"`
			Profile struct {
				Format, Name, Releases, ChosenBy string
				Evidence                         []struct{ At, What, Fits string }
			} `json:"profile"`
		} `json:"roots"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s%s", err, out, errOut)
	}
	if len(doc.Roots) != 1 {
		t.Fatalf("roots = %+v, want one", doc.Roots)
	}
	r := doc.Roots[0]
	if r.Path != ".copilot-tracking/squad/" || r.Profile.Format != "hve-squad" || r.Profile.Name != "v0.4.0" ||
		r.Profile.Releases != "v0.4.0–v0.8.4" || r.Profile.ChosenBy != "shapes" || len(r.Profile.Evidence) != 2 {
		t.Errorf("root = %+v", r)
	}
}
