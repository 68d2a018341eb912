package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// hveRoot is the owning roster root every 1.1 request pins (squadRoot).
const hveRoot = ".copilot-tracking/squad/"

// file is one path and its exact bytes.
type file struct {
	path string
	data []byte
}

// exchange is one task's files in the order the life cycle writes them:
// snapshot, request, artifacts, result, private state.
type exchange struct {
	taskID string
	files  []file
}

// writeExchanges writes one exchange into every manifest's mailbox.
func writeExchanges(c *corpus, seed uint64, cs []connector) error {
	seen := map[string]bool{}
	for _, cn := range cs {
		x := planExchange(seed, cn)
		if seen[x.taskID] {
			return fmt.Errorf("taskId %s repeats; try another -seed", x.taskID)
		}
		seen[x.taskID] = true
		for _, f := range x.files {
			if err := c.write(f.path, f.data); err != nil {
				return err
			}
		}
	}
	return nil
}

// exchangeTimes are the exchange's clock readings; all fall before the deadline.
type exchangeTimes struct {
	created, deadline, checked, completed time.Time
}

// planExchange builds the exchange for connector cn. Results are ready in every
// mailbox; about a quarter of the tasks are already resumed (state terminal and
// consumed), the rest await a resume. Every tenth producer reports "failed".
func planExchange(seed uint64, cn connector) exchange {
	r := rngFor(seed, "exchange", cn.index)
	m := cn.manifest
	taskID := fmt.Sprintf("t-%016x", r.Uint64())
	created := epoch.Add(time.Duration(cn.index)*7*time.Minute + time.Duration(r.IntN(300))*time.Second)
	t := exchangeTimes{
		created:   created,
		deadline:  created.Add(time.Duration(m.DeadlineMinutesDefault) * time.Minute),
		checked:   created.Add(15 * time.Minute),
		completed: created.Add(time.Duration(20+r.IntN(m.DeadlineMinutesDefault-20)) * time.Minute),
	}
	area, topic := pick(r, areas), pick(r, topics)
	req := newRequest(cn, taskID, area, topic, t)
	snap := snapshot{SchemaVersion: "1", TaskID: taskID, CreatedAt: stamp(t.created), Roots: snapshotRoots(req)}
	failed := cn.index%10 == 9
	res, arts := newResult(r, cn, req, area, topic, failed, t)

	mailbox := m.DropPath
	snapBytes, reqBytes, resBytes := jsonBytes(snap), jsonBytes(req), jsonBytes(res)
	st := newState(r, cn, req, t, failed)
	st.SnapshotSha256, st.RequestSha256 = sha256Hex(snapBytes), sha256Hex(reqBytes)
	if st.Consumed {
		st.ResultSha256 = sha256Hex(resBytes)
	}
	files := []file{
		{mailbox + taskID + ".snapshot.json", snapBytes},
		{mailbox + taskID + ".request.json", reqBytes},
	}
	files = append(files, arts...)
	files = append(files,
		file{mailbox + taskID + ".result.json", resBytes},
		file{mailbox + ".squad-connector/" + taskID + ".state.json", jsonBytes(st)},
	)
	return exchange{taskID: taskID, files: files}
}

// newRequest is the shim's delegation request. Deliverables live outside every
// mailbox, under the binding's Deliverable Root for 1.1.
func newRequest(cn connector, taskID, area, topic string, t exchangeTimes) request {
	m := cn.manifest
	root := fmt.Sprintf("deliverables/%s/%s/", m.ConnectorID, taskID)
	req := request{
		SchemaVersion:   m.SchemaVersion,
		TaskID:          taskID,
		ConnectorID:     m.ConnectorID,
		Role:            cn.role.id,
		Task:            taskText(cn.role.function, area, topic),
		DeliverableRoot: root,
		Deadline:        stamp(t.deadline),
		RetryCap:        m.RetryCapDefault,
		CreatedAt:       stamp(t.created),
	}
	if cn.binding != nil {
		req.BindingID, req.MemberName, req.SquadRoot = cn.binding.id, cn.binding.memberName, hveRoot
	}
	if m.EndpointKind == "orchestrator" {
		// Output slots are siblings of the summary root: pairwise non-nested.
		slots := slotsFor(cn.role)
		req.DeliverableRoot = root + "summary/"
		req.AllowedOutputs = []allowedOutput{
			{OutputID: slots.work, DeliverableRoot: root + slots.work + "/", Description: "The " + slots.work + " report for the task."},
			{OutputID: slots.check, DeliverableRoot: root + slots.check + "/"},
		}
	}
	return req
}

// outputSlots names an orchestrator's two output slots and the internal
// workers that fill them: one does the work, one checks it.
type outputSlots struct {
	work, check             string
	workWorker, checkWorker string
	workFile, checkFile     string
}

func slotsFor(role workRole) outputSlots {
	if role.id == "developer" {
		return outputSlots{"implementation", "validation", "Consumer Implementation Agent", "Consumer Validation Agent", "change-record.md", "checks.json"}
	}
	return outputSlots{role.function, "peer-review", "Consumer " + role.title + " Worker", "Consumer Review Worker", "report.md", "review.json"}
}

// snapshotRoots lists every root the request names; nothing existed there yet.
func snapshotRoots(req request) []snapshotRoot {
	roots := []snapshotRoot{{Root: req.DeliverableRoot, Entries: []string{}}}
	for _, o := range req.AllowedOutputs {
		roots = append(roots, snapshotRoot{Root: o.DeliverableRoot, Entries: []string{}})
	}
	return roots
}

// newResult is the adapter's envelope plus the two artifact files it names.
func newResult(r *rand.Rand, cn connector, req request, area, topic string, failed bool, t exchangeTimes) (result, []file) {
	res := result{
		SchemaVersion: req.SchemaVersion,
		ConnectorID:   req.ConnectorID,
		TaskID:        req.TaskID,
		Role:          req.Role,
		BindingID:     req.BindingID,
		Status:        "completed",
		Narrative:     narrative(r, area, topic, failed),
		Artifacts:     []artifact{},
		CompletedAt:   stamp(t.completed),
	}
	if failed {
		res.Status = "failed"
	}
	if len(req.AllowedOutputs) == 0 {
		report := req.DeliverableRoot + "report.md"
		evidence := req.DeliverableRoot + "evidence/" + pick(r, []string{"sources.json", "checks.json"})
		res.Artifacts = []artifact{
			{Path: report, Description: "Findings and sources."},
			{Path: evidence},
		}
		return res, []file{
			{report, reportMarkdown(r, req, area, topic, failed)},
			{evidence, evidenceJSON(r, req, topic)},
		}
	}
	slots := slotsFor(cn.role)
	change := req.AllowedOutputs[0].DeliverableRoot + slots.workFile
	checks := req.AllowedOutputs[1].DeliverableRoot + slots.checkFile
	res.Outputs = []output{
		{OutputID: slots.work, Artifacts: []artifact{{Path: change, Description: "What was done and why."}}},
		{OutputID: slots.check, Artifacts: []artifact{{Path: checks}}},
	}
	res.Provenance = &provenance{FanOut: []fanOut{
		{Worker: slots.workWorker, Summary: "Worked on " + topic + " in the " + area + "."},
		{Worker: slots.checkWorker, Summary: "Checked the work against the task and recorded each result."},
	}}
	return res, []file{
		{change, reportMarkdown(r, req, area, topic, failed)},
		{checks, evidenceJSON(r, req, topic)},
	}
}

// newState is the shim's private state. Terminal tasks were resumed once the
// result appeared; awaiting ones may have had an empty check before it did.
func newState(r *rand.Rand, cn connector, req request, t exchangeTimes, failed bool) taskState {
	st := taskState{
		SchemaVersion: "1",
		TaskID:        req.TaskID,
		ConnectorID:   req.ConnectorID,
		Role:          req.Role,
		BindingID:     req.BindingID,
		MemberName:    req.MemberName,
		SquadRoot:     req.SquadRoot,
		Deadline:      req.Deadline,
		RetryCap:      req.RetryCap,
		Status:        "awaiting",
		CreatedAt:     req.CreatedAt,
		UpdatedAt:     req.CreatedAt,
	}
	switch {
	case cn.index%4 == 3 && failed:
		st.Status, st.Consumed, st.Reason = "failed", true, "producer-failed"
		st.UpdatedAt = stamp(t.completed.Add(2 * time.Minute))
	case cn.index%4 == 3:
		st.Status, st.Consumed = "completed", true
		st.UpdatedAt = stamp(t.completed.Add(2 * time.Minute))
	case req.RetryCap > 0 && r.IntN(3) == 0:
		st.Attempts = 1
		st.UpdatedAt = stamp(t.checked)
	}
	return st
}

var taskTemplates = map[string]string{
	"research":     "Research %[1]s in the %[2]s. Cite the repository files and design notes that support each finding, and list open questions.",
	"delivery":     "Implement the planned change to %[1]s in the %[2]s with regression tests. Do not deploy or push.",
	"verification": "Review the change to %[1]s in the %[2]s against its plan and acceptance criteria; report findings by severity.",
	"planning":     "Turn the research on %[1]s in the %[2]s into a phased implementation plan with owners and dependencies.",
	"docs":         "Document how the %[2]s handles %[1]s for on-call engineers, including a short troubleshooting section.",
	"redteam":      "Pressure-test the proposal for %[1]s in the %[2]s and list the most likely failure modes.",
	"analytics":    "Profile the data behind %[1]s in the %[2]s and describe distributions, gaps and outliers.",
	"perf":         "Draft a latency budget and load test plan covering %[1]s in the %[2]s.",
	"telemetry":    "Propose spans, metrics and log fields that make %[1]s in the %[2]s observable.",
	"a11y":         "Assess the screens of the %[2]s that expose %[1]s against WCAG 2.2 AA.",
	"migration":    "Plan the framework upgrade of the %[2]s, paying attention to %[1]s.",
	"ux":           "Describe the user journey for %[1]s in the %[2]s and note friction points.",
}

func taskText(function, area, topic string) string {
	return fmt.Sprintf(taskTemplates[function], topic, area)
}

// narrative is a factual summary: no directives, approvals or accounting markers.
func narrative(r *rand.Rand, area, topic string, failed bool) string {
	if failed {
		return fmt.Sprintf("Stopped before completion: the %s sources named in the task could not be read from the worktree. The report lists what was checked and what is missing.", area)
	}
	n := 2 + r.IntN(6)
	return fmt.Sprintf("Examined %s in the %s and wrote a report with %d findings, each tied to a source file. Two questions remain open and are listed in the report.", topic, area, n)
}

// reportMarkdown is a plausible Markdown report of a few hundred bytes.
func reportMarkdown(r *rand.Rand, req request, area, topic string, failed bool) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s in the %s\n\n", strings.ToUpper(topic[:1])+topic[1:], area)
	fmt.Fprintf(&b, "Task `%s` for connector `%s` (role `%s`).\n\n", req.TaskID, req.ConnectorID, req.Role)
	b.WriteString("## Findings\n\n")
	for i := range 2 + r.IntN(4) {
		fmt.Fprintf(&b, "%d. The %s path for %s %s (see `src/%s/%s.go`, line %d).\n",
			i+1, pick(r, []string{"read", "write", "batch", "retry", "error"}), topic,
			pick(r, []string{"has no upper bound", "differs between callers", "is covered by one test only", "logs without context", "matches the plan"}),
			strings.ReplaceAll(area, " ", "-"), pick(r, []string{"handler", "service", "store", "worker"}), 10+r.IntN(400))
	}
	if failed {
		b.WriteString("\n## Not completed\n\nThe remaining sources were not readable; no conclusion is drawn for them.\n")
	}
	b.WriteString("\n## Open questions\n\n- Which callers depend on the current behaviour?\n- Is a migration window needed?\n")
	return []byte(b.String())
}

// evidenceJSON is a small structured artifact.
func evidenceJSON(r *rand.Rand, req request, topic string) []byte {
	type check struct {
		Name   string `json:"name"`
		Result string `json:"result"`
	}
	type evidence struct {
		TaskID string  `json:"taskId"`
		Topic  string  `json:"topic"`
		Checks []check `json:"checks"`
	}
	ev := evidence{TaskID: req.TaskID, Topic: topic}
	for i := range 1 + r.IntN(4) {
		ev.Checks = append(ev.Checks, check{Name: fmt.Sprintf("check-%d", i+1), Result: pick(r, []string{"pass", "pass", "fail", "not-run"})})
	}
	return jsonBytes(ev)
}
