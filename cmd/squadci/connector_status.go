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
	decisions, err := connector.Resolve(ctx, fsys, connector.ResolveOptions{Manifests: ms, TaskIDs: taskIDs})
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
		fmt.Fprintln(c.Stdout, "no pending tasks")
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
		fmt.Fprintf(&b, " (%s", d.Reason)
		if len(d.Rules) > 0 {
			fmt.Fprintf(&b, ": %s", strings.Join(d.Rules, ", "))
		}
		b.WriteString(")")
	}
	if len(d.Artifacts) > 0 {
		fmt.Fprintf(&b, " artifacts: %s", strings.Join(d.Artifacts, ", "))
	}
	if !d.Changed {
		b.WriteString(" [unchanged]")
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
