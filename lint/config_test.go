package lint

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/squadstate"
)

func TestParseConfigValid(t *testing.T) {
	src := `version: 1
paths:
  include: ["extra/connectors/*.json"]
  exclude: ["testdata/**"]
rules:
  SQ003: warning
  file-too-large: "off"
overrides:
  - paths: ["legacy/**"]
    rules: {SQ003: note}
adapters:
  acme-research-agent:
    command: ["./scripts/research-adapter", "--fast"]
    timeout: 30m
    env: [ACME_API_KEY, GITHUB_TOKEN]
notify:
  dispatch: true
  comment: 42
baseline: .github/squadci-baseline.json
`
	c, err := ParseConfig(".squadci.yml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Include) != 1 || c.Exclude[0] != "testdata/**" {
		t.Errorf("paths = %v %v", c.Include, c.Exclude)
	}
	if c.Rules["SQ003"] != diag.SeverityWarning || c.Rules["SQ002"] != diag.SeverityOff {
		t.Errorf("rules = %v", c.Rules)
	}
	if a := c.Adapters["acme-research-agent"]; a.Timeout != 30*time.Minute || len(a.Command) != 2 || strings.Join(a.Env, ",") != "ACME_API_KEY,GITHUB_TOKEN" {
		t.Errorf("adapter = %+v", a)
	}
	if !c.Notify.Dispatch || c.Notify.Comment != 42 {
		t.Errorf("notify = %+v", c.Notify)
	}
	if c.Baseline != ".github/squadci-baseline.json" {
		t.Errorf("baseline = %q", c.Baseline)
	}
	if got := c.Severity(ruleUnreadable, "legacy/a.json"); got != diag.SeverityNote {
		t.Errorf("override severity = %v", got)
	}
	if got := c.Severity(ruleUnreadable, "connectors/a.json"); got != diag.SeverityWarning {
		t.Errorf("rules severity = %v", got)
	}
	if got := c.Severity(ruleInternal, "connectors/a.json"); got != diag.SeverityError {
		t.Errorf("default severity = %v", got)
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"unknown key", "version: 1\npath:\n  include: []\n", `.squadci.yml:2:1: unknown key "path" in config; allowed: version, paths, rules, overrides, adapters, notify, squadstate, kinds, baseline (did you mean "paths"?)`},
		{"unknown nested key", "paths:\n  inlcude: [a]\n", `.squadci.yml:2:3: unknown key "inlcude" in paths`},
		{"bad glob", "paths:\n  exclude: [\"a/[b\"]\n", `.squadci.yml:2:13: paths.exclude: invalid glob "a/[b"`},
		{"absolute glob", "paths:\n  include:\n    - /etc/*.json\n", `.squadci.yml:3:7: paths.include: invalid glob`},
		{"unknown rule", "rules:\n  CN999: warning\n", `.squadci.yml:2:3: rules: unknown rule "CN999"`},
		{"bad severity", "rules:\n  SQ001: loud\n", `.squadci.yml:2:10: rules.SQ001: severity must be`},
		{"bool severity", "rules:\n  SQ001: no\n", `.squadci.yml:2:10: rules.SQ001: severity must be`},
		{"version", "version: 2\n", `.squadci.yml:1:10: version must be 1`},
		{"duplicate", "version: 1\nversion: 1\n", `.squadci.yml:2:1: duplicate key "version" in config (first at line:1,col:1)`},
		{"override paths", "overrides:\n  - rules: {SQ001: off}\n", `.squadci.yml:2:5: overrides[0] needs a non-empty paths list`},
		{"override unknown rule", "overrides:\n  - paths: [a]\n    rules: {XX1: off}\n", `.squadci.yml:3:13: overrides[0].rules: unknown rule "XX1"`},
		{"adapter timeout", "adapters:\n  a:\n    command: [x]\n    timeout: soon\n", `.squadci.yml:4:14: adapters.a.timeout must be a positive duration`},
		{"adapter command", "adapters:\n  a:\n    timeout: 1m\n", `.squadci.yml:3:5: adapters.a needs a command`},
		{"adapter env not a list", "adapters:\n  a:\n    command: [x]\n    env: TOKEN\n", `.squadci.yml:4:10: adapters.a.env must be a list of strings`},
		{"adapter env bad name", "adapters:\n  a:\n    command: [x]\n    env: [OK, 1BAD]\n", `.squadci.yml:4:15: adapters.a.env: "1BAD" is not a variable name`},
		{"adapter env dash", "adapters:\n  a:\n    command: [x]\n    env: [MY-TOKEN]\n", `.squadci.yml:4:11: adapters.a.env: "MY-TOKEN" is not a variable name`},
		{"adapter env squadci", "adapters:\n  a:\n    command: [x]\n    env: [squadci_request]\n", `.squadci.yml:4:11: adapters.a.env: "squadci_request": SQUADCI_* variables are set by the poll itself`},
		{"adapter env inherited", "adapters:\n  a:\n    command: [x]\n    env: [HOME]\n", `.squadci.yml:4:11: adapters.a.env: "HOME" is inherited by every adapter already (PATH, HOME, TMPDIR, LANG, LC_ALL)`},
		{"adapter env twice", "adapters:\n  a:\n    command: [x]\n    env: [T1, T1]\n", `.squadci.yml:4:15: adapters.a.env: "T1" is listed twice`},
		{"adapter env key typo", "adapters:\n  a:\n    command: [x]\n    envs: [T]\n", `.squadci.yml:4:5: unknown key "envs" in adapters.a; allowed: command, timeout, env (did you mean "env"?)`},
		{"notify comment", "notify:\n  comment: abc\n", `.squadci.yml:2:12: notify.comment must be an issue or pull request number`},
		{"not a mapping", "- a\n", `.squadci.yml:1:1: config must be a mapping`},
		{"yaml syntax", "a: [\n", `.squadci.yml:`},
		{"anchor", "paths: &a\n  include: []\n", `.squadci.yml:1:8: paths: anchors and aliases are not allowed`},
		{"profile key", "squadstate:\n  profiles: {}\n", `.squadci.yml:2:3: unknown key "profiles" in squadstate; allowed: profile`},
		{"profile release", "squadstate:\n  profile:\n    \"**/members/*/\": v0.99\n", `.squadci.yml:3:22: squadstate.profile.**/members/*/: want an HVE Squad release such as v0.12.1 (formats start at v0.2.0, v0.3.0,`},
		{"profile unreleased", "squadstate:\n  profile:\n    a: v0.8.99\n", `.squadci.yml:3:8: squadstate.profile.a: want an HVE Squad release`},
		{"kinds unknown", "kinds:\n  prompt: false\n", `.squadci.yml:2:3: unknown key "prompt" in kinds; allowed: agents, prompts, instructions, skills (did you mean "prompts"?)`},
		{"kinds not bool", "kinds:\n  skills: off\n", `.squadci.yml:2:11: kinds.skills must be true or false`},
		{"baseline not a string", "baseline: [a]\n", `.squadci.yml:1:11: baseline must be a file path relative to the repository root`},
		{"baseline escapes", "baseline: ../b.json\n", `.squadci.yml:1:11: baseline: "../b.json" must be relative to the repository root`},
		{"baseline absolute", "baseline: /b.json\n", `.squadci.yml:1:11: baseline: "/b.json" must be relative`},
		{"profile glob", "squadstate:\n  profile:\n    /abs: v0.12.1\n", `.squadci.yml:3:5: squadstate.profile: invalid glob "/abs"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig(".squadci.yml", []byte(tc.src))
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a ConfigError", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("err = %q\nwant prefix %q", err.Error(), tc.want)
			}
		})
	}
}

func TestParseConfigEmpty(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n"} {
		if _, err := ParseConfig(".squadci.yml", []byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

func TestFindConfig(t *testing.T) {
	for _, tc := range []struct {
		files   []string
		want    string
		wantErr string
	}{
		{nil, "", ""},
		{[]string{".squadci.yml"}, ".squadci.yml", ""},
		{[]string{".squadci.yaml"}, ".squadci.yaml", ""},
		{[]string{".github/squadci.yaml"}, ".github/squadci.yaml", ""},
		{[]string{".squadci.yml", ".squadci.yaml"}, "", "two config files at once: .squadci.yml and .squadci.yaml"},
		{[]string{".squadci.yaml", ".github/squadci.yml"}, "", "two config files at once: .squadci.yaml and .github/squadci.yml"},
		{[]string{".squadci.yml", ".github/squadci.yml", ".github/squadci.yaml"}, "", "three config files at once"},
	} {
		files := map[string]string{}
		for _, f := range tc.files {
			files[f] = "version: 1\n"
		}
		root := writeTree(t, files)
		cfg, err := LoadConfig(root, "")
		if tc.wantErr != "" {
			var ce *ConfigError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%v: err = %v, want a ConfigError containing %q", tc.files, err, tc.wantErr)
			}
			continue
		}
		if err != nil || cfg.Path != tc.want {
			t.Errorf("%v: path %q, err %v; want %q", tc.files, cfg.Path, err, tc.want)
		}
	}
}

func TestParseConfigProfilePins(t *testing.T) {
	c, err := ParseConfig(".squadci.yml", []byte("squadstate:\n  profile:\n    \".copilot-tracking/squad/members/*/\": v0.13.2\n    \".copilot-tracking/squad\": v0.17.0\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []squadstate.ProfilePin{{Glob: ".copilot-tracking/squad/members/*/", Release: "v0.13.2"}, {Glob: ".copilot-tracking/squad", Release: "v0.17.0"}}
	if !reflect.DeepEqual(c.ProfilePins, want) {
		t.Errorf("ProfilePins = %+v, want %+v", c.ProfilePins, want)
	}
}

// TestFindingSeverity: a check's lowered severity stands unless the
// configuration sets the rule for the path, which always wins.
func TestFindingSeverity(t *testing.T) {
	r, _ := diag.Lookup("AF110")
	lowered := r.At(".github/agents/squad.agent.md", diag.Span{}, "long")
	lowered.Severity = diag.SeverityNote
	plain := r.At(".github/agents/a.agent.md", diag.Span{}, "long")
	tests := []struct {
		name string
		cfg  Config
		d    diag.Diagnostic
		want diag.Severity
	}{
		{"lowered by the check", Config{}, lowered, diag.SeverityNote},
		{"default", Config{}, plain, diag.SeverityError},
		{"config rule wins", Config{Rules: map[string]diag.Severity{"AF110": diag.SeverityError}}, lowered, diag.SeverityError},
		{"override on the path wins", Config{Overrides: []Override{{Paths: []string{".github/**"}, Rules: map[string]diag.Severity{"AF110": diag.SeverityWarning}}}}, lowered, diag.SeverityWarning},
		{"override elsewhere", Config{Overrides: []Override{{Paths: []string{"docs/**"}, Rules: map[string]diag.Severity{"AF110": diag.SeverityWarning}}}}, lowered, diag.SeverityNote},
	}
	for _, tc := range tests {
		if got := tc.cfg.FindingSeverity(r, tc.d); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
