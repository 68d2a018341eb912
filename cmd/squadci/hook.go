package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/squadci/squadci/hooks"
)

func init() {
	register("hook", "hook install|uninstall [--force]", "install a plain git pre-commit hook running `lint --staged`", (*Command).runHook)
}

func (c *Command) runHook(args []string) int {
	fs := flag.NewFlagSet("squadci hook", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	force := fs.Bool("force", false, "keep an existing foreign hook and run it before squadci")
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(positional) != 1 || (positional[0] != "install" && positional[0] != "uninstall") {
		return c.usageError(errors.New("usage: squadci hook install|uninstall [--force]"))
	}
	wd, err := c.workDir()
	if err != nil {
		return c.usageError(err)
	}
	ctx := context.Background()
	if positional[0] == "uninstall" {
		removed, err := hooks.Uninstall(ctx, wd)
		if err != nil {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitUsage
		}
		if removed {
			fmt.Fprintln(c.Stdout, "squadci: pre-commit hook removed")
		} else {
			fmt.Fprintln(c.Stdout, "squadci: no squadci pre-commit hook was installed")
		}
		return exitOK
	}
	bin, err := os.Executable()
	if err != nil {
		bin = "squadci"
	}
	res, err := hooks.Install(ctx, wd, bin, *force)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitUsage
	}
	switch {
	case !res.Changed:
		fmt.Fprintf(c.Stdout, "squadci: pre-commit hook already installed at %s\n", res.Path)
	case res.Chained != "":
		fmt.Fprintf(c.Stdout, "squadci: pre-commit hook installed at %s (runs %s first)\n", res.Path, res.Chained)
	default:
		fmt.Fprintf(c.Stdout, "squadci: pre-commit hook installed at %s\n", res.Path)
	}
	return exitOK
}
