package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
)

func (c *Command) runConnectorDispatch(args []string) int {
	var (
		cf              connectorFlags
		configPath      string
		o               connector.DispatchOptions
		outputs, inputs repeatFlag
	)
	flags := flag.NewFlagSet("squadci connector dispatch", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "text|json")
	flags.StringVar(&o.ConnectorID, "connector", "", "connectorId of the manifest to dispatch to (required)")
	flags.StringVar(&o.Role, "role", "", "one of the connector's roles (required)")
	flags.StringVar(&o.Task, "task", "", "the bounded instructions for the endpoint (required)")
	flags.StringVar(&o.DeliverableRoot, "deliverable-root", "", "where the endpoint writes its reports (required)")
	flags.StringVar(&o.BindingID, "binding", "", "Connector Bindings id (required by a 1.1 connector; a 1.0 one takes none)")
	flags.StringVar(&o.MemberName, "member", "", "the external member's name (required by a 1.1 connector; a 1.0 one takes none)")
	flags.StringVar(&o.SquadRoot, "squad-root", "", "the owning squad's roster root (required by a 1.1 connector; a 1.0 one takes none)")
	flags.Var(&outputs, "output", "an output slot ID=DIR (repeatable; orchestrators need at least one)")
	flags.Var(&inputs, "input", "a read-only input path (repeatable)")
	flags.IntVar(&o.DeadlineMinutes, "deadline-minutes", -1, "minutes until the deadline (default: the manifest's deadlineMinutesDefault)")
	flags.StringVar(&configPath, "config", "", "config file whose adapters' folders no deliverable root may reach (default: the one that exists)")
	flags.IntVar(&o.RetryCap, "retry-cap", -1, "resume checks allowed without a result (default: the manifest's retryCapDefault)")
	positional, err := parseInterspersed(flags, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(positional) > 0 {
		return c.usageError(fmt.Errorf("connector dispatch takes no arguments (got %q)", positional[0]))
	}
	if err := checkFormat(cf.format); err != nil {
		return c.usageError(err)
	}
	if o.ConnectorID == "" {
		// Without the connector its version's requirements are unknown:
		// the other missing flags are listed with it, the rest once it is
		// given (Dispatch lists every problem at once).
		missing := []string{"--connector is required"}
		for _, req := range [...]struct{ flag, val string }{{"role", o.Role}, {"task", o.Task}, {"deliverable-root", o.DeliverableRoot}} {
			if req.val == "" {
				missing = append(missing, "--"+req.flag+" is required")
			}
		}
		return c.connectorError(&connector.DispatchError{Problems: missing})
	}
	for _, s := range outputs {
		id, dir, ok := strings.Cut(s, "=")
		if !ok || id == "" || dir == "" {
			return c.usageError(fmt.Errorf("invalid --output %q (want ID=DIR)", s))
		}
		o.Outputs = append(o.Outputs, connector.AllowedOutput{OutputID: id, DeliverableRoot: dir})
	}
	o.Inputs = inputs
	root, err := c.existingRoot(cf.root)
	if err != nil {
		return c.usageError(err)
	}
	cfg, err := lint.LoadConfig(root, configPath)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitUsage
	}
	o.Protected = cfg.Protected()
	ctx := context.Background()
	ms, ds, _, err := connector.LoadManifests(ctx, connector.DirFS(root))
	if err != nil {
		return c.connectorError(err)
	}
	d, err := connector.Dispatch(ctx, root, ms, ds, o)
	if err != nil {
		return c.connectorError(err)
	}
	if cf.format == "json" {
		return c.writeJSON(d)
	}
	fmt.Fprintln(c.Stdout, d.TaskID)
	return exitOK
}
