package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// actionSteps reads action.yml's composite steps.
func actionSteps(t testing.TB) []workflowStep {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Runs struct{ Steps []workflowStep }
	}
	if err := yaml.Unmarshal(b, &action); err != nil {
		t.Fatal(err)
	}
	return action.Runs.Steps
}

// actionStep returns the step of action.yml with that id, or that name.
func actionStep(t testing.TB, idOrName string) workflowStep {
	t.Helper()
	for _, s := range actionSteps(t) {
		if s.ID == idOrName || s.Name == idOrName {
			return s
		}
	}
	t.Fatalf("action.yml has no step %q", idOrName)
	return workflowStep{}
}

// actionRun is a job's runner state across action.yml's steps.
type actionRun struct {
	temp, output, path string // RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_PATH
}

func newActionRun(t testing.TB) actionRun {
	tmp := t.TempDir()
	return actionRun{tmp, filepath.Join(tmp, "github-output"), filepath.Join(tmp, "github-path")}
}

// env is the runner's environment for a step: the expressions of the
// step's env: come in set, as the runner would have evaluated them.
func (a actionRun) env(t testing.TB, set ...string) []string {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	return installEnv(append([]string{"RUNNER_TEMP=" + a.temp, "GITHUB_OUTPUT=" + a.output,
		"GITHUB_PATH=" + a.path, "GITHUB_ACTION_PATH=" + root}, set...)...)
}

// read returns a file a step appends to ("" when none wrote it).
func (a actionRun) read(file string) string {
	b, _ := os.ReadFile(file)
	return string(b)
}

// runInstallStep runs action.yml's install step for action ref ref.
func (a actionRun) runInstallStep(t testing.TB, bash, ref string, set ...string) (log string, code int) {
	t.Helper()
	return runScript(t, bash, actionStep(t, "install").Run, t.TempDir(), a.env(t, append(set, "REF="+ref)...))
}

// runInstallSteps runs the install step, then, when it chose the build
// path, the build step (setup-go is this machine's Go): everything before
// the action's run step. log holds both steps' output.
func (a actionRun) runInstallSteps(t testing.TB, bash, ref string, set ...string) (log string, code int) {
	t.Helper()
	log, code = a.runInstallStep(t, bash, ref, set...)
	if code != 0 || strings.TrimSpace(a.read(a.output)) != "path=build" {
		return log, code
	}
	build := actionStep(t, "Build squadci")
	out, code := runScript(t, bash, build.Run, repoRoot, a.env(t, append(envList(build.Env), set...)...))
	return log + out, code
}

// TestActionInstallStep runs action.yml's install step as the runner
// would: a release tag takes the download path (and the Go steps are
// skipped), a branch the build path, a failed check fails the step; the
// run step finds squadci in the same place either way. The time each path
// takes is BenchmarkActionInstall's.
func TestActionInstallStep(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	bash := installTools(t)
	h := host(t)
	r := testRelease(t, h)
	runner := []string{"RUNNER_OS=" + h.runnerOS, "RUNNER_ARCH=" + h.runnerArch}
	for _, name := range []string{"Set up Go", "Build squadci"} {
		if s := actionStep(t, name); s.If != "steps.install.outputs.path == 'build'" {
			t.Errorf("action.yml step %q runs if %q; want only on the build path", name, s.If)
		}
	}
	if steps := actionSteps(t); steps[0].ID != "install" {
		t.Errorf("action.yml's first step is %q; want the install step", steps[0].Name)
	}
	if run := actionStep(t, "run"); run.If != "" || !strings.Contains(run.Run, `"$RUNNER_TEMP/squadci-bin/squadci"`) {
		t.Errorf("the run step (if %q) does not run $RUNNER_TEMP/squadci-bin/squadci, where both paths put it:\n%s", run.If, run.Run)
	}

	t.Run("download", func(t *testing.T) {
		srv := serveRelease(t, r, serveOpts{})
		a := newActionRun(t)
		log, code := a.runInstallStep(t, bash, r.tag(), append(runner, "SQUADCI_DOWNLOAD_BASE="+srv.URL)...)
		a.assertInstalled(t, log, code, "download", "squadci: installed the released binary for "+r.tag())
	})
	t.Run("local copy named by SQUADCI_REF", func(t *testing.T) {
		// uses: ./.squadci-action (the reusable workflow) has no action_ref.
		srv := serveRelease(t, r, serveOpts{})
		a := newActionRun(t)
		log, code := a.runInstallStep(t, bash, "", append(runner, "SQUADCI_DOWNLOAD_BASE="+srv.URL, "SQUADCI_REF="+r.tag())...)
		a.assertInstalled(t, log, code, "download", "squadci: installed the released binary for "+r.tag())
	})
	t.Run("build", func(t *testing.T) {
		srv := serveRelease(t, r, serveOpts{})
		a := newActionRun(t)
		log, code := a.runInstallSteps(t, bash, "main", append(runner, "SQUADCI_DOWNLOAD_BASE="+srv.URL)...)
		a.assertInstalled(t, log, code, "build", "squadci: action ref 'main': building from source")
		if n := srv.requests.Load(); n != 0 {
			t.Errorf("the build path made %d requests", n)
		}
	})
	t.Run("failed check", func(t *testing.T) {
		bad := r.editChecksumLine(func(string) string { return "" })
		srv := serveRelease(t, bad, serveOpts{})
		a := newActionRun(t)
		log, code := a.runInstallStep(t, bash, r.tag(), append(runner, "SQUADCI_DOWNLOAD_BASE="+srv.URL)...)
		if code == 0 || !strings.Contains(log, "wrong checksum line") || a.read(a.output) != "" || a.read(a.path) != "" {
			t.Errorf("exit %d, GITHUB_OUTPUT %q, GITHUB_PATH %q; want a failed step that chose no path:\n%s", code, a.read(a.output), a.read(a.path), log)
		}
		assertEntries(t, filepath.Join(a.temp, "squadci-bin"))
	})
}

// assertInstalled checks a path's outcome: the step succeeded, said which
// path it took, set it as its output, put the binary's directory on PATH,
// and the binary there runs.
func (a actionRun) assertInstalled(t *testing.T, log string, code int, path, says string) {
	t.Helper()
	binDir := filepath.Join(a.temp, "squadci-bin")
	if code != 0 || !strings.Contains(log, says) {
		t.Fatalf("exit %d; want 0 and %q in the log:\n%s", code, says, log)
	}
	if got := a.read(a.output); got != "path="+path+"\n" {
		t.Errorf("GITHUB_OUTPUT %q; want path=%s", got, path)
	}
	if got := a.read(a.path); got != binDir+"\n" {
		t.Errorf("GITHUB_PATH %q; want %s", got, binDir)
	}
	runVersion(t, filepath.Join(binDir, "squadci"))
}

// envList turns a step's env: map into NAME=value entries.
func envList(m map[string]string) []string {
	var env []string
	for k, v := range m {
		env = append(env, k+"="+v)
	}
	return env
}
