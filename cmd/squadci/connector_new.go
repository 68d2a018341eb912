package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"

	"github.com/squadci/squadci/connector"
)

func (c *Command) runConnectorNew(args []string) int {
	var (
		cf        connectorFlags
		o         connector.NewOptions
		caps      repeatFlag
		noAdapter bool
	)
	flags := flag.NewFlagSet("squadci connector new", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "")
	flags.StringVar(&o.ID, "id", "", "connector id, lowercase words joined by hyphens (required, unless --template)")
	flags.StringVar(&o.Role, "role", "", "the work role the connector serves (required, unless --template)")
	flags.StringVar(&o.Kind, "kind", "agent", "endpoint kind: agent|orchestrator")
	flags.Var(&caps, "capability", "a sentence saying what the connector can do; repeatable (required, unless --template)")
	flags.StringVar(&o.Contact, "contact", "", "the owner's e-mail address (required, unless --template)")
	flags.StringVar(&o.SchemaVersion, "schema-version", "1.1", "contract version: 1.1, or 1.0 for a legacy single-role agent")
	flags.BoolVar(&noAdapter, "no-adapter", false, "write no starter adapter (scripts/<id>-adapter) and leave .squadci.yml alone")
	flags.BoolVar(&o.Template, "template", false, "write REPLACE_* placeholders for every value not given (lint fails until they are resolved)")
	positional, err := parseInterspersed(flags, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(positional) > 0 {
		return c.usageError(fmt.Errorf("connector new takes no arguments (got %q)", positional[0]))
	}
	o.Capabilities = caps
	root, err := c.existingRoot(cf.root)
	if err != nil {
		return c.usageError(err)
	}
	if code := c.createConnector(root, o, !noAdapter); code != exitOK {
		return code
	}
	if o.Template {
		fmt.Fprintln(c.Stderr, "squadci: replace every REPLACE_* value, then run `squadci lint`")
	}
	return exitOK
}

// createConnector is connector new after its flags: `endpoint new
// --connector` and `endpoint adapt` create their connector through it too,
// starter adapter included. It writes nothing when it refuses: the starter
// is planned, and refused, before anything is written; a template has no
// id to map yet.
func (c *Command) createConnector(root string, o connector.NewOptions, withAdapter bool) int {
	var starter *starterPlan
	if withAdapter && !o.Template {
		var err error
		if starter, err = planStarter(root, o.ID); err != nil {
			fmt.Fprintf(c.Stderr, "squadci: refused: %v\n", err)
			return exitUsage
		}
	}
	written, err := connector.NewConnector(context.Background(), root, o)
	if err == nil && starter != nil {
		var more []string
		more, err = starter.write(root)
		written = append(written, more...)
	}
	for _, p := range written {
		fmt.Fprintf(c.Stdout, "created %s\n", p)
	}
	if err != nil {
		if errors.Is(err, fs.ErrExist) || errors.Is(err, connector.ErrLink) {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitUsage
		}
		return c.connectorError(err)
	}
	if starter != nil {
		fmt.Fprintf(c.Stdout, "%s %s\n", starter.configVerb(), starter.config)
		fmt.Fprintf(c.Stderr, "squadci: %s maps %s to the starter adapter %s, which writes a transport receipt, not real work; replace it with your endpoint\n",
			starter.config, o.ID, starter.script)
	}
	return exitOK
}
