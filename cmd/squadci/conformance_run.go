package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/diag"
)

// Scenario verdicts.
const (
	verdictPassed        = "passed"
	verdictFailed        = "failed"
	verdictNotApplicable = "not-applicable"
)

// evidence is one thing a verdict rests on: a file of the scenario tree
// and, where squadci's own validators report it, the rule.
type evidence struct {
	File    string `json:"file,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message"`
}

// scenarioResult is one scenario's verdict.
type scenarioResult struct {
	Scenario  string     `json:"scenario"`
	Item      int        `json:"item"`
	Checklist string     `json:"checklist"`
	Verdict   string     `json:"verdict"`
	Message   string     `json:"message"`
	Evidence  []evidence `json:"evidence,omitempty"`
	Tree      string     `json:"tree,omitempty"` // with --keep
	Seconds   float64    `json:"seconds"`
}

type conformanceCounts struct {
	Passed        int `json:"passed"`
	Failed        int `json:"failed"`
	NotApplicable int `json:"notApplicable"`
}

func (c conformanceCounts) summary() string {
	return fmt.Sprintf("%d passed, %d failed, %d not applicable", c.Passed, c.Failed, c.NotApplicable)
}

// conformanceReport is a whole run.
type conformanceReport struct {
	connectorID, endpointKind, schemaVersion string
	manifest                                 string // its repository-relative path
	manifestLines                            int
	argv                                     []string
	results                                  []scenarioResult
	counts                                   conformanceCounts
}

// run runs every scenario (or the one named), one after the other, each in
// its own tree.
func (s *conformanceSuite) run(ctx context.Context, only string) (*conformanceReport, error) {
	rep := &conformanceReport{connectorID: s.manifest.ConnectorID, endpointKind: s.endpointKind(),
		schemaVersion: s.manifest.SchemaVersion, manifest: s.manifest.Path, argv: s.argv}
	if b, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(s.manifest.Path))); err == nil {
		rep.manifestLines = bytes.Count(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) + 1
	}
	for _, sc := range conformanceScenarios {
		if only != "" && sc.name != only {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		start := time.Now()
		r, err := s.runScenario(ctx, sc)
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", sc.name, err)
		}
		r.Seconds = time.Since(start).Round(time.Millisecond).Seconds()
		switch r.Verdict {
		case verdictPassed:
			rep.counts.Passed++
		case verdictFailed:
			rep.counts.Failed++
		default:
			rep.counts.NotApplicable++
		}
		rep.results = append(rep.results, r)
	}
	return rep, nil
}

func (s *conformanceSuite) runScenario(ctx context.Context, sc *conformanceScenario) (scenarioResult, error) {
	r := scenarioResult{Scenario: sc.name, Item: sc.item, Checklist: checklist[sc.item-1]}
	why := sc.applies(s)
	if why == "" && s.manifestBroken && sc.name != "manifest-clean" {
		why = "the manifest does not validate, so no task can be dispatched to it (see manifest-clean)"
	}
	if why != "" {
		r.Verdict, r.Message = verdictNotApplicable, why
		return r, nil
	}
	t, err := s.newTree(sc.name)
	if err != nil {
		return r, err
	}
	defer t.remove()
	if s.keep != "" {
		r.Tree = t.dir
	}
	v, err := sc.run(ctx, t)
	if err != nil {
		return r, err
	}
	r.Verdict, r.Message, r.Evidence = verdictPassed, v.message, v.evidence
	if v.failed {
		r.Verdict = verdictFailed
	}
	return r, nil
}

func (s *conformanceSuite) endpointKind() string {
	if s.manifest.EndpointKind == "" {
		return "agent"
	}
	return s.manifest.EndpointKind
}

func (s *conformanceSuite) orchestrator() bool {
	return s.manifest.EndpointKind == "orchestrator" && s.manifest.SchemaVersion == "1.1"
}

// verdict is what a scenario found.
type verdict struct {
	failed   bool
	message  string
	evidence []evidence
}

func pass(format string, args ...any) verdict { return verdict{message: fmt.Sprintf(format, args...)} }

// with adds evidence to a passing verdict: the file judged and the rules
// that found nothing in it.
func (v verdict) with(file string, rules []string, what string) verdict {
	v.evidence = append(v.evidence, evidence{File: file, Rule: strings.Join(rules, " "), Message: what})
	return v
}

func fail(ev []evidence, format string, args ...any) verdict {
	return verdict{failed: true, message: fmt.Sprintf(format, args...), evidence: ev}
}

// taskSpec varies a scenario's task from the defaults.
type taskSpec struct {
	task    string
	role    string
	binding string
	inputs  []string
	late    bool // dispatched so that its deadline has passed already
}

// Where a scenario's tasks deliver.
const (
	conformanceRoot      = "reports/conformance/"
	conformanceSquadRoot = ".copilot-tracking/squad/"
)

// dispatch writes one task into the tree as the shim would: snapshot,
// request and awaiting state, through connector.Dispatch.
func (t *scenarioTree) dispatch(ctx context.Context, spec taskSpec) (*connector.Dispatched, error) {
	fsys := connector.DirFS(t.dir)
	ms, findings, _, err := connector.LoadManifests(ctx, fsys)
	if err != nil {
		return nil, err
	}
	var m *connector.Manifest
	for _, x := range ms {
		if x.ConnectorID == t.suite.manifest.ConnectorID {
			m = x
		}
	}
	if m == nil {
		return nil, fmt.Errorf("the tree lost the manifest of %s", t.suite.manifest.ConnectorID)
	}
	o := connector.DispatchOptions{ConnectorID: m.ConnectorID, Role: spec.role, Task: spec.task,
		DeliverableRoot: conformanceRoot, Inputs: spec.inputs, DeadlineMinutes: -1, RetryCap: -1,
		Protected: t.suite.protected}
	if o.Role == "" && len(m.Roles) > 0 {
		o.Role = m.Roles[0]
	}
	if m.SchemaVersion == "1.1" {
		o.BindingID, o.MemberName, o.SquadRoot = orDefault(spec.binding, "conformance-binding"), "Conformance Member", conformanceSquadRoot
	}
	if m.EndpointKind == "orchestrator" {
		o.Outputs = []connector.AllowedOutput{
			{OutputID: "report", DeliverableRoot: conformanceRoot + "report/", Description: "the report"},
			{OutputID: "checks", DeliverableRoot: conformanceRoot + "checks/", Description: "the checks run"},
		}
	}
	if o.Task == "" {
		o.Task = "Write a short report on the repository's connector set-up under the deliverable root."
	}
	if spec.late {
		o.Now, o.DeadlineMinutes = time.Now().Add(-3*time.Minute), 1
	}
	return connector.Dispatch(ctx, t.dir, ms, findings, o)
}

// run runs the adapter on one request as a poll would (connector.RunAdapter:
// trusted argv, the request path last, its own process group), with the
// environment a poll gives it: the inherited variables, the ones the
// configuration passes (resolved with lookup), and SQUADCI_*.
func (t *scenarioTree) run(ctx context.Context, d *connector.Dispatched, deliverableRoot string, lookup func(string) string, passed []string) *connector.AdapterRun {
	s := t.suite
	env := inheritedAdapterEnv(lookup)
	var masks []string
	for _, name := range passed {
		if v := lookup(name); v != "" {
			env = append(env, name+"="+v)
			masks = append(masks, v)
		}
	}
	env = append(env, connector.TaskEnv(d.TaskID, d.Request, deliverableRoot)...)
	return connector.RunAdapter(ctx, connector.AdapterCall{Dir: t.dir, Argv: s.argv, Request: d.Request,
		Env: env, Timeout: s.timeout, Masks: masks})
}

// runTask runs the adapter with squadci's own environment and returns what
// it changed in the tree.
func (t *scenarioTree) runTask(ctx context.Context, d *connector.Dispatched) (*connector.AdapterRun, treeChange, confState, error) {
	return t.runWith(ctx, d, t.suite.getenv, t.suite.listed)
}

// runWith is runTask with lookup as squadci's environment, passing the
// variables named by passed.
func (t *scenarioTree) runWith(ctx context.Context, d *connector.Dispatched, lookup func(string) string, passed []string) (*connector.AdapterRun, treeChange, confState, error) {
	before, err := t.state()
	if err != nil {
		return nil, treeChange{}, nil, err
	}
	run := t.run(ctx, d, conformanceRoot, lookup, passed)
	after, err := t.state()
	if err != nil {
		return nil, treeChange{}, nil, err
	}
	return run, diffTrees(before, after), after, nil
}

// checked is one task's exchange after the adapter ran, judged with the
// resume's own validator (CheckExchange, ResolveTask), consuming nothing.
type checked struct {
	result   string // the result's path; "" when none was written
	c        *connector.Checked
	decision connector.TaskDecision
	doc      map[string]any // the result decoded, nil when it is not a JSON object
}

func (t *scenarioTree) check(ctx context.Context, d *connector.Dispatched) (*checked, error) {
	fsys := connector.DirFS(t.dir)
	ms, _, _, err := connector.LoadManifests(ctx, fsys)
	if err != nil {
		return nil, err
	}
	ix := connector.NewMailboxIndex(ms)
	loaded, err := connector.LoadExchanges(ctx, fsys, ix)
	if err != nil {
		return nil, err
	}
	for _, x := range loaded.Exchanges {
		if x.TaskID != d.TaskID || x.Example {
			continue
		}
		c := connector.CheckExchange(x, &connector.Env{FS: fsys, Mailboxes: ix, Protected: t.suite.protected})
		out := &checked{c: c, decision: connector.ResolveTask(c, loaded.Unreadable, time.Now())}
		if x.Result != nil {
			out.result = x.Result.Path
			_ = json.Unmarshal(x.Result.Src, &out.doc)
		}
		return out, nil
	}
	for _, st := range loaded.Strays {
		if st.Path == d.Request {
			return nil, fmt.Errorf("the request %s that connector.Dispatch wrote is not part of an exchange squadci can judge: %s [%s]", d.Request, st.Message, st.Rule)
		}
	}
	return nil, fmt.Errorf("task %s is in no mailbox squadci reads", d.TaskID)
}

// findings are the result file's findings of the given rules (all error
// findings when rules is nil), as evidence.
func (k *checked) findings(rules []string, errorsOnly bool) []evidence {
	var out []evidence
	for _, d := range k.c.Diagnostics {
		if d.Path != k.result || (errorsOnly && d.Severity != diag.SeverityError) {
			continue
		}
		if rules != nil && !slices.Contains(rules, d.Rule) {
			continue
		}
		out = append(out, evidence{File: d.Path, Rule: d.Rule, Message: d.Message})
	}
	return out
}

// status is the result's own status field ("" without one).
func (k *checked) status() string {
	if k.doc == nil {
		return ""
	}
	s, _ := k.doc["status"].(string)
	return s
}

// runNote describes how the adapter run ended, for messages.
func runNote(run *connector.AdapterRun) string {
	switch {
	case run.Error != "":
		return fmt.Sprintf("the adapter %s (%s)", run.Error, run.Duration)
	default:
		return fmt.Sprintf("the adapter exited %d after %s", run.ExitCode, run.Duration)
	}
}
