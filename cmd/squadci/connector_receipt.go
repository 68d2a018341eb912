package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"time"

	"github.com/squadci/squadci/connector"
)

// runConnectorReceipt is what the starter adapter runs: the request named
// by the poller gets a transport receipt and a completed result envelope,
// written by squadci so the sh script never parses or evaluates the
// request's text.
func (c *Command) runConnectorReceipt(args []string) int {
	var cf connectorFlags
	flags := flag.NewFlagSet("squadci connector receipt", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "text|json")
	positional, err := parseInterspersed(flags, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(positional) != 1 {
		return c.usageError(fmt.Errorf("connector receipt takes one request path, relative to the repository root (got %d arguments)", len(positional)))
	}
	if err := checkFormat(cf.format); err != nil {
		return c.usageError(err)
	}
	root, err := c.existingRoot(cf.root)
	if err != nil {
		return c.usageError(err)
	}
	rc, err := connector.WriteReceipt(context.Background(), root, positional[0], time.Now())
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitUsage
		}
		return c.connectorError(err)
	}
	if cf.format == "json" {
		return c.writeJSON(rc)
	}
	if rc.Failed != "" {
		fmt.Fprintf(c.Stdout, "wrote %s, a failed result: %s\n", rc.Result, rc.Failed)
		return exitOK
	}
	fmt.Fprintf(c.Stdout, "wrote %s and %s (a transport receipt, not a result of real work)\n", rc.Receipt, rc.Result)
	return exitOK
}
