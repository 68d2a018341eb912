package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os/exec"
	"strings"

	"github.com/squadci/squadci/connector"
)

// runConnectorPaths prints what a scheduled run wrote, for `git add`: every
// mailbox and the deliverable roots of the tasks in them, only paths that
// exist and that git would not refuse, so a workflow's commit step never
// fails on a missing or ignored pathspec. Paths are relative to the root.
func (c *Command) runConnectorPaths(args []string) int {
	var cf connectorFlags
	var nul bool
	flags := flag.NewFlagSet("squadci connector paths", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "")
	flags.BoolVar(&nul, "z", false, "end each path with NUL instead of a newline (for xargs -0)")
	positional, err := parseInterspersed(flags, args)
	if err == nil && len(positional) > 0 {
		err = fmt.Errorf("connector paths takes no arguments (got %q); use --root DIR", positional[0])
	}
	if err != nil {
		return c.usageError(err)
	}
	root, ms, code := c.openManifests(cf.root)
	if code != exitOK {
		return code
	}
	ctx, fsys := context.Background(), connector.DirFS(root)
	list, err := connector.ListCommitPaths(ctx, fsys, ms)
	if err != nil {
		return c.connectorError(err)
	}
	paths, ignored := gitIgnored(root, list.Paths)
	for _, p := range ignored {
		list.Skipped = append(list.Skipped, p+": git ignores it (.gitignore)")
	}
	for _, s := range list.Skipped {
		fmt.Fprintf(c.Stderr, "squadci: connector paths: skipped %s\n", oneLine(s))
	}
	for _, p := range paths {
		if nul {
			fmt.Fprintf(c.Stdout, "%s\x00", p)
		} else {
			fmt.Fprintln(c.Stdout, oneLine(p))
		}
	}
	return exitOK
}

// gitIgnored splits paths into those git add takes and those the
// repository's ignore rules cover (git add refuses a named ignored path).
// Outside a git work tree, or without git, nothing is ignored.
func gitIgnored(root string, paths []string) (kept, ignored []string) {
	if len(paths) == 0 {
		return nil, nil
	}
	cmd := exec.Command("git", "check-ignore", "-z", "--stdin")
	cmd.Dir = root
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && (!errors.As(err, &exit) || exit.ExitCode() != 1) {
		return paths, nil // exit 1 is "none ignored"; anything else: not a work tree
	}
	hit := map[string]bool{}
	for p := range strings.SplitSeq(strings.TrimSuffix(out.String(), "\x00"), "\x00") {
		hit[p] = true
	}
	for _, p := range paths {
		if hit[p] {
			ignored = append(ignored, p)
		} else {
			kept = append(kept, p)
		}
	}
	return kept, ignored
}
