package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/lint/diag"
)

func init() {
	register("agentfile", "agentfile export FILE", "print an agent file's run-profile JSON (exit 1 when refused)", (*Command).runAgentfile)
}

const agentfileAbout = `Work with one agent file.

Commands:
  squadci agentfile export FILE   print its deterministic v1 run profile

Run 'squadci help agentfile export' for what export requires.`

const agentfileExportAbout = `Write the deterministic v1 run profile (kind kmx.agent-run-profile) of one
agent file to stdout: pretty-printed JSON with a final newline. The file is
loaded once, bounded (256 KiB, regular file, no symlinks or '..' in the
path) and never modified. The profile holds authored content: keep it
private.

Export requires an authored identity (a complete charter's Identity ID, or
a frontmatter name), an explicit authored model, at least one test, and no
tools, recorded tool fixtures or tool checks. A refusal writes no profile
bytes and prints every reason on stderr at once, each as
FILE:LINE:COLUMN: FIELD: problem (repair); what is missing is reported at
1:1.`

var agentfileExportExits = []exitMeaning{
	{exitOK, "the profile was written"},
	{exitFindings, "the file cannot be exported: every reason is printed on stderr"},
	{exitUsage, "usage error, or FILE cannot be read (missing, not a regular file, a symlink, '..')"},
	{exitInternal, "internal error, or the profile could not be written"},
}

func (c *Command) runAgentfile(args []string) int {
	if len(args) == 0 {
		writeHelp(c.Stderr, "agentfile", nil)
		return exitUsage
	}
	switch {
	case args[0] == "export":
		return c.runAgentfileExport(args[1:])
	case isHelpFlag(args[0]) || args[0] == "help":
		return c.printHelp("agentfile", nil)
	}
	fmt.Fprintf(c.Stderr, "squadci: unknown agentfile command %q%s\n\n", args[0], diag.DidYouMean(args[0], []string{"export"}))
	writeHelp(c.Stderr, "agentfile", nil)
	return exitUsage
}

func (c *Command) runAgentfileExport(args []string) int {
	fs := flag.NewFlagSet("squadci agentfile export", flag.ContinueOnError)
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
		return c.exportRefused(file, err)
	}
	if _, err := c.Stdout.Write(out); err != nil {
		fmt.Fprintf(c.Stderr, "squadci: writing the run profile: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// exportRefused prints every reason the file was refused, one per line, as
// the user typed its name. A file that could not be read is a usage error.
func (c *Command) exportRefused(file string, err error) int {
	var refusals agentfile.Refusals
	if !errors.As(err, &refusals) {
		var one *agentfile.Error
		if !errors.As(err, &one) {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitInternal
		}
		refusals = agentfile.Refusals{one}
	}
	code := exitFindings
	for _, e := range refusals {
		e.Filename = file
		fmt.Fprintf(c.Stderr, "squadci: %v\n", e)
		if e.Unread {
			code = exitUsage
		}
	}
	return code
}
