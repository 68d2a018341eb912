package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

type workflowJob struct {
	Needs       any               `yaml:"needs"`
	If          string            `yaml:"if"`
	Uses        string            `yaml:"uses"`
	With        map[string]any    `yaml:"with"`
	Secrets     any               `yaml:"secrets"`
	Permissions map[string]string `yaml:"permissions"`
	Strategy    struct {
		FailFast *bool          `yaml:"fail-fast"`
		Matrix   map[string]any `yaml:"matrix"`
	} `yaml:"strategy"`
	Steps []workflowStep `yaml:"steps"`
}

type workflowFile struct {
	On struct {
		WorkflowCall struct {
			Inputs  map[string]struct{ Type string }   `yaml:"inputs"`
			Secrets map[string]struct{ Required bool } `yaml:"secrets"`
		} `yaml:"workflow_call"`
	} `yaml:"on"`
	Concurrency struct {
		Group            string `yaml:"group"`
		CancelInProgress *bool  `yaml:"cancel-in-progress"`
	} `yaml:"concurrency"`
	Permissions map[string]string      `yaml:"permissions"`
	Jobs        map[string]workflowJob `yaml:"jobs"`
}

func readWorkflow(t *testing.T, rel string) workflowFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, rel))
	if err != nil {
		t.Fatal(err)
	}
	var wf workflowFile
	if err := yaml.Unmarshal(b, &wf); err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return wf
}

// needsList is a job's needs, which YAML allows as one name or a list.
func needsList(v any) []string {
	switch n := v.(type) {
	case string:
		return []string{n}
	case []any:
		var out []string
		for _, x := range n {
			out = append(out, x.(string))
		}
		return out
	}
	return nil
}

// stepUsing returns the job's first step that uses the action what (a
// prefix of uses) or, when what is "run:" and text, whose script contains text.
func stepUsing(t *testing.T, job workflowJob, jobName, what string) workflowStep {
	t.Helper()
	if i := stepIndex(job, what); i >= 0 {
		return job.Steps[i]
	}
	t.Fatalf("job %s has no step %q", jobName, what)
	return workflowStep{}
}

// TestConnectorWorkflowStructure holds the reusable workflow to scale.md:
// a matrix over [1..shards], one artifact per shard, one resume job that runs
// even when shards failed, a concurrency group per repository, and the least
// permissions per job.
func TestConnectorWorkflowStructure(t *testing.T) {
	wf := readWorkflow(t, ".github/workflows/squad-connector.yml")
	inputs := wf.On.WorkflowCall.Inputs
	for _, name := range []string{"shards", "config", "notify", "notify-issue", "adapter-env", "repository"} {
		if _, ok := inputs[name]; !ok {
			t.Errorf("workflow_call has no input %s", name)
		}
	}
	if inputs["shards"].Type != "number" {
		t.Errorf("input shards is %q, want number", inputs["shards"].Type)
	}
	if s, ok := wf.On.WorkflowCall.Secrets["SQUADCI_TOKEN"]; !ok || s.Required {
		t.Errorf("workflow_call secrets: want an optional SQUADCI_TOKEN, got %+v", wf.On.WorkflowCall.Secrets)
	}
	if !strings.Contains(wf.Concurrency.Group, "inputs.repository || github.repository") ||
		wf.Concurrency.CancelInProgress == nil || *wf.Concurrency.CancelInProgress {
		t.Errorf("concurrency %+v: want a group per repository and cancel-in-progress false", wf.Concurrency)
	}
	plan, poll, resume := wf.Jobs["plan"], wf.Jobs["poll"], wf.Jobs["resume"]
	if run := stepUsing(t, plan, "plan", "run:range(1; $n + 1)").Run; !strings.Contains(run, `"shards=`) {
		t.Errorf("plan does not output the shard list [1..N]:\n%s", run)
	}
	checkPollJob(t, poll)
	checkResumeJob(t, resume)
	perms := map[string]map[string]string{
		"workflow": wf.Permissions, "plan": plan.Permissions, "poll": poll.Permissions, "resume": resume.Permissions,
	}
	want := map[string]map[string]string{
		"workflow": {}, "plan": {}, "poll": {"contents": "read"},
		"resume": {"contents": "write", "issues": "write"},
	}
	for k := range want {
		if !reflect.DeepEqual(perms[k], want[k]) {
			t.Errorf("permissions of %s: got %v, want %v", k, perms[k], want[k])
		}
	}
}

func checkPollJob(t *testing.T, poll workflowJob) {
	t.Helper()
	if got := poll.Strategy.Matrix["shard"]; got != "${{ fromJSON(needs.plan.outputs.shards) }}" {
		t.Errorf("poll matrix shard = %v, want the plan's list", got)
	}
	if poll.Strategy.FailFast == nil || *poll.Strategy.FailFast {
		t.Error("poll: one failing shard must not cancel the others (fail-fast: false)")
	}
	run := stepUsing(t, poll, "poll", "./.squadci-action")
	if run.With["mode"] != "poll" || run.With["shard"] != "${{ matrix.shard }}/${{ inputs.shards }}" || run.With["list-created"] == "" {
		t.Errorf("poll step with = %v: want mode poll, shard matrix.shard/inputs.shards and list-created", run.With)
	}
	up := stepUsing(t, poll, "poll", "actions/upload-artifact@v4")
	if !strings.HasSuffix(up.With["name"], "-shard-${{ matrix.shard }}-of-${{ inputs.shards }}") ||
		up.With["if-no-files-found"] != "ignore" || !strings.Contains(up.If, "!cancelled()") {
		t.Errorf("upload = %+v: want one artifact per shard, if-no-files-found ignore, also after a failed poll", up)
	}
}

func checkResumeJob(t *testing.T, resume workflowJob) {
	t.Helper()
	if needs := needsList(resume.Needs); !strings.Contains(strings.Join(needs, ","), "poll") {
		t.Errorf("resume needs %v, want poll", needs)
	}
	if !strings.Contains(resume.If, "!cancelled()") {
		t.Errorf("resume if %q: it must run after failed shards too", resume.If)
	}
	down := stepUsing(t, resume, "resume", "actions/download-artifact@v4")
	if !strings.HasSuffix(down.With["pattern"], "-shard-*-of-${{ inputs.shards }}") || down.With["merge-multiple"] != "false" {
		t.Errorf("download = %v: want every shard's artifact, each in its own directory", down.With)
	}
	order := []string{"actions/download-artifact@v4", "run:connector merge", "./.squadci-action", "run:commit-push.sh"}
	last := -1
	for _, what := range order {
		i := stepIndex(resume, what)
		if i <= last {
			t.Errorf("resume: step %q at %d, want it after the previous of %v", what, i, order)
		}
		last = i
	}
	if act := stepUsing(t, resume, "resume", "./.squadci-action"); act.With["mode"] != "resume" {
		t.Errorf("resume action mode %q, want resume", act.With["mode"])
	}
}

func stepIndex(job workflowJob, what string) int {
	text, isRun := strings.CutPrefix(what, "run:")
	for i, s := range job.Steps {
		if (isRun && strings.Contains(s.Run, text)) || (!isRun && strings.HasPrefix(s.Uses, what)) {
			return i
		}
	}
	return -1
}

// TestOrgNightlyExample holds the organization caller to issue 16 item 4: a
// matrix over the listed repositories that does not fail fast, each leg a
// call of the reusable workflow for that repository with the secrets
// inherited, and a summary job that runs whatever the legs did.
func TestOrgNightlyExample(t *testing.T) {
	wf := readWorkflow(t, "examples/org-nightly.yml")
	leg := wf.Jobs["connector"]
	if !reusableWorkflowRef.MatchString(leg.Uses) {
		t.Errorf("connector uses %q, want the reusable workflow", leg.Uses)
	}
	if leg.Strategy.FailFast == nil || *leg.Strategy.FailFast {
		t.Error("connector: fail-fast must be false")
	}
	if leg.Strategy.Matrix["repository"] != "${{ fromJSON(needs.list.outputs.repositories) }}" ||
		leg.With["repository"] != "${{ matrix.repository }}" || leg.Secrets != "inherit" {
		t.Errorf("connector leg: matrix %v, with %v, secrets %v", leg.Strategy.Matrix, leg.With, leg.Secrets)
	}
	sum := wf.Jobs["summary"]
	if !strings.Contains(sum.If, "always()") || !strings.Contains(strings.Join(needsList(sum.Needs), ","), "connector") {
		t.Errorf("summary: needs %v, if %q: want it after every leg, whatever they did", sum.Needs, sum.If)
	}
}
