package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// hostileAdapter is the research adapter that also leaves names meant to
// smuggle runner files into the shard's upload: a name with a newline
// followed by an absolute path, a link to a runner file, and a linked
// folder.
const hostileAdapter = `#!/bin/sh
set -eu
root="$SQUADCI_DELIVERABLE_ROOT"
mkdir -p "$root"
mkdir -p "$root/report
/proc/self" "$root/x
/etc"
printf 'smuggle\n' > "$root/report
/proc/self/environ"
printf 'smuggle\n' > "$root/x
/etc/passwd"
printf 'tab\n' > "$root/a	b.md"
ln -s /etc/passwd "$root/passwd.md"
ln -s /etc "$root/etc"
`

// collectStep is the reusable workflow's collect step, its script as
// written.
func collectStep(t *testing.T) workflowStep {
	t.Helper()
	wf := readWorkflow(t, ".github/workflows/squad-connector.yml")
	for _, s := range wf.Jobs["poll"].Steps {
		if s.ID == "collect" {
			return s
		}
	}
	t.Fatal("the poll job has no step with id collect")
	return workflowStep{}
}

// runCollect runs the step's script with bash in the checkout dir, as the
// runner would, and returns the upload folder, the exit code and output.
func runCollect(t *testing.T, step workflowStep, dir, list string) (string, int, string) {
	t.Helper()
	temp := t.TempDir()
	out := filepath.Join(temp, "squadci-shard")
	cmd := exec.Command("bash", "-e", "-o", "pipefail", "-c", step.Run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "LIST="+list, "OUT="+out, "RUNNER_TEMP="+temp)
	b, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out, code, string(b)
}

// uploaded lists what the upload folder holds, links and all.
func uploaded(t *testing.T, out string) map[string]os.FileMode {
	t.Helper()
	got := map[string]os.FileMode{}
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(out, p)
		got[filepath.ToSlash(rel)] = d.Type()
		return nil
	})
	return got
}

// The collect step of the reusable workflow, run as written on a shard
// whose adapter created hostile names: only regular files of the task
// (claim, result, its deliverables) reach the upload folder; the names
// with control characters are left out of the list by poll (which exits
// 1), links are not copied, and nothing from outside the checkout arrives.
func TestCollectStepUploadsOnlyTaskFiles(t *testing.T) {
	testtool.LookPath(t, "bash", "apt-get install bash")
	step := collectStep(t)
	root, tasks := shardRepo(t, 1)
	adapter := researchAdapter[:strings.LastIndex(researchAdapter, "echo \"adapter finished")] + hostileAdapter[strings.Index(hostileAdapter, "root="):]
	writeFile(t, root, "adapter.sh", adapter)
	list := filepath.Join(t.TempDir(), "created.txt")
	code, stdout, stderr := runEnv(t, root, nil, "poll", "--list-created", list)
	if code != exitFindings || !strings.Contains(stderr, "control character") {
		t.Fatalf("poll: exit %d, want %d for the refused names\n%s\n%s", code, exitFindings, stdout, stderr)
	}
	if strings.Contains(stderr, "/proc/self/environ") || strings.Contains(stderr, "/etc/passwd") {
		t.Errorf("poll echoed the hostile names:\n%s", stderr)
	}
	out, code, log := runCollect(t, step, root, list)
	if code != 0 {
		t.Fatalf("collect: exit %d\n%s", code, log)
	}
	id := tasks[0].id
	want := map[string]bool{
		taskMailbox + id + ".claim.json": true, taskMailbox + id + ".result.json": true,
		"reports/" + id + "/" + id + ".md": true, "adapter-calls.log": true,
	}
	got := uploaded(t, out)
	for p, mode := range got {
		if !want[p] || mode != 0 {
			t.Errorf("uploaded %q (%v)", p, mode)
		}
	}
	for p := range want {
		if _, ok := got[p]; !ok {
			t.Errorf("%s was not uploaded\n%s", p, log)
		}
	}
	if !strings.Contains(log, "not a regular file") {
		t.Errorf("the links were not reported:\n%s", log)
	}
}

// A list that was tampered with — an absolute path, a ".." segment, a
// newline inside an entry, a missing final NUL — fails the collect step
// before anything is copied.
func TestCollectStepRefusesATamperedList(t *testing.T) {
	testtool.LookPath(t, "bash", "apt-get install bash")
	step := collectStep(t)
	dir := t.TempDir()
	writeFile(t, dir, "reports/ok.md", "fine\n")
	for name, list := range map[string]string{
		"absolute":   "reports/ok.md\x00/etc/passwd\x00",
		"dotdot":     "reports/ok.md\x00reports/../../outside\x00",
		"newline":    "reports/ok.md\x00reports/x\n/etc/passwd\x00",
		"no-end-nul": "reports/ok.md\x00reports/ok.md",
		"dash":       "-t\x00reports/ok.md\x00",
		"empty":      "reports/ok.md\x00\x00",
	} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "created.txt")
			if err := os.WriteFile(file, []byte(list), 0o644); err != nil {
				t.Fatal(err)
			}
			out, code, log := runCollect(t, step, dir, file)
			if code == 0 {
				t.Errorf("collect passed\n%s", log)
			}
			if got := uploaded(t, out); len(got) != 0 {
				t.Errorf("copied before refusing: %v", got)
			}
			if !strings.Contains(log, "::error::") {
				t.Errorf("no error annotation:\n%s", log)
			}
		})
	}
	// The same list, well formed, is copied.
	file := filepath.Join(t.TempDir(), "created.txt")
	os.WriteFile(file, []byte("reports/ok.md\x00"), 0o644)
	out, code, log := runCollect(t, step, dir, file)
	if got := uploaded(t, out); code != 0 || len(got) != 1 {
		t.Errorf("a clean list: exit %d, copied %v\n%s", code, got, log)
	}
}
