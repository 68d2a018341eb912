package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

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
	res, err := hooks.Install(ctx, wd, *force)
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
	if !c.onPath("squadci") {
		fmt.Fprintf(c.Stderr, "squadci: warning: the hook runs the squadci found on PATH, and there is none yet:\n%s\n", hooks.InstallHint)
	}
	return exitOK
}

// onPath reports whether an executable named name is on the command's PATH.
func (c *Command) onPath(name string) bool {
	for _, dir := range filepath.SplitList(c.getenv("PATH")) {
		if dir == "" {
			dir = "."
		}
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() && info.Mode()&0o111 != 0 {
			return true
		}
	}
	return false
}
