package main

import (
	"context"
	"flag"
	"fmt"
	"os"
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
	positional, err := parseInterspersed(flags, args)
	if err == nil && len(positional) == 0 {
		err = fmt.Errorf("connector merge needs at least one shard directory DIR")
	}
	if err == nil {
		err = checkFormat(cf.format)
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
	rep, err := connector.Merge(context.Background(), root, ms, shards)
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
// a directory.
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
		info, err := os.Stat(dir)
		if err != nil {
			return nil, fmt.Errorf("shard directory %q: %w", a, err)
		}
		if !info.IsDir() {
			return nil, fmt.Errorf("shard %q is not a directory", a)
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
	for _, f := range rep.Refused {
		fmt.Fprintf(c.Stdout, "refused %s (from %s): %s\n", oneLine(f.Path), oneLine(f.Shard), oneLine(f.Reason))
	}
	if len(rep.RefusedTasks) > 0 {
		fmt.Fprintf(c.Stdout, "refused tasks (none of their files copied; they stay pending): %s\n", strings.Join(rep.RefusedTasks, ", "))
	}
	fmt.Fprintf(c.Stdout, "merge: %d copied, %d unchanged, %d refused\n", len(rep.Copied), len(rep.Unchanged), len(rep.Refused))
}
