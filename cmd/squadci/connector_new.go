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
		cf   connectorFlags
		o    connector.NewOptions
		caps repeatFlag
	)
	flags := flag.NewFlagSet("squadci connector new", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "")
	flags.StringVar(&o.ID, "id", "", "connector id (lowercase words joined by hyphens)")
	flags.StringVar(&o.Role, "role", "", "the work role the connector serves")
	flags.StringVar(&o.Kind, "kind", "agent", "endpoint kind: agent|orchestrator")
	flags.Var(&caps, "capability", "a sentence saying what the connector can do (repeatable)")
	flags.StringVar(&o.Contact, "contact", "", "the owner's e-mail address")
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
	if code := c.createConnector(root, o); code != exitOK {
		return code
	}
	if o.Template {
		fmt.Fprintln(c.Stderr, "squadci: replace every REPLACE_* value, then run `squadci lint`")
	}
	return exitOK
}

// createConnector is connector new after its flags: `endpoint new
// --connector` and `endpoint adapt` create their connector through it too.
// It writes nothing when it refuses.
func (c *Command) createConnector(root string, o connector.NewOptions) int {
	written, err := connector.NewConnector(context.Background(), root, o)
	for _, p := range written {
		fmt.Fprintf(c.Stdout, "created %s\n", p)
	}
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitUsage
		}
		return c.connectorError(err)
	}
	return exitOK
}
