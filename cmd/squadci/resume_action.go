package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/sethvargo/go-githubactions"
	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// The GitHub edge of the scheduled modes: the step summary, annotations and
// the action's report file. Everything shown is a decision, an id, a rule
// id, a validated artifact path or a repository path — never envelope text.

func init() {
	for _, mode := range []string{"poll", "resume", "scheduled"} {
		actionModes[mode] = (*Command).actionScheduled
	}
}

// actionScheduled runs the scheduled modes: poll (one pass of the adapter
// poller), resume (the resume driver) or scheduled (poll, then resume). The
// step fails (exit 1) when a task is failed or unreachable, or an adapter
// failed, unless fail-level is none; it never fails for lack of write
// permission (summary, outputs and notifications are reported, not fatal).
func (c *Command) actionScheduled(a *githubactions.Action, in actionInputs) int {
	failLevel, err := parseFailLevel(in.failLevel)
	if err != nil {
		return c.usageError(err)
	}
	failOn := failLevel != diag.SeverityOff
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	repo, code := c.openScheduled(ctx, in.workingDirectory, in.config)
	if repo == nil {
		return code
	}
	notify := notifyFlags{mode: in.notify, issue: in.notifyIssue, inputs: true}
	if notify.mode == "none" {
		notify.mode = "" // action.yml's default: the configuration decides
	}
	target, err := notify.target(repo.cfg.Notify)
	if err != nil {
		return c.usageError(err)
	}
	rep := scheduledReport{Version: 1, Mode: in.mode, Shard: in.shard.String()}
	outputs := map[string]string{}
	code = exitOK
	var counts statusCounts
	if in.mode != "resume" {
		passed, err := c.actionAdapterEnv(a, in, repo)
		if err != nil {
			return c.usageError(err)
		}
		before, err := c.snapshotFor(repo, in.listCreated)
		if err != nil {
			return exitInternal
		}
		a.Group("squadci poll")
		run, err := c.pollCore(ctx, repo, connector.DefaultPollWorkers, passed, in.shard)
		if run == nil {
			a.EndGroup()
			return c.pollStopped(repo, err)
		}
		listed := c.listCreated(repo, in.listCreated, before)
		if listed != exitOK && listed != exitFindings {
			a.EndGroup()
			return listed
		}
		run.writeText(c.Stdout, true)
		a.EndGroup()
		doc := run.document()
		rep.Poll, counts, code = &doc, run.counts, max(listed, run.exitCode(err, failOn, failOn))
	}
	if in.mode != "poll" && code != exitInternal {
		token := in.githubToken
		if token == "" {
			token = c.getenv("GITHUB_TOKEN")
		}
		a.Group("squadci resume")
		run, err := c.resumeCore(ctx, repo, resumeSettings{lockTimeout: DefaultLockTimeout, jobs: connector.DefaultResumeWorkers, notify: target, token: token})
		if run == nil {
			a.EndGroup()
			fmt.Fprintf(c.Stderr, "squadci: resume: %v\n", err)
			return exitInternal
		}
		run.writeText(c.Stdout)
		a.EndGroup()
		doc := run.document()
		rep.Resume, counts, code = &doc, run.counts, max(code, run.exitCode(err, failOn))
	}
	outputs["awaiting"], outputs["completed"] = strconv.Itoa(counts.Awaiting), strconv.Itoa(counts.Completed)
	outputs["failed"], outputs["unreachable"] = strconv.Itoa(counts.Failed), strconv.Itoa(counts.Unreachable)
	if in.annotations {
		scheduledAnnotations(a, rep)
	}
	if dir := c.getenv("RUNNER_TEMP"); dir != "" {
		path := filepath.Join(dir, "squadci-"+in.mode+".json")
		if err := writeJSONFile(path, rep); err == nil {
			outputs["report-file"] = path
		} else {
			fmt.Fprintf(c.Stderr, "squadci: report file not written: %v\n", err)
		}
	}
	if in.summary {
		c.appendEnvFile("GITHUB_STEP_SUMMARY", scheduledSummary(rep, summaryLimit))
	}
	c.setOutputs(outputs)
	return code
}

func writeJSONFile(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// scheduledReport is the action's report-file, version 1: the poll pass
// and/or the resume, as `squadci poll --format json` and `squadci resume
// --format json` print them.
type scheduledReport struct {
	Version int             `json:"version"`
	Mode    string          `json:"mode"`
	Shard   string          `json:"shard,omitempty"` // I/N when input shard was given
	Poll    *pollDocument   `json:"poll,omitempty"`
	Resume  *resumeDocument `json:"resume,omitempty"`
}

// summaryOrder lists the statuses in the order the summary groups them:
// what needs attention first.
var summaryOrder = []string{connector.StatusFailed, connector.StatusUnreachable, connector.StatusCompleted, connector.StatusAwaiting}

// scheduledSummary renders the step summary: per pass, the counts and a
// table of tasks grouped by status, kept under limit bytes by stopping at a
// row boundary and saying how many rows were left out.
func scheduledSummary(rep scheduledReport, limit int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## squadci %s\n", rep.Mode)
	if rep.Shard != "" {
		fmt.Fprintf(&b, "\nShard %s: only the tasks whose taskId falls in it.\n", rep.Shard)
	}
	var rows []string
	if p := rep.Poll; p != nil {
		fmt.Fprintf(&b, "\n### Poll\n\n%s, %s.\n\n", plural.Form(len(p.Tasks), "pending request", "pending requests"), plural.Count(countRuns(p.Tasks), "adapter run"))
		if len(p.Tasks) > 0 {
			b.WriteString("| Task | Connector | Action | Adapter | Result check | Artifacts |\n|---|---|---|---|---|---|\n")
		}
		for _, t := range p.Tasks {
			rows = append(rows, pollRow(t))
		}
	}
	written := 0
	if !writeRows(&b, rows, &written, limit) {
		return omitted(&b, written, rep)
	}
	if r := rep.Resume; r != nil {
		fmt.Fprintf(&b, "\n### Resume\n\n%s; %s.\n\n", r.Counts, plural.Count(countTransitions(r.Tasks), "transition"))
		if len(r.Tasks) > 0 {
			b.WriteString("| Task | Connector | Status | Change | Reason | Artifacts |\n|---|---|---|---|---|---|\n")
		}
		tasks := slices.Clone(r.Tasks)
		slices.SortStableFunc(tasks, func(a, b connector.TaskOutcome) int {
			return slices.Index(summaryOrder, a.Status) - slices.Index(summaryOrder, b.Status)
		})
		rows = rows[:0]
		for _, t := range tasks {
			rows = append(rows, resumeRow(t))
		}
		if !writeRows(&b, rows, &written, limit) {
			return omitted(&b, written, rep)
		}
	}
	return b.String()
}

func writeRows(b *strings.Builder, rows []string, written *int, limit int) bool {
	for _, row := range rows {
		if b.Len()+len(row)+256 > limit {
			return false
		}
		b.WriteString(row)
		*written++
	}
	return true
}

func omitted(b *strings.Builder, written int, rep scheduledReport) string {
	total := 0
	if rep.Poll != nil {
		total += len(rep.Poll.Tasks)
	}
	if rep.Resume != nil {
		total += len(rep.Resume.Tasks)
	}
	fmt.Fprintf(b, "\n**%d of %d rows omitted** to keep this summary under GitHub's 1 MiB limit; the report file lists them all.\n",
		total-written, total)
	return b.String()
}

func resumeRow(t connector.TaskOutcome) string {
	from := t.Current
	if from == "" {
		from = "no state"
	}
	change := from + " → " + t.Status
	switch {
	case t.Skipped:
		change = "skipped (lock held)"
	case t.Error != "":
		change = "error"
	case !t.Changed:
		change += " (unchanged)"
	}
	reason := ""
	if t.Reason != "" {
		reason = whyText(t.TaskDecision)
	}
	return "| " + cell(t.TaskID) + " | " + cell(t.ConnectorID) + " | " + t.Status + " | " + change + " | " +
		strings.ReplaceAll(html.EscapeString(oneLine(reason)), "|", "&#124;") + " | " + cells(t.Artifacts) + " |\n"
}

func pollRow(t connector.PollOutcome) string {
	adapter, check, arts := "", "", ""
	if t.Run != nil {
		adapter = "exit " + strconv.Itoa(t.Run.ExitCode) + ", " + t.Run.Duration
		if t.Run.TimedOut {
			adapter = "timed out after " + t.Run.Duration
		} else if t.Run.Error != "" {
			adapter = "did not run"
		}
	}
	if t.Check != nil {
		check = t.Check.Status
		if len(t.Check.Rules) > 0 {
			check += " (" + strings.Join(t.Check.Rules, ", ") + ")"
		}
		arts = cells(t.Check.Artifacts)
	}
	return "| " + cell(t.TaskID) + " | " + cell(t.ConnectorID) + " | " + t.Action + " | " + adapter + " | " + check + " | " + arts + " |\n"
}

// cell sets a repository value in a code element, escaped for HTML and for
// the table (a '|' would end the cell).
func cell(s string) string {
	if s == "" {
		return ""
	}
	return "<code>" + strings.ReplaceAll(html.EscapeString(oneLine(s)), "|", "&#124;") + "</code>"
}

func cells(ss []string) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = cell(s)
	}
	return strings.Join(out, "<br>")
}

func countRuns(ts []connector.PollOutcome) int {
	n := 0
	for _, t := range ts {
		if t.Run != nil {
			n++
		}
	}
	return n
}

func countTransitions(ts []connector.TaskOutcome) int {
	n := 0
	for _, t := range ts {
		if t.Transition {
			n++
		}
	}
	return n
}

// annotationLimit is how many annotations of one kind GitHub shows per step.
const annotationLimit = 10

// scheduledAnnotations emits an error for each failed task and each failed
// adapter run, and a warning for each unreachable task, on the file that
// decided it, with the rule ids as title: the first ten of each kind, then
// one notice with the number left out.
func scheduledAnnotations(a *githubactions.Action, rep scheduledReport) {
	type note struct {
		warning          bool
		file, title, msg string
	}
	var notes []note
	if rep.Poll != nil {
		for _, t := range rep.Poll.Tasks {
			if t.Run != nil && t.Run.Failed() {
				msg := fmt.Sprintf("%s: adapter %s for task %s failed", t.Request, t.Run.Command, t.TaskID)
				if t.Run.Error != "" {
					msg += ": " + t.Run.Error
				} else {
					msg += fmt.Sprintf(" with exit code %d", t.Run.ExitCode)
				}
				if t.Next != "" {
					msg += "; " + t.Next
				}
				notes = append(notes, note{file: t.Request, title: "squadci poll: adapter failed", msg: msg})
			}
		}
	}
	if rep.Resume != nil {
		for _, t := range rep.Resume.Tasks {
			if !failedStatus(t.Status) {
				continue
			}
			file := annotatedFile(t)
			why := whyText(t.TaskDecision)
			title := "squadci resume: " + t.Status
			if len(t.Rules) > 0 {
				title += " [" + strings.Join(t.Rules, ",") + "]"
			}
			notes = append(notes, note{warning: t.Status == connector.StatusUnreachable, file: file, title: title,
				msg: fmt.Sprintf("%s: task %s of connector %s is %s (%s)", file, t.TaskID, orDash(t.ConnectorID), t.Status, why)})
		}
	}
	shown := map[bool]int{}
	left := 0
	for _, n := range notes {
		if shown[n.warning] == annotationLimit {
			left++
			continue
		}
		shown[n.warning]++
		fields := a.WithFieldsMap(map[string]string{"file": n.file, "title": n.title})
		if n.warning {
			fields.Warningf("%s", n.msg)
		} else {
			fields.Errorf("%s", n.msg)
		}
	}
	if left > 0 {
		a.Noticef("%s attention — see the job summary or the report file", plural.Form(left, "more connector task needs", "more connector tasks need"))
	}
}

// annotatedFile is the file that decided a task: its result for a result
// that failed validation, the producer's failure or a late result; its
// request otherwise (tampering, orphans, deadlines, replays).
func annotatedFile(t connector.TaskOutcome) string {
	switch {
	case t.Result != "" && (t.Reason == connector.ReasonInvalidResult || t.Reason == connector.ReasonProducerFailed || t.Reason == connector.ReasonLateResult):
		return t.Result
	case t.Request != "":
		return t.Request
	case t.State != "":
		return t.State
	}
	return t.Mailbox
}

// summaryLimit is the step summary's size cap, shared with lint mode.
const summaryLimit = report.DefaultSummaryLimit
