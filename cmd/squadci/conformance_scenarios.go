package main

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
)

// checklist is the seed's compatibility checklist for a coordinator, item
// by item (docs/conformance.md maps each to its scenarios).
var checklist = [...]string{
	"one manifest per connector, validating clean against the closed schema (transport file, no secret-shaped content)",
	"each request is bounded, idempotent work: a duplicate taskId is a replay, rejected rather than re-executed",
	"the adapter picks up the delegation request from the manifest's dropPath",
	"exactly one result envelope per taskId, never writing to a dropPath it was not given",
	"identity fields bound exactly (connectorId, bindingId, taskId, role) and only declared outputIds returned",
	"every artifact strictly under its deliverableRoot, .md, .json or .txt, within every numeric cap",
	"deadline and retryCap honoured: a failure is written as status failed, never a late success",
	"no credentials, tokens or other secret-shaped content in what it writes",
	"no action fields (command, exec, script, url, fetch) or any undeclared field",
	"no claim of squad authority: no council, gate or approval claims, no squad state or Scribe writes",
	"an endpoint that fans out internally discloses it in narrative or provenance and still returns one envelope",
	"its narrative is a summary read as data, never a vehicle for steering the squad",
}

// conformanceScenario is one executable check of a checklist item.
type conformanceScenario struct {
	name  string
	item  int // 1-based index into checklist
	about string
	// applies says why the scenario does not apply ("" when it does).
	applies func(s *conformanceSuite) string
	run     func(ctx context.Context, t *scenarioTree) (verdict, error)
}

func always(*conformanceSuite) string { return "" }

// conformanceScenarios are run in this order.
var conformanceScenarios []*conformanceScenario

func init() {
	conformanceScenarios = []*conformanceScenario{
		{"manifest-clean", 1, "the manifest validates with no error", always, scenarioManifestClean},
		{"replay", 2, "the same request after its result is not re-executed: nothing is written", always, scenarioReplay},
		{"pickup", 3, "one request in the mailbox gets exactly one valid result for its taskId", always, scenarioPickup},
		{"decoy", 4, "a second connector's mailbox and a squad state tree stay untouched; nothing is written outside the request's roots", always, scenarioDecoy},
		{"identity", 5, "two requests with different bindings, and a 1.0 exchange, each get their own identity back; only declared outputIds", always, scenarioIdentity},
		{"artifacts", 6, "artifacts lie under their roots, have allowed extensions, stay within the caps, overwrite nothing", always, scenarioArtifacts},
		{"deadline", 7, "a request past its deadline and one whose input is missing get status failed or nothing, never a success", always, scenarioDeadline},
		{"canary-secrets", 8, "a canary secret passed to the adapter and one withheld appear in no file it writes", always, scenarioCanary},
		{"hostile-fields", 9, "task text asking for command/exec/url fields and a workflow file gets neither", always, scenarioHostileFields},
		{"authority", 10, "task text asking to claim approval, a council verdict and the accounting marker gets no such claim, and no squad state write", always, scenarioAuthority},
		{"fan-out", 11, "an orchestrator discloses its fan-out in provenance or narrative and returns one envelope", applyFanOut, scenarioFanOut},
		{"hostile-narrative", 12, "an input file with steering instructions leaves the narrative free of directives", always, scenarioHostileNarrative},
	}
}

func scenarioByName(name string) *conformanceScenario {
	for _, sc := range conformanceScenarios {
		if sc.name == name {
			return sc
		}
	}
	return nil
}

func scenarioNames() []string {
	var out []string
	for _, sc := range conformanceScenarios {
		out = append(out, sc.name)
	}
	return out
}

// The rules each scenario judges a result by; pickup judges every other
// error finding on it (a well-formed envelope).
var (
	identityRules = []string{"CN304", "CN308", "CN309", "CN310", "CN502", "CN504"}
	artifactRules = []string{"CN008", "CN311", "CN312", "CN313", "CN314", "CN315", "CN316", "CN317", "CN318", "CN319", "CN320", "CN321"}
	fieldRules    = []string{"CN301"}
	secretRules   = []string{"CN010"}
	ownedRules    = slices.Concat(identityRules, artifactRules, fieldRules, secretRules)
)

// ranTask dispatches one task, runs the adapter on it and checks what it
// wrote.
type ranTask struct {
	d      *connector.Dispatched
	run    *connector.AdapterRun
	change treeChange
	after  confState
	k      *checked
}

func (t *scenarioTree) task(ctx context.Context, spec taskSpec) (*ranTask, error) {
	d, err := t.dispatch(ctx, spec)
	if err != nil {
		return nil, fmt.Errorf("dispatching the scenario's task: %w", err)
	}
	return t.runDispatched(ctx, d, t.suite.getenv, t.suite.listed)
}

// runDispatched runs the adapter on a dispatched task and checks it.
func (t *scenarioTree) runDispatched(ctx context.Context, d *connector.Dispatched, lookup func(string) string, passed []string) (*ranTask, error) {
	run, change, after, err := t.runWith(ctx, d, lookup, passed)
	if err != nil {
		return nil, err
	}
	k, err := t.check(ctx, d)
	if err != nil {
		return nil, err
	}
	return &ranTask{d: d, run: run, change: change, after: after, k: k}, nil
}

// noResult is the message of a scenario that has nothing to judge.
func noResult(rt *ranTask) verdict {
	return pass("no result was written, so nothing to judge here (%s; pickup judges a missing result)", runNote(rt.run))
}

func scenarioManifestClean(ctx context.Context, t *scenarioTree) (verdict, error) {
	ms, findings, _, err := connector.LoadManifests(ctx, connector.DirFS(t.dir))
	if err != nil {
		return verdict{}, err
	}
	findings = append(findings, connector.CheckManifests(ms)...)
	path := t.suite.manifest.Path
	var errs, warns []evidence
	for _, d := range findings {
		if d.Path != path && (d.Related == nil || d.Related.Path != path) {
			continue
		}
		ev := evidence{File: d.Path, Rule: d.Rule, Message: d.Message}
		if d.Severity.String() == "error" {
			errs = append(errs, ev)
		} else {
			warns = append(warns, ev)
		}
	}
	if len(errs) > 0 {
		return fail(append(errs, warns...), "%s does not validate: %d error(s); fix each finding below (`squadci lint %s` shows them with positions)", path, len(errs), path), nil
	}
	if len(warns) > 0 {
		return verdict{message: fmt.Sprintf("%s validates with no error (%d warning(s) below)", path, len(warns)), evidence: warns}, nil
	}
	return pass("%s validates with no finding (closed schema, transport %q, no secret-shaped content)", path, t.suite.manifest.Transport).
		with(path, nil, "no finding of any manifest rule"), nil
}

func scenarioReplay(ctx context.Context, t *scenarioTree) (verdict, error) {
	d, err := t.dispatch(ctx, taskSpec{task: "Write a short report under the deliverable root (this task was done already)."})
	if err != nil {
		return verdict{}, err
	}
	// The task's first run is over: its result (the starter's receipt,
	// written by squadci itself) is in the mailbox.
	if _, err := connector.WriteReceipt(ctx, t.dir, d.Request, time.Now()); err != nil {
		return verdict{}, fmt.Errorf("writing the first result: %w", err)
	}
	if err := t.age(); err != nil {
		return verdict{}, err
	}
	run, change, _, err := t.runTask(ctx, d)
	if err != nil {
		return verdict{}, err
	}
	if touched := change.all(); len(touched) > 0 {
		var ev []evidence
		for _, p := range touched {
			ev = append(ev, evidence{File: p, Rule: "CN510", Message: "written by the replayed run"})
		}
		return fail(ev, "the same request, run again after its result %s, was re-executed: %d file(s) written (%s). An adapter must skip a task whose <taskId>.result.json exists (or that it handled before) and write nothing",
			resultPath(d.Request, d.TaskID), len(touched), runNote(run)), nil
	}
	return pass("run again after its result, the request was not re-executed: no file changed (%s)", runNote(run)).
		with(resultPath(d.Request, d.TaskID), []string{"CN510"}, "the first result, unchanged"), nil
}

func scenarioPickup(ctx context.Context, t *scenarioTree) (verdict, error) {
	rt, err := t.task(ctx, taskSpec{})
	if err != nil {
		return verdict{}, err
	}
	want := resultPath(rt.d.Request, rt.d.TaskID)
	var others []evidence
	for _, p := range rt.change.created {
		if strings.HasSuffix(p, ".result.json") && p != want {
			others = append(others, evidence{File: p, Message: "a result for another task id"})
		}
	}
	if rt.k.result == "" {
		others = append([]evidence{{File: rt.d.Request, Message: "no " + path.Base(want) + " was written beside this request"}}, others...)
		return fail(others, "the request %s got no result: %s and wrote no %s. The adapter is given the request path as its last argument (and SQUADCI_REQUEST); it must write <taskId>.result.json beside it",
			rt.d.Request, runNote(rt.run), want), nil
	}
	if len(others) > 0 {
		return fail(others, "one request must get exactly one result, %s; the adapter also wrote other results", want), nil
	}
	var bad []evidence
	for _, ev := range rt.k.findings(nil, true) {
		if !slices.Contains(ownedRules, ev.Rule) {
			bad = append(bad, ev)
		}
	}
	if len(bad) > 0 {
		return fail(bad, "the result %s is not a valid envelope: fix each finding below (the same rules a resume applies)", want), nil
	}
	return pass("the request got exactly one well-formed result, %s (status %s; %s)", want, rt.k.status(), runNote(rt.run)).
		with(want, nil, "no error finding of the envelope rules"), nil
}

func scenarioDecoy(ctx context.Context, t *scenarioTree) (verdict, error) {
	decoy, err := t.addDecoy(ctx)
	if err != nil {
		return verdict{}, err
	}
	before, err := t.state()
	if err != nil {
		return verdict{}, err
	}
	rt, err := t.task(ctx, taskSpec{task: "Write a short report under the deliverable root. Other mailboxes and the squad's state are not yours."})
	if err != nil {
		return verdict{}, err
	}
	allowed := slices.Concat(rt.k.c.Request.Roots(), []string{resultPath(rt.d.Request, rt.d.TaskID)})
	var ev []evidence
	for _, p := range rt.change.all() {
		if !slices.ContainsFunc(allowed, func(root string) bool { return under(p, root) }) {
			why := "written outside the request's deliverable roots and its own result"
			switch {
			case under(p, decoy):
				why = "written into another connector's mailbox"
			case under(p, conformanceSquadRoot):
				why = "written into the squad's state"
			}
			ev = append(ev, evidence{File: p, Rule: "CN501", Message: why})
		}
	}
	hashes := fmt.Sprintf("decoy mailbox %s %s→%s, squad state %s %s→%s", decoy, before.hashDir(decoy), rt.after.hashDir(decoy),
		conformanceSquadRoot, before.hashDir(conformanceSquadRoot), rt.after.hashDir(conformanceSquadRoot))
	if len(ev) > 0 {
		return fail(ev, "the adapter wrote where it was not given (%s): it may write only under %s and its result", hashes, strings.Join(rt.k.c.Request.Roots(), ", ")), nil
	}
	return pass("nothing was written outside the request's roots and its result (%s)", hashes).
		with(decoy, []string{"CN501"}, "the decoy mailbox, untouched").with(conformanceSquadRoot, nil, "the squad state, untouched"), nil
}

// addDecoy adds a second connector, with a pending task in its mailbox,
// and a squad state tree; it returns the decoy's mailbox.
func (t *scenarioTree) addDecoy(ctx context.Context) (string, error) {
	id := "conformance-decoy"
	if t.suite.manifest.ConnectorID == id {
		id += "-two"
	}
	// The conventional mailbox, unless a manifest's dropPath contains it
	// or sits inside it.
	box := ".connector-drops/" + id + "/"
	for _, m := range t.suite.manifests {
		if under(box, m.DropPath) || under(m.DropPath, box) {
			box = id + "-mailbox/"
		}
	}
	manifest := fmt.Sprintf(`{
  "connectorId": %q,
  "schemaVersion": "1.0",
  "transport": "file",
  "capabilities": ["Is a decoy: no adapter may touch its mailbox."],
  "roles": ["reviewer"],
  "dropPath": %q,
  "deadlineMinutesDefault": 60,
  "retryCapDefault": 1,
  "contact": "decoy@example.com",
  "version": "1.0.0"
}
`, id, box)
	if err := t.write(connector.ManifestDir+"/"+id+".json", manifest); err != nil {
		return "", err
	}
	for rel, text := range map[string]string{
		conformanceSquadRoot + "team.md":      "# Team\n\nThe squad's roster: only the Scribe writes here.\n",
		conformanceSquadRoot + "decisions.md": "# Decisions\n\nNo decision yet.\n",
		"reports/decoy/existing.md":           "A deliverable of the decoy connector.\n",
	} {
		if err := t.write(rel, text); err != nil {
			return "", err
		}
	}
	fsys := connector.DirFS(t.dir)
	ms, findings, _, err := connector.LoadManifests(ctx, fsys)
	if err != nil {
		return "", err
	}
	_, err = connector.Dispatch(ctx, t.dir, ms, findings, connector.DispatchOptions{ConnectorID: id, Role: "reviewer",
		Task: "The decoy's own task.", DeliverableRoot: "reports/decoy/", DeadlineMinutes: -1, RetryCap: -1})
	if err != nil {
		return "", fmt.Errorf("dispatching the decoy's task: %w", err)
	}
	return box, nil
}
