package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/squadci/squadci/connector"
)

func init() {
	register("connector", "connector new|dispatch|status|paths|archive|merge|receipt|conformance [flags]",
		"create a connector, dispatch a task, show what a resume would decide, list what to commit, archive finished tasks, or merge shard outputs", (*Command).runConnector)
}

// connectorCommands are the `squadci connector` subcommands.
var connectorCommands = map[string]struct {
	synopsis string
	run      func(c *Command, args []string) int
}{
	"new":         {"new --id ID --role ROLE --capability TEXT [--capability TEXT ...] --contact EMAIL [--kind agent|orchestrator] [--schema-version 1.1|1.0] [--no-adapter] [--template]", (*Command).runConnectorNew},
	"dispatch":    {"dispatch --connector ID --role R --task TEXT --deliverable-root DIR --binding B --member M --squad-root S [--output ID=DIR ...] [--input PATH ...] [--deadline-minutes N] [--retry-cap N] [--format text|json]", (*Command).runConnectorDispatch},
	"status":      {"status [TASKID...] [--all] [--format text|json]", (*Command).runConnectorStatus},
	"paths":       {"paths [-z]   (the existing mailboxes and deliverable roots, for git add)", (*Command).runConnectorPaths},
	"archive":     {"archive [--older-than D] [--dry-run] [--format text|json]", (*Command).runConnectorArchive},
	"merge":       {"merge DIR... [--format text|json]   (bring shard outputs into the checkout, before resume)", (*Command).runConnectorMerge},
	"receipt":     {"receipt REQUEST [--format text|json]   (the starter adapter's step: a transport receipt and a completed result)", (*Command).runConnectorReceipt},
	"conformance": {"conformance --connector ID [--scenario NAME] [--keep DIR] [--format text|json|junit|sarif] [--config FILE] [-- CMD ARGS...]   (run the adapter through the compatibility checklist's scenarios)", (*Command).runConnectorConformance},
}

func (c *Command) runConnector(args []string) int {
	if len(args) > 0 {
		if sub, ok := connectorCommands[args[0]]; ok {
			return sub.run(c, args[1:])
		}
		if isHelpFlag(args[0]) || args[0] == "help" {
			return c.printHelp("connector", nil)
		}
		fmt.Fprintf(c.Stderr, "squadci: unknown connector command %q\n\n", args[0])
	}
	writeHelp(c.Stderr, "connector", nil)
	return exitUsage
}

// connectorFlags are the flags every connector subcommand shares.
type connectorFlags struct {
	root, format string
}

func (f *connectorFlags) register(fs *flag.FlagSet, formats string) {
	fs.StringVar(&f.root, "root", "", "repository root (default: the git top-level, else the working directory)")
	if formats != "" {
		fs.StringVar(&f.format, "format", "text", "output format: "+formats)
	}
}

// repoRoot resolves --root, or the default root the way lint does.
func (c *Command) repoRoot(flagRoot string) (string, error) {
	if flagRoot == "" {
		root, _, err := c.lintRoot(nil)
		return root, err
	}
	if filepath.IsAbs(flagRoot) {
		return filepath.Clean(flagRoot), nil
	}
	wd, err := c.workDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(wd, flagRoot), nil
}

func checkFormat(format string) error {
	if format != "text" && format != "json" {
		return fmt.Errorf("invalid --format %q (want text or json)", format)
	}
	return nil
}

// writeJSON prints v as indented JSON.
func (c *Command) writeJSON(v any) int {
	enc := json.NewEncoder(c.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(c.Stderr, "squadci: writing output: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// connectorError prints a refusal: a problem list for validation errors
// (exit 2: every problem is in what the command was asked to do), the error
// otherwise (exit 3).
func (c *Command) connectorError(err error) int {
	var de *connector.DispatchError
	if errors.As(err, &de) {
		fmt.Fprintln(c.Stderr, "squadci: refused:")
		for _, p := range de.Problems {
			fmt.Fprintf(c.Stderr, "  - %s\n", p)
		}
		return exitUsage
	}
	fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
	return exitInternal
}
