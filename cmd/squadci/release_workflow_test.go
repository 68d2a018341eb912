package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// goreleaserPin is the one GoReleaser every caller runs.
var goreleaserPin = regexp.MustCompile(`github\.com/goreleaser/goreleaser/v2@(v[0-9.]+)`)

// TestReleaseWorkflow holds .github/workflows/release.yml to its promises:
// it runs on v* tags only, grants nothing by default and each job only what
// it needs, tests before it releases, runs the same pinned GoReleaser as
// the snapshot check, and attests every file checksums.txt lists.
func TestReleaseWorkflow(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, ".github", "workflows", "release.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On struct {
			Push struct {
				Tags, Branches []string
			}
		} `yaml:"on"`
		Permissions map[string]string
		Jobs        map[string]struct {
			Needs       any
			Permissions map[string]string
			Steps       []workflowStep
		}
	}
	if err := yaml.Unmarshal(b, &wf); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(wf.On.Push.Tags, []string{"v*"}) || len(wf.On.Push.Branches) != 0 {
		t.Errorf("release.yml runs on %+v; want push of tags v* only", wf.On.Push)
	}
	if wf.Permissions == nil || len(wf.Permissions) != 0 {
		t.Errorf("top-level permissions %v; want {} (each job asks for its own)", wf.Permissions)
	}
	want := map[string]map[string]string{
		"test":    {"contents": "read"},
		"release": {"contents": "write", "id-token": "write", "attestations": "write"},
	}
	if len(wf.Jobs) != len(want) {
		t.Errorf("jobs %d; want test and release", len(wf.Jobs))
	}
	for name, perms := range want {
		if got := wf.Jobs[name].Permissions; !reflect.DeepEqual(got, perms) {
			t.Errorf("job %s permissions %v; want %v", name, got, perms)
		}
	}
	if wf.Jobs["release"].Needs != "test" {
		t.Errorf("release needs %v; want the test job", wf.Jobs["release"].Needs)
	}
	if !stepRuns(wf.Jobs["test"].Steps, ".ci/run") {
		t.Error("the test job does not run .ci/run (the tests with the outside tools required)")
	}
	var release, attest *workflowStep
	for i, s := range wf.Jobs["release"].Steps {
		switch {
		case strings.Contains(s.Run, "goreleaser") && strings.Contains(s.Run, " release --clean"):
			release = &wf.Jobs["release"].Steps[i]
		case strings.HasPrefix(s.Uses, "actions/attest-build-provenance@"):
			attest = &wf.Jobs["release"].Steps[i]
		}
	}
	if release == nil || release.Env["GITHUB_TOKEN"] == "" {
		t.Fatal("the release job has no goreleaser release --clean step with GITHUB_TOKEN")
	}
	if attest == nil || attest.With["subject-checksums"] != "dist/checksums.txt" {
		t.Errorf("the release job does not attest dist/checksums.txt's files: %+v", attest)
	}
	snapshot, _ := os.ReadFile(filepath.Join(repoRoot, "scripts", "release-snapshot.sh"))
	config, _ := os.ReadFile(filepath.Join(repoRoot, ".goreleaser.yaml"))
	pins := map[string]bool{}
	for _, text := range []string{release.Run, string(snapshot), string(config)} {
		for _, m := range goreleaserPin.FindAllStringSubmatch(text, -1) {
			pins[m[1]] = true
		}
	}
	if len(pins) != 1 || !pins["v2.17.0"] {
		t.Errorf("GoReleaser pins across release.yml, release-snapshot.sh and .goreleaser.yaml: %v; want v2.17.0 alone", pins)
	}
}

func stepRuns(steps []workflowStep, command string) bool {
	for _, s := range steps {
		if strings.Contains(s.Run, command) {
			return true
		}
	}
	return false
}
