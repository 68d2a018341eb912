package connector

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// adapterProtected is what a repository whose acme adapter is
// scripts/acme-adapter, with its config at .github/squadci.yml, protects.
var adapterProtected = NewProtected(".github/squadci.yml", map[string][]string{
	"acme-research-agent": {"sh", "./scripts/acme-adapter", "--verbose"},
	"other":               {"python3", "tools/bin/run.py"},
	"absolute":            {"/usr/bin/env", "../outside/x"},
})

func TestProtectedRoot(t *testing.T) {
	for _, tc := range []struct {
		root    string
		refused bool
		why     string
	}{
		{".github/workflows/", true, "under .github/"},
		{".github/", true, "under .github/"},
		{".GITHUB/agents", true, "under .github/"},
		{"GITHUB~1/workflows/", true, "under .github/"},
		{".git/hooks/", true, "segment 1 names .git"},
		{"reports/.Git/", true, "segment 2 names .git"},
		{"vendor/git~1/hooks/", true, "segment 2 names .git"},
		{"reports/.g\u200cit/", true, "segment 2 names .git"},
		{"connectors/", true, "under connectors/"},
		{"Connectors/out/", true, "under connectors/"},
		{"scripts/", true, "it is scripts/, the folder of the adapter command of acme-research-agent"},
		{"scripts/out/", true, "it lies inside scripts/"},
		{"SCRIPTS/", true, "it is scripts/"},
		{"tools/", true, "it contains tools/bin/, the folder of the adapter command of other"},
		{"tools/bin/reports/", true, "it lies inside tools/bin/"},
		{".", true, "repository root"},
		{"", true, "repository root"},
		{"./", true, "repository root"},
		{"../x/", true, "unsafe"},
		{"reports/../.github/", true, "unsafe"},
		// Allowed: look-alikes by whole segments.
		{"reports/research/", false, ""},
		{"scripts-out/", false, ""},
		{"docs/.github/", false, ""},
		{"docs/connectors/", false, ""},
		{"reports/.gitkeep-dir/", false, ""},
		{"reports/.gitignore.d/", false, ""},
		{"tools/binaries/", false, ""},
		{"outside/", false, ""},
	} {
		reason, refused := ProtectedRoot(tc.root, adapterProtected)
		if refused != tc.refused || !strings.Contains(reason, tc.why) {
			t.Errorf("ProtectedRoot(%q) = %q, %v; want %v with %q", tc.root, reason, refused, tc.refused, tc.why)
		}
	}
	// The reason is made of fixed words and the protected folders only.
	if reason, _ := ProtectedRoot("ghp_16C7e42F292c6912E7710c838347Ae178B4a/.git/", adapterProtected); strings.Contains(reason, "ghp_") {
		t.Errorf("reason %q repeats the root", reason)
	}
}

func TestNewProtectedConfigFolder(t *testing.T) {
	p := NewProtected("conf/squadci.yml", nil)
	for root, want := range map[string]bool{"conf/": true, "conf/out/": true, "reports/": false} {
		if _, refused := ProtectedRoot(root, p); refused != want {
			t.Errorf("config in conf/: %q refused = %v, want %v", root, refused, want)
		}
	}
	// A config at the top protects the repository root only (and every
	// root refuses that anyway); an absolute or escaping one adds nothing.
	for _, file := range []string{".squadci.yml", "/etc/squadci.yml", "../squadci.yml", ""} {
		if p := NewProtected(file, nil); len(p.Dirs) != 0 {
			t.Errorf("NewProtected(%q).Dirs = %v", file, p.Dirs)
		}
	}
	if p := NewProtected("x/.squadci.yml", nil); !reflect.DeepEqual(p.ConfigFile, "x/.squadci.yml") {
		t.Errorf("ConfigFile = %q", p.ConfigFile)
	}
}

func TestProtectedWithAdapters(t *testing.T) {
	p := Protected{}.WithAdapters(map[string]Adapter{"a": {Command: []string{"scripts/a"}}, "b": {Command: []string{"scripts/b"}}})
	if len(p.Dirs) != 1 || p.Dirs[0].Dir != "scripts" {
		t.Errorf("Dirs = %+v", p.Dirs)
	}
}

// TestDispatchRefusesProtectedRoots: nothing is written for a root that
// reaches what runs, whether it is the task's root or an output slot's.
func TestDispatchRefusesProtectedRoots(t *testing.T) {
	for _, root := range []string{".github/workflows/", ".git/hooks/", "connectors/", "scripts/", "scripts/acme/", ".github/"} {
		t.Run(root, func(t *testing.T) {
			repo, ms := resumeRepo(t)
			_, err := Dispatch(context.Background(), repo, ms, nil, DispatchOptions{
				ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research invoice rounding.",
				DeliverableRoot: root, BindingID: "research-agent", MemberName: "Consumer Research Agent",
				SquadRoot: ".copilot-tracking/squad/", DeadlineMinutes: 60, RetryCap: 2, Now: time.Now(),
				Protected: adapterProtected,
			})
			var de *DispatchError
			if !errors.As(err, &de) || !strings.Contains(err.Error(), "is protected") || !strings.Contains(err.Error(), "[CN218]") {
				t.Fatalf("err = %v", err)
			}
			if _, err := os.Stat(filepath.Join(repo, ".connector-drops")); !os.IsNotExist(err) {
				t.Errorf("dispatch wrote a mailbox: %v", err)
			}
		})
	}
	o := orchestratorTask()
	o.Outputs[1].DeliverableRoot = ".github/workflows/"
	root2, ms2 := dispatchRepo(t)
	if _, err := Dispatch(context.Background(), root2, ms2, nil, o); err == nil || !strings.Contains(err.Error(), "--output validation") {
		t.Errorf("output slot under .github: err = %v", err)
	}
}

// forgeRoot rewrites a dispatched task's deliverable root in its request
// and snapshot, and re-pins the state, as a hostile pull request could.
func forgeRoot(t *testing.T, root string, d *Dispatched, to string) {
	t.Helper()
	req := strings.Replace(string(mustRead(t, root, d.Request)), `"reports/research/"`, `"`+to+`"`, 1)
	snap := strings.Replace(string(mustRead(t, root, d.Snapshot)), `"reports/research/"`, `"`+to+`"`, 1)
	st := string(mustRead(t, root, d.State))
	st = strings.Replace(st, SHA256Hex(mustRead(t, root, d.Request)), SHA256Hex([]byte(req)), 1)
	st = strings.Replace(st, SHA256Hex(mustRead(t, root, d.Snapshot)), SHA256Hex([]byte(snap)), 1)
	writeRel(t, root, d.Request, req)
	writeRel(t, root, d.Snapshot, snap)
	writeRel(t, root, d.State, st)
}

// TestPollAndResumeRefuseProtectedRoots: a request that names a protected
// root (written around dispatch) never gets its adapter run, and a resume
// fails it. The adapter's own folder is protected without any option.
func TestPollAndResumeRefuseProtectedRoots(t *testing.T) {
	for _, to := range []string{".github/workflows/", ".git/hooks/", "connectors/", "scripts/", "scripts/out/"} {
		t.Run(to, func(t *testing.T) {
			root, ms := resumeRepo(t)
			d := dispatchAt(t, root, ms, time.Now(), 60, 2)
			forgeRoot(t, root, d, to)
			writeRel(t, root, "scripts/acme-adapter", "#!/bin/sh\necho ran >> ran.log\n")
			adapters := map[string]Adapter{"acme-research-agent": {Command: []string{"sh", "scripts/acme-adapter"}, Timeout: time.Minute}}
			if got := pollOnce(t, root, ms, adapters); len(got) != 0 {
				t.Errorf("poll acted on it: %+v", got)
			}
			if _, err := os.Stat(filepath.Join(root, "ran.log")); !os.IsNotExist(err) {
				t.Errorf("the adapter ran: %v", err)
			}
			if _, err := os.Stat(filepath.Join(root, claimPath(filepathDir(d.Request), d.TaskID))); !os.IsNotExist(err) {
				t.Errorf("poll claimed it: %v", err)
			}
			rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Protected: Protected{}.WithAdapters(adapters)})
			if err != nil || len(rep.Tasks) != 1 {
				t.Fatalf("resume: %v %+v", err, rep)
			}
			if o := rep.Tasks[0]; o.Status != StatusFailed || !reflect.DeepEqual(o.Rules, []string{"CN218"}) {
				t.Errorf("resume = %+v", o.TaskDecision)
			}
		})
	}
}
