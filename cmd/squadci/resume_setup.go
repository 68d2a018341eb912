package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
)

// scheduledFlags are the flags poll and resume share.
type scheduledFlags struct {
	connectorFlags
	config, failOnFlag string
	jobs               int
	failOn             bool // --fail-on failed
}

func (f *scheduledFlags) register(fs *flag.FlagSet, failOnUsage string, jobs int, jobsUsage string) {
	f.connectorFlags.register(fs, "text|json")
	fs.StringVar(&f.config, "config", "", "config file with adapters and notify (default: .squadci.yml, then .github/squadci.yml)")
	fs.StringVar(&f.failOnFlag, "fail-on", "none", failOnUsage+": failed|none")
	fs.IntVar(&f.jobs, "jobs", jobs, jobsUsage)
}

// parse parses args, flags only, and checks the shared ones.
func (f *scheduledFlags) parse(fs *flag.FlagSet, args []string) error {
	positional, err := parseInterspersed(fs, args)
	switch {
	case err != nil:
		return err
	case len(positional) > 0:
		return fmt.Errorf("%s takes no arguments (got %q)", fs.Name(), positional[0])
	case f.jobs < 1:
		return errors.New("--jobs must be at least 1")
	}
	if f.failOn, err = parseFailOn(f.failOnFlag); err != nil {
		return err
	}
	return checkFormat(f.format)
}

// startScheduled opens the repository for a scheduled command, with a
// context that SIGINT and SIGTERM end. A nil repository comes with the exit
// code to return.
func (c *Command) startScheduled(f *scheduledFlags) (context.Context, context.CancelFunc, *scheduledRepo, int) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	repo, code := c.openScheduled(ctx, f.root, f.config)
	if repo == nil {
		stop()
	}
	return ctx, stop, repo, code
}

// scheduledRepo is what `squadci poll` and `squadci resume` work on: the
// repository root, its configuration (trusted: adapters and notify come only
// from here or from action inputs) and its manifests.
type scheduledRepo struct {
	root      string
	cfg       *lint.Config
	manifests []*connector.Manifest
}

// openScheduled resolves the root, loads the configuration and the
// manifests. A configuration error is a usage error (exit 2).
func (c *Command) openScheduled(ctx context.Context, flagRoot, configPath string) (*scheduledRepo, int) {
	root, err := c.existingRoot(flagRoot)
	if err != nil {
		return nil, c.usageError(err)
	}
	cfg, err := lint.LoadConfig(root, configPath)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		var ce *lint.ConfigError
		if errors.As(err, &ce) {
			return nil, exitUsage
		}
		return nil, exitInternal
	}
	ms, _, _, err := connector.LoadManifests(ctx, connector.DirFS(root))
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return nil, exitInternal
	}
	return &scheduledRepo{root: root, cfg: cfg, manifests: ms}, exitOK
}

// parseFailOn reads --fail-on: "failed" makes failed and unreachable tasks
// exit 1; "none" (the default) never does.
func parseFailOn(s string) (bool, error) {
	switch s {
	case "none", "":
		return false, nil
	case "failed":
		return true, nil
	}
	return false, fmt.Errorf("invalid --fail-on %q (want failed or none)", s)
}

// failedStatus reports a status --fail-on failed exits 1 for.
func failedStatus(status string) bool {
	return status == connector.StatusFailed || status == connector.StatusUnreachable
}

// statusCounts are the tasks of a report by status, as the action outputs
// and the JSON reports give them.
type statusCounts struct {
	Awaiting    int `json:"awaiting"`
	Completed   int `json:"completed"`
	Failed      int `json:"failed"`
	Unreachable int `json:"unreachable"`
}

func (s *statusCounts) add(status string) {
	switch status {
	case connector.StatusAwaiting:
		s.Awaiting++
	case connector.StatusCompleted:
		s.Completed++
	case connector.StatusFailed:
		s.Failed++
	case connector.StatusUnreachable:
		s.Unreachable++
	}
}

func (s statusCounts) String() string {
	return fmt.Sprintf("%d awaiting, %d completed, %d failed, %d unreachable", s.Awaiting, s.Completed, s.Failed, s.Unreachable)
}

// quoteLines prefixes every line of untrusted text (an adapter's output)
// so that none can start a workflow command or pass for squadci's own
// output, and makes control characters visible.
func quoteLines(text, prefix string) string {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return ""
	}
	var b strings.Builder
	for line := range strings.SplitSeq(text, "\n") {
		b.WriteString(prefix)
		b.WriteString(oneLine(line))
		b.WriteByte('\n')
	}
	return b.String()
}

// oneLine makes every control character of s but the tab visible (as
// \xNN), so a value read from the repository — a file name, a lock's host —
// can neither end a line of output (and start a workflow command) nor move
// the terminal's cursor.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if isControl(r) {
			fmt.Fprintf(&b, "\\x%02x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isControl(r rune) bool {
	return r < 0x20 && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029
}
