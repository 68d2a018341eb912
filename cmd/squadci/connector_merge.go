package main

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/connector"
)

// runConnectorMerge brings shard outputs into the checkout before resume
// (scale.md): exit 1 when anything was refused.
func (c *Command) runConnectorMerge(args []string) int {
	var cf connectorFlags
	flags := flag.NewFlagSet("squadci connector merge", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "text|json")
	lockTimeout := flags.Duration("lock-timeout", DefaultLockTimeout, "age beyond which the task lock of a process gone from this host is broken")
	positional, err := parseInterspersed(flags, args)
	if err == nil && len(positional) == 0 {
		err = fmt.Errorf("connector merge needs at least one shard directory DIR")
	}
	if err == nil {
		err = checkFormat(cf.format)
	}
	if err == nil && *lockTimeout < 0 {
		err = fmt.Errorf("--lock-timeout must not be negative")
	}
	var shards []connector.MergeShard
	if err == nil {
		shards, err = c.shardDirs(positional)
	}
	if err != nil {
		return c.usageError(err)
	}
	root, ms, code := c.openManifests(cf.root)
	if code != exitOK {
		return code
	}
	rep, err := connector.Merge(context.Background(), root, ms, shards,
		connector.MergeOptions{Lock: connector.LockPolicy{Timeout: *lockTimeout}})
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: connector merge: %v\n", err)
		return exitInternal
	}
	if cf.format == "json" {
		if code := c.writeJSON(rep); code != exitOK {
			return code
		}
	} else {
		c.printMerge(rep)
	}
	if len(rep.Refused) > 0 {
		return exitFindings
	}
	return exitOK
}

// shardDirs resolves each DIR against the working directory; each must be
// a directory, and not a link to one (with or without a trailing slash).
func (c *Command) shardDirs(args []string) ([]connector.MergeShard, error) {
	wd, err := c.workDir()
	if err != nil {
		return nil, err
	}
	var out []connector.MergeShard
	for _, a := range args {
		dir := a
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(wd, dir)
		}
		if err := connector.CheckShardDir(dir); err != nil {
			return nil, fmt.Errorf("shard %q: %w", a, err)
		}
		out = append(out, connector.MergeShard{Name: a, Dir: dir})
	}
	return out, nil
}

func (c *Command) printMerge(rep *connector.MergeReport) {
	for _, f := range rep.Copied {
		fmt.Fprintf(c.Stdout, "copied %s (task %s, from %s)\n", oneLine(f.Path), strings.Join(f.TaskIDs, ", "), oneLine(f.Shard))
	}
	for _, f := range rep.Unchanged {
		fmt.Fprintf(c.Stdout, "unchanged %s (from %s: the checkout already has it)\n", oneLine(f.Path), oneLine(f.Shard))
	}
	for _, f := range rep.Skipped {
		fmt.Fprintf(c.Stdout, "skipped %s (from %s): %s\n", oneLine(f.Path), oneLine(f.Shard), oneLine(f.Reason))
	}
	for _, f := range rep.Refused {
		fmt.Fprintf(c.Stdout, "refused %s (from %s): %s\n", oneLine(f.Path), oneLine(f.Shard), oneLine(f.Reason))
	}
	for _, rb := range rep.RolledBack {
		fmt.Fprintf(c.Stdout, "interrupted merge of task %s %s (%s)\n", oneLine(rb.TaskID), rb.Action, oneLine(rb.Journal))
	}
	if len(rep.RefusedTasks) > 0 {
		fmt.Fprintf(c.Stdout, "refused tasks (merged whole or not at all: none of their files were copied; they stay pending): %s\n", strings.Join(rep.RefusedTasks, ", "))
	}
	fmt.Fprintf(c.Stdout, "merge: %d copied, %d unchanged, %d skipped, %d refused\n", len(rep.Copied), len(rep.Unchanged), len(rep.Skipped), len(rep.Refused))
}
