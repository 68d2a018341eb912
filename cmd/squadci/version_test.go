package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// versionDoc is `squadci version --format json`.
type versionDoc struct {
	Version, Commit, Date, GoVersion, Platform, Source string
	Modified                                           bool
}

func TestVersionCommand(t *testing.T) {
	code, out, errOut := run(t, "", "version")
	if code != exitOK || !strings.HasPrefix(out, "squadci ") || !strings.Contains(out, "\nplatform: "+runtime.GOOS+"/"+runtime.GOARCH+"\n") {
		t.Fatalf("version: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, "", "version", "--format", "json")
	var doc versionDoc
	if err := json.Unmarshal([]byte(out), &doc); code != exitOK || err != nil || doc.Version == "" || doc.GoVersion != runtime.Version() || doc.Source != "go" {
		t.Fatalf("version --format json: exit %d, %v\n%s", code, err, out)
	}
	if first := strings.SplitN(mustRun(t, "--version"), "\n", 2)[0]; first != "squadci "+doc.Version {
		t.Errorf("--version first line %q, json version %q", first, doc.Version)
	}
	for _, bad := range [][]string{{"version", "--format", "yaml"}, {"version", "extra"}} {
		if code, _, errOut := run(t, "", bad...); code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := run(t, "", args...)
	if code != exitOK {
		t.Fatalf("%v: exit %d\n%s", args, code, errOut)
	}
	return out
}

// TestVersionStamped builds squadci as a release does (-ldflags -X) and
// checks that version, the JSON report and the SARIF log carry the stamp.
func TestVersionStamped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "squadci")
	const pkg = "github.com/squadci/squadci/internal/buildinfo"
	ldflags := "-X " + pkg + ".version=1.2.3-rc.1 -X " + pkg + ".commit=0123456789abcdef0123456789abcdef01234567 -X " + pkg + ".date=2026-11-30T10:00:00Z"
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := runBuilt(t, bin, 0, "version")
	for _, line := range []string{"squadci 1.2.3-rc.1\n", "commit:   0123456789abcdef0123456789abcdef01234567\n", "date:     2026-11-30T10:00:00Z\n", "go:       " + runtime.Version() + "\n", "built by: a squadci release build\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("version lacks %q:\n%s", line, out)
		}
	}
	var doc versionDoc
	if err := json.Unmarshal([]byte(runBuilt(t, bin, 0, "version", "--format", "json")), &doc); err != nil || doc.Version != "1.2.3-rc.1" || doc.Source != "release" || doc.Commit == "" {
		t.Errorf("version json: %v %+v", err, doc)
	}
	typo := filepath.Join(repoRoot, "examples", "typo")
	var report struct {
		Tool struct{ Name, Version string }
	}
	if err := json.Unmarshal([]byte(runBuilt(t, bin, 1, "lint", typo, "--format", "json")), &report); err != nil || report.Tool.Version != "1.2.3-rc.1" {
		t.Errorf("lint json tool %+v (%v)", report.Tool, err)
	}
	var sarif struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Version, SemanticVersion string }
			}
		}
	}
	if err := json.Unmarshal([]byte(runBuilt(t, bin, 1, "lint", typo, "--format", "sarif")), &sarif); err != nil || len(sarif.Runs) != 1 ||
		sarif.Runs[0].Tool.Driver.Version != "1.2.3-rc.1" || sarif.Runs[0].Tool.Driver.SemanticVersion != "1.2.3-rc.1" {
		t.Errorf("sarif driver %+v (%v)", sarif.Runs, err)
	}
}

// TestVersionFromGoBuild builds squadci the way `go build` does in a
// checkout (vcs stamping on), unstamped: version falls back to the
// toolchain's record of the commit.
func TestVersionFromGoBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	head, err := exec.Command("git", "-C", repoRoot, "rev-parse", "HEAD").Output()
	if err != nil {
		testtool.Unsupported(t, "a git checkout (the go command records no revision without one)", err)
	}
	bin := filepath.Join(t.TempDir(), "squadci")
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOFLAGS=") // a -buildvcs=false in GOFLAGS must not win
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var doc versionDoc
	if err := json.Unmarshal([]byte(runBuilt(t, bin, 0, "version", "--format", "json")), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Commit != strings.TrimSpace(string(head)) || doc.Date == "" || doc.Source != "go" || doc.Version == "devel" || doc.Version == "" {
		t.Errorf("unstamped build in a checkout at %s: %+v", head, doc)
	}
}

func runBuilt(t *testing.T, bin string, wantCode int, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exitErr, ok := err.(*exec.ExitError); ok {
		code = exitErr.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	if code != wantCode {
		t.Fatalf("%s %v: exit %d, want %d\n%s", bin, args, code, wantCode, stderr.String())
	}
	return stdout.String()
}
