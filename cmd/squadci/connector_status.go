package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/squadci/squadci/connector"
)

// statusReport is `connector status --format json`, version 1.
type statusReport struct {
	Version int                      `json:"version"`
	Tasks   []connector.TaskDecision `json:"tasks"`
}

func (c *Command) runConnectorStatus(args []string) int {
	var cf connectorFlags
	flags := flag.NewFlagSet("squadci connector status", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "text|json")
	all := flags.Bool("all", false, "list finished tasks (completed, failed, unreachable) too, with their reason")
	taskIDs, err := parseInterspersed(flags, args)
	if err != nil {
		return c.usageError(err)
	}
	if err := checkFormat(cf.format); err != nil {
		return c.usageError(err)
	}
	root, ms, code := c.openManifests(cf.root)
	if code != exitOK {
		return code
	}
	ctx, fsys := context.Background(), connector.DirFS(root)
	decisions, err := connector.Resolve(ctx, fsys, connector.ResolveOptions{Manifests: ms, TaskIDs: taskIDs, All: *all})
	var unknown *connector.UnknownTaskError
	if errors.As(err, &unknown) {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitUsage
	}
	if err != nil {
		return c.connectorError(err)
	}
	if cf.format == "json" {
		if decisions == nil {
			decisions = []connector.TaskDecision{}
		}
		return c.writeJSON(statusReport{Version: 1, Tasks: decisions})
	}
	if len(decisions) == 0 {
		if *all {
			fmt.Fprintln(c.Stdout, "no tasks")
		} else {
			fmt.Fprintln(c.Stdout, "no pending tasks")
		}
		return exitOK
	}
	for _, d := range decisions {
		fmt.Fprintln(c.Stdout, statusLine(d))
	}
	return exitOK
}

// statusLine renders one decision: task, connector, the transition and why.
func statusLine(d connector.TaskDecision) string {
	current := d.Current
	if current == "" {
		current = "no state"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s  %s -> %s", d.TaskID, orDash(d.ConnectorID), current, d.Status)
	switch {
	case d.Status == connector.StatusAwaiting:
		fmt.Fprintf(&b, " (attempt %d)", d.Attempts)
	case d.Reason != "":
		fmt.Fprintf(&b, " (%s)", whyText(d))
	}
	if len(d.Artifacts) > 0 {
		fmt.Fprintf(&b, " artifacts: %s", strings.Join(d.Artifacts, ", "))
	}
	if !d.Changed {
		b.WriteString(" [unchanged]")
	}
	return b.String()
}

// failuresShown caps the messages a text line prints per rule; JSON
// carries them all.
const failuresShown = 3

// whyText is a decision's reason code followed by each failure: rule id and
// message ("invalid-result: CN312: the artifact ... is missing"). Without
// failures it falls back to the rule ids, or the reason as recorded.
func whyText(d connector.TaskDecision) string {
	code := d.Reason
	if c, ids, ok := connector.ParseReason(d.Reason); ok && len(ids) > 0 && len(d.Failures) > 0 {
		code = c // the failures name the rules the recorded reason lists
	}
	switch {
	case len(d.Failures) > 0:
		return code + ": " + failureText(d.Failures)
	case len(d.Rules) > 0:
		return code + ": " + strings.Join(d.Rules, ", ")
	}
	return code
}

// failureText joins failures as "RULE: message; RULE: message", at most
// failuresShown per rule and a count of the rest.
func failureText(fs []connector.Failure) string {
	var parts []string
	perRule := map[string]int{}
	hidden := map[string]int{}
	var order []string
	for _, f := range fs {
		if perRule[f.Rule] == 0 {
			order = append(order, f.Rule)
		}
		perRule[f.Rule]++
		if perRule[f.Rule] > failuresShown {
			hidden[f.Rule]++
			continue
		}
		parts = append(parts, f.Rule+": "+f.Message)
	}
	for _, id := range order {
		if n := hidden[id]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s: %d more", id, n))
		}
	}
	return strings.Join(parts, "; ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
