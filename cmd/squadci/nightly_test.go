package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
	"gopkg.in/yaml.v3"
)

// workflowStep is a step of a workflow or of action.yml's composite run.
type workflowStep struct {
	ID               string            `yaml:"id"`
	Name             string            `yaml:"name"`
	Uses             string            `yaml:"uses"`
	If               string            `yaml:"if"`
	Shell            string            `yaml:"shell"`
	Run              string            `yaml:"run"`
	WorkingDirectory string            `yaml:"working-directory"`
	With             map[string]string `yaml:"with"`
	Env              map[string]string `yaml:"env"`
}

// nightlyName is the name of the README's scheduled workflow.
const nightlyName = "squad connector"

// nightlySteps returns the README's nightly workflow's squadci step and its
// commit step.
func nightlySteps(t *testing.T) (action, commit workflowStep) {
	t.Helper()
	for _, text := range readmeWorkflows(t) {
		var wf struct {
			Name string
			Jobs map[string]struct{ Steps []workflowStep }
		}
		if err := yaml.Unmarshal([]byte(text), &wf); err != nil {
			t.Fatalf("a README workflow is not YAML: %v", err)
		}
		if wf.Name != nightlyName {
			continue
		}
		for _, job := range wf.Jobs {
			for _, s := range job.Steps {
				switch {
				case strings.HasPrefix(s.Uses, "squadci/squadci@"):
					action = s
				case strings.HasPrefix(s.Name, "Commit"):
					commit = s
				}
			}
		}
	}
	if action.ID == "" || commit.Run == "" {
		t.Fatalf("the README's %q workflow lacks a squadci step with an id or a Commit step", nightlyName)
	}
	return action, commit
}

// buildWithAction runs action.yml's install step for a branch (the build
// path) and its "Build squadci" step as the runner would, and returns the
// directories they added to GITHUB_PATH: the job's later steps find squadci
// there.
func buildWithAction(t *testing.T, bash string) []string {
	t.Helper()
	a := newActionRun(t)
	if out, code := a.runInstallSteps(t, bash, "main"); code != 0 || a.read(a.output) != "path=build\n" {
		t.Fatalf("action.yml's install and build steps: exit %d, GITHUB_OUTPUT %q; want path=build\n%s", code, a.read(a.output), out)
	}
	return strings.Fields(a.read(a.path))
}

// runScript runs a step's run: script the way a `shell: bash` step does.
func runScript(t testing.TB, bash, script, dir string, env []string) (string, int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "step.sh")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", file)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running the step: %v", err)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// TestNightlyWorkflowCommitStep runs the README's nightly workflow in a
// repository scaffolded by `connector new` (plus an adapter), cloned from a
// local bare remote: the action's build step, its squadci step with the
// workflow's inputs, then the commit step, which must commit the task state,
// the mailbox and the deliverable wherever its root is, push, and say
// "nothing to commit" when run again. The first case has no
// .copilot-tracking/ at all.
func TestNightlyWorkflowCommitStep(t *testing.T) {
	t.Parallel() // a long scenario that mostly waits on processes: beside the others
	testtool.LookPath(t, "git", "apt-get install git")
	bash := testtool.LookPath(t, "bash", "apt-get install bash")
	actionStep, commitStep := nightlySteps(t)
	if commitStep.Shell != "bash" {
		t.Errorf("the commit step has shell %q; without shell: bash a pipeline's failure does not fail the step", commitStep.Shell)
	}
	binDirs := buildWithAction(t, bash)
	for _, root := range []string{"reports/research/", ".copilot-tracking/research/2026-03-02/"} {
		t.Run(root, func(t *testing.T) {
			n := newNightlyRepo(t, binDirs)
			// Scaffolded and committed, nothing dispatched: nothing to commit.
			noOutputs := map[string]string{}
			if out, code := runScript(t, bash, commitStep.Run, n.work, n.stepEnv(t, commitStep, noOutputs)); code != 0 || !strings.Contains(out, "nothing to commit") {
				t.Fatalf("commit step in the scaffolded repository: exit %d\n%s", code, out)
			}
			id := n.dispatch(t, root)
			outputs := n.runAction(t, actionStep)
			if outputs["completed"] != "1" {
				t.Fatalf("the action completed %q tasks, want 1", outputs["completed"])
			}
			if _, err := os.Stat(filepath.Join(n.work, ".copilot-tracking")); root == "reports/research/" && err == nil {
				t.Fatal(".copilot-tracking exists; this case is about a repository without it")
			}
			// A lock a killed run left behind must not be committed: the
			// next run, on another host, could never break it.
			lock := taskMailbox + ".squad-connector/" + id + ".lock"
			writeFile(t, n.work, lock, `{"pid": 1, "host": "runner-1", "createdAt": "2026-03-02T10:00:00Z"}`+"\n")

			out, code := runScript(t, bash, commitStep.Run, n.work, n.stepEnv(t, commitStep, outputs))
			if code != 0 {
				t.Fatalf("commit step: exit %d\n%s", code, out)
			}
			if got := n.bareGit(t, "log", "-1", "--format=%s"); got != "squad connector: 1 completed, 0 failed\n" {
				t.Errorf("pushed commit %q", got)
			}
			tree := n.bareGit(t, "ls-tree", "-r", "--name-only", "HEAD")
			state := taskMailbox + ".squad-connector/" + id + ".state.json"
			for _, want := range []string{state, taskMailbox + id + ".result.json", taskMailbox + id + ".claim.json", root + id + ".md"} {
				if !strings.Contains(tree, want+"\n") {
					t.Errorf("the pushed tree lacks %s:\n%s", want, tree)
				}
			}
			for _, unwanted := range []string{lock, "adapter-calls.log"} {
				if strings.Contains(tree, unwanted) {
					t.Errorf("the pushed tree holds %s, which the run did not mean to commit", unwanted)
				}
			}
			if got := n.bareGit(t, "show", "HEAD:"+state); !strings.Contains(got, `"status": "completed"`) {
				t.Errorf("the pushed state is not completed:\n%s", got)
			}
			head := n.bareGit(t, "rev-parse", "HEAD")
			out, code = runScript(t, bash, commitStep.Run, n.work, n.stepEnv(t, commitStep, outputs))
			if code != 0 || !strings.Contains(out, "nothing to commit") {
				t.Errorf("second commit step: exit %d, want 0 and \"nothing to commit\"\n%s", code, out)
			}
			if n.bareGit(t, "rev-parse", "HEAD") != head {
				t.Errorf("the second commit step pushed a commit")
			}
		})
	}
}

// nightlyRepo is a checkout of a repository with one connector and its
// adapter, with a local bare repository as origin.
type nightlyRepo struct {
	work, bare string
	env        []string // HOME and PATH (squadci first) for every command
}

func newNightlyRepo(t *testing.T, binDirs []string) *nightlyRepo {
	t.Helper()
	home := t.TempDir()
	n := &nightlyRepo{bare: filepath.Join(t.TempDir(), "origin.git"), work: filepath.Join(t.TempDir(), "work")}
	n.env = []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "PATH=" + strings.Join(append(binDirs, os.Getenv("PATH")), string(os.PathListSeparator))}
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[user]\n\tname = squad\n\temail = squad@example.com\n[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	seed := t.TempDir()
	n.run(t, seed, "git", "init", "-q")
	n.run(t, seed, "squadci", "connector", "new", "--id", "acme-research-agent", "--role", "researcher",
		"--capability", "Researches a question and writes a cited note.", "--contact", "squad-integrations@example.com", "--no-adapter")
	writeFile(t, seed, "adapter.sh", researchAdapter)
	writeFile(t, seed, ".squadci.yml", adapterConfig(""))
	n.run(t, seed, "git", "add", "--all")
	n.run(t, seed, "git", "commit", "-q", "-m", "scaffold")
	n.run(t, seed, "git", "init", "-q", "--bare", n.bare)
	n.run(t, seed, "git", "push", "-q", n.bare, "main")
	n.run(t, seed, "git", "clone", "-q", n.bare, n.work)
	return n
}

// run runs a command, found on the repository's PATH, with the
// repository's environment.
func (n *nightlyRepo) run(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(n.lookPath(t, name), args...)
	cmd.Dir, cmd.Env = dir, n.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (n *nightlyRepo) bareGit(t *testing.T, args ...string) string {
	t.Helper()
	return n.run(t, n.bare, "git", args...)
}

// dispatch dispatches a research task into root and commits it, as the
// squad does before the nightly run.
func (n *nightlyRepo) dispatch(t *testing.T, root string) string {
	t.Helper()
	out := n.run(t, n.work, "squadci", append([]string{"connector", "dispatch", "--format", "json"},
		replaceFlag(researchArgs, "--deliverable-root", root)...)...)
	id := regexp.MustCompile(`"taskId": "([^"]+)"`).FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("dispatch printed no taskId:\n%s", out)
	}
	n.run(t, n.work, "git", "add", "--all", ".connector-drops")
	n.run(t, n.work, "git", "commit", "-q", "-m", "dispatch")
	n.run(t, n.work, "git", "push", "-q")
	return id[1]
}

func replaceFlag(args []string, flag, value string) []string {
	out := append([]string(nil), args...)
	for i := range out[:len(out)-1] {
		if out[i] == flag {
			out[i+1] = value
		}
	}
	return out
}

// runAction runs the workflow's squadci step with its inputs, from a
// directory that is not the workspace (the action must not care), against
// a fake GitHub API, and returns its outputs.
func (n *nightlyRepo) runAction(t *testing.T, step workflowStep) map[string]string {
	t.Helper()
	env, output, _ := actionEnv(t, step.With)
	_, srv := newFakeGitHub(t)
	env = append(env, n.env...)
	env = append(env, "GITHUB_WORKSPACE="+n.work, "GITHUB_API_URL="+srv.URL, "INPUT_GITHUB-TOKEN=tok-123")
	cmd := exec.Command(n.lookPath(t, "squadci"), "action")
	cmd.Dir, cmd.Env = t.TempDir(), env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the workflow's squadci step: %v\n%s", err, out)
	}
	return readStepOutputs(t, output)
}

func (n *nightlyRepo) lookPath(t *testing.T, name string) string {
	t.Helper()
	for _, e := range n.env {
		if dirs, ok := strings.CutPrefix(e, "PATH="); ok {
			for _, d := range filepath.SplitList(dirs) {
				if p := filepath.Join(d, name); isExecutable(p) {
					return p
				}
			}
		}
	}
	t.Fatalf("%s is not on the step's PATH", name)
	return ""
}

func isExecutable(p string) bool {
	info, err := os.Stat(p)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

// stepEnv is the environment a step declares, its expressions over the
// squadci step's outputs evaluated, on top of the repository's.
func (n *nightlyRepo) stepEnv(t *testing.T, step workflowStep, outputs map[string]string) []string {
	t.Helper()
	expr := regexp.MustCompile(`^\$\{\{ *steps\.squadci\.outputs\.([a-z-]+) *\}\}$`)
	env := append([]string(nil), n.env...)
	for k, v := range step.Env {
		m := expr.FindStringSubmatch(v)
		if m == nil {
			t.Fatalf("the commit step's env %s is %q; this test evaluates only steps.squadci.outputs", k, v)
		}
		env = append(env, k+"="+outputs[m[1]])
	}
	return env
}
