package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/squadci/squadci/lsp"
)

func init() {
	register("lsp", "lsp [--debounce D]", "run the language server on stdin and stdout, for editors", (*Command).runLSP)
	helpPages["lsp"] = helpPage{about: lspAbout, exits: []exitMeaning{
		{exitOK, "the client sent shutdown, then exit"},
		{exitFindings, "the input ended, or exit came without shutdown"},
		exit2,
	}}
}

const lspAbout = `Run a Language Server Protocol server over stdin and stdout (JSON-RPC with
Content-Length framing), for editors: every open buffer in a workspace folder is
linted as ` + "`squadci lint`" + ` would lint it, with the other files of the folder read from
disk as context, on open, on save and 150 ms after the last change; the findings of
every open buffer are published as diagnostics (cross-file ones too: editing a
roster or renaming an agent updates the other open files), fixes are offered as
quick fixes and hovering a finding shows its rule's documentation. Each workspace
folder is a root of its own, with its own .squadci.yml; a file outside every folder
gets no diagnostics. Errors are logged on stderr and to the client's log. See
docs/lsp.md for editor set-up.`

func (c *Command) runLSP(args []string) int {
	fs := flag.NewFlagSet("squadci lsp", flag.ContinueOnError)
	debounce := fs.Duration("debounce", lsp.DefaultDebounce, "how long a change waits for the next before the buffers are linted")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(rest) > 0 {
		return c.usageError(fmt.Errorf("lsp takes no arguments (got %q); editors start it as `squadci lsp`", rest[0]))
	}
	if *debounce < 0 {
		return c.usageError(fmt.Errorf("--debounce must not be negative (got %s)", *debounce))
	}
	in := c.Stdin
	if in == nil {
		in = os.Stdin
	}
	return lsp.Serve(context.Background(), in, c.Stdout, lsp.Options{Debounce: *debounce, Version: toolVersion(), Log: c.Stderr})
}
