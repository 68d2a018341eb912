package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/squadci/squadci/internal/plural"
	"io"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
)

func init() {
	register("poll", "poll [--once | --interval D] [flags]",
		"the file-drop adapter poller: run the configured adapter for each pending request, retrying failed runs on later polls", (*Command).runPoll)
}

// adapterEnv are the variables every adapter inherits from squadci's own
// environment; everything else (tokens above all) is withheld unless its
// adapter lists it (adapters.<id>.env, poll_env.go). The poll adds
// SQUADCI_TASK_ID, SQUADCI_REQUEST and SQUADCI_DELIVERABLE_ROOT.
var adapterEnv = lint.InheritedEnv

// inheritedAdapterEnv is the part of every adapter's environment taken
// from squadci's own (adapterEnv), as KEY=VALUE; poll and connector
// conformance run adapters with it.
func inheritedAdapterEnv(getenv func(string) string) []string {
	var env []string
	for _, k := range adapterEnv {
		if v := getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

type pollFlags struct {
	scheduledFlags
	once, verbose bool
	interval      time.Duration
	intervalSet   bool // --interval was given (0s is refused, not one pass)
	shardFlag     string
	shard         connector.Shard
	listCreated   string // --list-created FILE
}

func (c *Command) runPoll(args []string) int {
	var f pollFlags
	flags := flag.NewFlagSet("squadci poll", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	f.register(flags, "exit 1 also when what an adapter wrote would fail the task (a failed adapter always exits 1)", connector.DefaultPollWorkers, "adapters run at once")
	flags.BoolVar(&f.once, "once", false, "one pass over the mailboxes (the default)")
	flags.DurationVar(&f.interval, "interval", 0, "poll again every D, a positive duration, until interrupted (SIGINT, SIGTERM); without it, one pass")
	flags.BoolVar(&f.verbose, "v", false, "show the tail of each adapter's output")
	flags.StringVar(&f.shardFlag, "shard", "", "handle only the tasks of shard I of N (1-based): FNV-1a 64 of the taskId mod N")
	flags.StringVar(&f.listCreated, "list-created", "", "write the repository-relative paths this pass created or rewrote to FILE, sorted, each ended by a NUL byte")
	err := f.parse(flags, args)
	flags.Visit(func(fl *flag.Flag) { f.intervalSet = f.intervalSet || fl.Name == "interval" })
	switch {
	case err != nil:
	case f.shardFlag != "":
		f.shard, err = connector.ParseShard(f.shardFlag)
		if err != nil {
			err = fmt.Errorf("--shard: %v", err)
			break
		}
		fallthrough
	default:
		err = f.check()
	}
	if err != nil {
		return c.usageError(err)
	}
	ctx, stop, repo, code := c.startScheduled(&f.scheduledFlags)
	if repo == nil {
		return code
	}
	defer stop()
	return c.pollLoop(ctx, repo, &f)
}

func (f *pollFlags) check() error {
	switch {
	case f.once && f.intervalSet:
		return fmt.Errorf("--once and --interval exclude each other")
	case f.interval < 0, f.intervalSet && f.interval == 0:
		return fmt.Errorf("--interval must be positive (for one pass, leave it out)")
	}
	return nil
}

func (c *Command) pollLoop(ctx context.Context, repo *scheduledRepo, f *pollFlags) int {
	c.warnUnknownAdapters(repo)
	passed, warnings := resolveAdapterEnv(repo.cfg, nil, c.getenv)
	for _, w := range warnings {
		fmt.Fprintf(c.Stderr, "squadci: warning: %s\n", w)
	}
	before, err := c.snapshotFor(repo, f.listCreated)
	if err != nil {
		return exitInternal
	}
	worst := exitOK
	for {
		run, err := c.pollCore(ctx, repo, f.jobs, passed, f.shard)
		if run == nil {
			return c.pollStopped(repo, err)
		}
		switch code := c.listCreated(repo, f.listCreated, before); code {
		case exitOK:
		case exitFindings:
			worst = max(worst, code) // a refused name: the rest is listed, the run goes on
		default:
			return code
		}
		if f.format == "json" {
			if code := c.writeJSON(run.document()); code != exitOK {
				return code
			}
		} else {
			run.writeText(c.Stdout, f.verbose)
		}
		fmt.Fprintf(c.Stderr, "squadci: poll: %s, %s\n", plural.Count(len(run.report.Tasks), "pending task"), plural.Count(run.ran(), "adapter run"))
		if ctx.Err() != nil {
			return worst // interrupted: the runs in flight were stopped and reported
		}
		worst = max(worst, run.exitCode(err, true, f.failOn))
		if f.interval == 0 {
			return worst
		}
		select {
		case <-ctx.Done():
			return worst
		case <-time.After(f.interval):
		}
	}
}

// pollRun is one poll pass.
type pollRun struct {
	report *connector.PollReport
	counts statusCounts
}

// pollCore runs one pass with the configuration's adapters. A nil run
// comes with the error that stopped it before any task.
func (c *Command) pollCore(ctx context.Context, repo *scheduledRepo, jobs int, passed adapterSecrets, shard connector.Shard) (*pollRun, error) {
	adapters := passed.adapters(repo.cfg)
	env := inheritedAdapterEnv(c.getenv)
	progress, done := c.progress("poll")
	rep, err := connector.Poll(ctx, repo.root, connector.PollOptions{
		Manifests: repo.manifests, Adapters: adapters, Env: env, Workers: jobs, Progress: progress,
		Claim: connector.LockPolicy{Timeout: DefaultLockTimeout}, Shard: shard, Protected: repo.cfg.Protected(),
	})
	done()
	if rep == nil {
		return nil, err
	}
	run := &pollRun{report: rep}
	for _, t := range rep.Tasks {
		if t.Check != nil {
			run.counts.add(t.Check.Status)
		} else {
			run.counts.add(connector.StatusAwaiting)
		}
	}
	return run, err
}

func (r *pollRun) ran() int {
	n := 0
	for _, t := range r.report.Tasks {
		if t.Action == connector.PollRan {
			n++
		}
	}
	return n
}

// exitCode is 3 after an internal problem; 1 when an adapter run of this
// pass failed (with failAdapters) or what it wrote would fail the task
// (with failResults); else 0. A run that failed in an earlier pass is not
// this pass's failure.
func (r *pollRun) exitCode(err error, failAdapters, failResults bool) int {
	code := exitOK
	for _, t := range r.report.Tasks {
		switch {
		case t.Error != "":
			return exitInternal
		case failAdapters && t.Run != nil && t.Run.Failed(), failResults && t.Check != nil && failedStatus(t.Check.Status):
			code = exitFindings
		}
	}
	if err != nil {
		return exitInternal
	}
	return code
}

// pollDocument is `squadci poll --format json`, version 1: one document per
// pass. The adapter output tail is data, shown and never interpreted.
type pollDocument struct {
	Version int                     `json:"version"`
	Tasks   []connector.PollOutcome `json:"tasks"`
	Counts  statusCounts            `json:"counts"`
}

func (r *pollRun) document() pollDocument {
	d := pollDocument{Version: 1, Tasks: r.report.Tasks, Counts: r.counts}
	if d.Tasks == nil {
		d.Tasks = []connector.PollOutcome{}
	}
	return d
}

func (r *pollRun) writeText(w io.Writer, verbose bool) {
	if len(r.report.Tasks) == 0 {
		fmt.Fprintln(w, "no pending requests")
	}
	for _, t := range r.report.Tasks {
		fmt.Fprintln(w, oneLine(pollLine(t)))
		if verbose && t.Run != nil && t.Run.Output != "" {
			if t.Run.OutputDropped > 0 {
				fmt.Fprintf(w, "    | … %d earlier bytes dropped\n", t.Run.OutputDropped)
			}
			fmt.Fprint(w, quoteLines(t.Run.Output, "    | "))
		}
	}
}

func pollLine(t connector.PollOutcome) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s  ", t.TaskID, t.ConnectorID)
	switch t.Action {
	case connector.PollPending:
		fmt.Fprintf(&b, "pending until %s (no adapter configured)", t.Deadline)
	case connector.PollClaimed, connector.PollExhausted:
		fmt.Fprintf(&b, "claimed earlier: %s", t.Why)
	case connector.PollBusy:
		fmt.Fprintf(&b, "skipped: %s; the next poll looks again", t.Why)
	case connector.PollRan:
		if t.Claim != nil && t.Claim.Attempt > 1 {
			fmt.Fprintf(&b, "retry %d: ", t.Claim.Attempt-1)
		}
		run := t.Run
		switch {
		case run.Error != "":
			fmt.Fprintf(&b, "adapter %s: %s after %s", run.Command, run.Error, run.Duration)
		default:
			fmt.Fprintf(&b, "adapter %s exited %d after %s", run.Command, run.ExitCode, run.Duration)
		}
		if run.Leftover != "" {
			fmt.Fprintf(&b, " (%s)", run.Leftover)
		}
		if t.Check != nil {
			fmt.Fprintf(&b, "; result check: %s", t.Check.Status)
			if t.Check.Status == connector.StatusAwaiting {
				b.WriteString(" (no result written)")
			} else if t.Check.Reason != "" {
				fmt.Fprintf(&b, " (%s)", whyText(*t.Check))
			}
			if len(t.Check.Artifacts) > 0 {
				fmt.Fprintf(&b, " artifacts: %s", strings.Join(t.Check.Artifacts, ", "))
			}
		}
	}
	if t.Next != "" {
		fmt.Fprintf(&b, "; %s", t.Next)
	}
	if t.Lock != nil && t.Lock.Action == connector.LockBroken {
		fmt.Fprintf(&b, " (broke the stale lock %s: %s)", t.Lock.Path, t.Lock.Why)
	}
	if t.Error != "" {
		fmt.Fprintf(&b, " [error: %s]", t.Error)
	}
	return b.String()
}

// pollStopped reports the error that stopped a pass before any task: a
// missing adapter command is a configuration error (exit 2) named by its
// config key, anything else internal (exit 3).
func (c *Command) pollStopped(repo *scheduledRepo, err error) int {
	var ae *connector.AdapterCommandError
	if !errors.As(err, &ae) {
		fmt.Fprintf(c.Stderr, "squadci: poll: %v\n", err)
		return exitInternal
	}
	file := repo.cfg.Path
	if file == "" {
		file = "the configuration"
	}
	for _, p := range ae.Problems {
		fmt.Fprintf(c.Stderr, "squadci: poll: %s: adapters.%s.command: the adapter of connector %s, %q, cannot be run: %v; nothing was claimed\n",
			file, p.ConnectorID, p.ConnectorID, p.Command, p.Err)
	}
	return exitUsage
}
