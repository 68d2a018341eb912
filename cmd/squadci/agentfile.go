package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/squadci/squadci/agentfile"
)

func init() {
	register("agentfile", "agentfile export FILE", "print an agent file's run-profile JSON (exit 1 when refused)", (*Command).runAgentfile)
}

const agentfileUsage = `Usage: squadci agentfile export FILE

Writes the deterministic v1 run profile (kind kmx.agent-run-profile) of one
agent file to stdout: pretty-printed JSON with a final newline. The file is
loaded once, bounded (256 KiB, regular file, no symlinks or '..' in the
path) and never modified. A refusal writes no profile bytes, prints the
reason on stderr and exits 1. The profile holds authored content: keep it
private.
`

func (c *Command) runAgentfile(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.Stderr, agentfileUsage)
		return exitUsage
	}
	switch args[0] {
	case "export":
		return c.runAgentfileExport(args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Fprint(c.Stdout, agentfileUsage)
		return exitOK
	}
	fmt.Fprintf(c.Stderr, "squadci: unknown agentfile command %q\n\n%s", args[0], agentfileUsage)
	return exitUsage
}

func (c *Command) runAgentfileExport(args []string) int {
	fs := flag.NewFlagSet("squadci agentfile export", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	fs.Usage = func() { fmt.Fprint(c.Stderr, agentfileUsage) }
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(positional) != 1 {
		return c.usageError(fmt.Errorf("agentfile export takes exactly one FILE, got %d", len(positional)))
	}
	file := positional[0]
	full := file
	if !filepath.IsAbs(file) && c.Dir != "" {
		// No filepath.Join: cleaning would erase a ".." the loader must see.
		full = c.Dir + string(filepath.Separator) + file
	}
	out, err := agentfile.ExportRunProfile(full)
	if err != nil {
		var ae *agentfile.Error
		if errors.As(err, &ae) {
			ae.Filename = file
		}
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitFindings
	}
	if _, err := c.Stdout.Write(out); err != nil {
		fmt.Fprintf(c.Stderr, "squadci: writing the run profile: %v\n", err)
		return exitInternal
	}
	return exitOK
}
