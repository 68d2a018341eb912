package main

import (
	"context"
	"flag"
	"fmt"
	"github.com/squadci/squadci/internal/plural"
	"io"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
)

func init() {
	register("resume", "resume [--fail-on failed] [flags]",
		"the resume driver: record each pending connector task completed, failed or unreachable; tell the squad", (*Command).runResume)
}

// DefaultLockTimeout is how old a task lock must be before a resume may
// break it: when its owner is gone from this host, or, for a lock another
// host wrote, once the task's deadline plus this timeout has passed.
const DefaultLockTimeout = connector.DefaultLockTimeout

// resumeFlags are the flags of `squadci resume`.
type resumeFlags struct {
	scheduledFlags
	lockTimeout time.Duration
	notify      notifyFlags
}

func (c *Command) runResume(args []string) int {
	var f resumeFlags
	flags := flag.NewFlagSet("squadci resume", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	f.register(flags, "exit 1 when a task is failed or unreachable", connector.DefaultResumeWorkers, "tasks resumed at once")
	flags.DurationVar(&f.lockTimeout, "lock-timeout", DefaultLockTimeout, "age beyond which the lock of a process gone from this host is broken (another host's: past the task's deadline plus this)")
	f.notify.register(flags)
	err := f.parse(flags, args)
	if err == nil && f.lockTimeout < 0 {
		err = fmt.Errorf("--lock-timeout must not be negative")
	}
	if err != nil {
		return c.usageError(err)
	}
	ctx, stop, repo, code := c.startScheduled(&f.scheduledFlags)
	if repo == nil {
		return code
	}
	defer stop()
	target, err := f.notify.target(repo.cfg.Notify)
	if err != nil {
		return c.usageError(err)
	}
	res, err := c.resumeCore(ctx, repo, resumeSettings{lockTimeout: f.lockTimeout, jobs: f.jobs, notify: target, token: c.getenv("GITHUB_TOKEN")})
	if res == nil {
		fmt.Fprintf(c.Stderr, "squadci: resume: %v\n", err)
		return exitInternal
	}
	if f.format == "json" {
		if code := c.writeJSON(res.document()); code != exitOK {
			return code
		}
	} else {
		res.writeText(c.Stdout)
	}
	fmt.Fprintf(c.Stderr, "squadci: resume: %s: %s; %s\n", plural.Count(len(res.report.Tasks), "task"), res.counts, plural.Count(res.transitions(), "transition"))
	return res.exitCode(err, f.failOn)
}

// resumeSettings are a resume's options beyond the repository.
type resumeSettings struct {
	lockTimeout time.Duration
	jobs        int
	notify      notifyTarget
	token       string
}

// resumeRun is one resume: its report, counts and notifications.
type resumeRun struct {
	report   *connector.ResumeReport
	counts   statusCounts
	notified notifyOutcome
	errors   []string // tasks that could not be resumed
}

// resumeCore runs the resume and tells the squad of each transition. A nil
// run comes with the error that stopped it before any task.
func (c *Command) resumeCore(ctx context.Context, repo *scheduledRepo, s resumeSettings) (*resumeRun, error) {
	progress, done := c.progress("resume")
	rep, err := connector.Resume(ctx, repo.root, connector.ResumeOptions{
		Manifests: repo.manifests, Lock: connector.LockPolicy{Timeout: s.lockTimeout}, Workers: s.jobs, Progress: progress,
		Announce: s.notify.channels(), Protected: repo.cfg.Protected(),
	})
	done()
	if rep == nil {
		return nil, err
	}
	run := &resumeRun{report: rep}
	for _, t := range rep.Tasks {
		run.counts.add(t.Status)
		if t.Error != "" {
			run.errors = append(run.errors, fmt.Sprintf("%s: %s", t.TaskID, t.Error))
		}
	}
	for _, e := range run.errors {
		fmt.Fprintf(c.Stderr, "squadci: resume: task %s\n", e)
	}
	ledger := connector.NewNotificationLedger(repo.root, repo.manifests, connector.LockPolicy{Timeout: s.lockTimeout})
	defer ledger.Close()
	run.notified = c.notifyTransitions(ctx, s.notify, s.token, rep, ledger)
	rep.Locks = append(rep.Locks, ledger.Locks()...)
	return run, err
}

func (r *resumeRun) transitions() int {
	n := 0
	for _, t := range r.report.Tasks {
		if t.Transition {
			n++
		}
	}
	return n
}

// exitCode is 3 after an internal problem (an interrupted run included), 1
// with failOn when a task is failed or unreachable, else 0.
func (r *resumeRun) exitCode(err error, failOn bool) int {
	if err != nil || len(r.errors) > 0 {
		return exitInternal
	}
	if failOn {
		for _, t := range r.report.Tasks {
			if failedStatus(t.Status) {
				return exitFindings
			}
		}
	}
	return exitOK
}

// resumeDocument is `squadci resume --format json`, version 1. It carries
// decisions, validated artifact paths and trusted provenance only: never
// narrative or artifact contents.
type resumeDocument struct {
	Version       int                     `json:"version"`
	Tasks         []connector.TaskOutcome `json:"tasks"`
	Locks         []connector.LockEvent   `json:"locks"`
	Notifications notifyOutcome           `json:"notifications"`
	Counts        statusCounts            `json:"counts"`
}

func (r *resumeRun) document() resumeDocument {
	d := resumeDocument{Version: 1, Tasks: r.report.Tasks, Locks: r.report.Locks, Notifications: r.notified, Counts: r.counts}
	if d.Tasks == nil {
		d.Tasks = []connector.TaskOutcome{}
	}
	if d.Locks == nil {
		d.Locks = []connector.LockEvent{}
	}
	return d
}

// writeText prints one line per task, then the locks found held.
func (r *resumeRun) writeText(w io.Writer) {
	if len(r.report.Tasks) == 0 {
		fmt.Fprintln(w, "no pending tasks")
	}
	for _, t := range r.report.Tasks {
		fmt.Fprintln(w, oneLine(resumeLine(t)))
	}
	for _, l := range r.report.Locks {
		fmt.Fprintln(w, oneLine(lockLine(l)))
	}
}

// resumeLine is statusLine's decision plus what the resume did.
func resumeLine(t connector.TaskOutcome) string {
	if t.Error != "" && t.Status == "" {
		// Not decided: a file could not be read, or the lock taken.
		return fmt.Sprintf("%s  %s  not resumed [error: %s]", t.TaskID, orDash(t.ConnectorID), t.Error)
	}
	line := statusLine(t.TaskDecision)
	switch {
	case t.Error != "":
		line += " [error: " + t.Error + "]"
	case t.Skipped:
		line += " [skipped: another process holds the task lock]"
	case t.Transition:
		line += " [recorded]"
	}
	return line
}

func lockLine(l connector.LockEvent) string {
	var b strings.Builder
	fmt.Fprintf(&b, "lock %s: %s (%s; age %s", l.Path, l.Action, l.Why, l.Age)
	if l.Owner != nil {
		fmt.Fprintf(&b, "; pid %d on %q", l.Owner.PID, l.Owner.Host)
	}
	b.WriteString(")")
	return b.String()
}
