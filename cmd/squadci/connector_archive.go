package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/squadci/squadci/connector"
)

// archiveDocument is `connector archive --format json`, version 1.
type archiveDocument struct {
	Version int  `json:"version"`
	DryRun  bool `json:"dryRun"`
	*connector.ArchiveReport
}

func (c *Command) runConnectorArchive(args []string) int {
	var cf connectorFlags
	var olderThan string
	var dryRun bool
	flags := flag.NewFlagSet("squadci connector archive", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	cf.register(flags, "text|json")
	flags.StringVar(&olderThan, "older-than", "0", "archive only tasks finished at least this long ago (30d, 12h, 90m)")
	flags.BoolVar(&dryRun, "dry-run", false, "report what would move and change nothing")
	positional, err := parseInterspersed(flags, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(positional) > 0 {
		return c.usageError(fmt.Errorf("connector archive takes no arguments, got %q", positional[0]))
	}
	if err := checkFormat(cf.format); err != nil {
		return c.usageError(err)
	}
	age, err := parseAge(olderThan)
	if err != nil {
		return c.usageError(err)
	}
	root, ms, code := c.openManifests(cf.root)
	if code != exitOK {
		return code
	}
	ctx := context.Background()
	rep, err := connector.Archive(ctx, root, connector.ArchiveOptions{
		Manifests: ms, OlderThan: age, DryRun: dryRun, Lock: connector.LockPolicy{Timeout: DefaultLockTimeout},
	})
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: connector archive: %v\n", err)
		return exitInternal
	}
	if cf.format == "json" {
		if code := c.writeJSON(archiveDocument{Version: 1, DryRun: dryRun, ArchiveReport: rep}); code != exitOK {
			return code
		}
	} else {
		writeArchiveText(c.Stdout, rep, dryRun)
	}
	fmt.Fprintf(c.Stderr, "squadci: connector archive: %s\n", archiveSummary(rep, dryRun, olderThan))
	return archiveExit(rep)
}

// parseAge reads --older-than: a Go duration (90m, 12h) or whole days
// (30d).
func parseAge(s string) (time.Duration, error) {
	var d time.Duration
	var err error
	if days, ok := strings.CutSuffix(s, "d"); ok {
		var n int
		n, err = strconv.Atoi(days)
		d = time.Duration(n) * 24 * time.Hour
	} else {
		d, err = time.ParseDuration(s)
	}
	if err != nil || d < 0 {
		return 0, fmt.Errorf("invalid --older-than %q (want a non-negative age such as 30d, 12h or 90m)", s)
	}
	return d, nil
}

// writeArchiveText prints one line per task: what moved where, or why not.
func writeArchiveText(w io.Writer, rep *connector.ArchiveReport, dryRun bool) {
	verb := "archived"
	if dryRun {
		verb = "would archive"
	}
	for _, t := range rep.Tasks {
		head := fmt.Sprintf("%s  %s  %s (finished %s)", t.TaskID, orDash(t.ConnectorID), t.Status, t.FinishedAt)
		if len(t.Moved) > 0 {
			names := make([]string, len(t.Moved))
			for i, m := range t.Moved {
				names[i] = m.From[strings.LastIndexByte(m.From, '/')+1:]
			}
			to := t.Moved[0].To[:strings.LastIndexByte(t.Moved[0].To, '/')+1]
			fmt.Fprintln(w, oneLine(fmt.Sprintf("%s: %s %s to %s", head, verb, strings.Join(names, ", "), to)))
		}
		if t.Skipped != "" {
			fmt.Fprintln(w, oneLine(head+": skipped: "+t.Skipped))
		}
		for _, r := range t.Refused {
			fmt.Fprintln(w, oneLine(head+": left in place: "+r))
		}
		if t.Error != "" {
			fmt.Fprintln(w, oneLine(head+": error: "+t.Error))
		}
	}
}

func archiveSummary(rep *connector.ArchiveReport, dryRun bool, olderThan string) string {
	tasks, files := 0, 0
	for _, t := range rep.Tasks {
		if len(t.Moved) > 0 {
			tasks++
			files += len(t.Moved)
		}
	}
	s := fmt.Sprintf("%s archived (%s)", archiveCount(tasks, "task"), archiveCount(files, "file"))
	if dryRun {
		s = fmt.Sprintf("dry run: %s would be archived (%s); nothing moved", archiveCount(tasks, "task"), archiveCount(files, "file"))
	}
	if rep.Kept > 0 {
		s += fmt.Sprintf("; %s finished less than %s ago kept", archiveCount(rep.Kept, "task"), olderThan)
	}
	return s
}

// archiveExit is 3 when a task could not be archived for an I/O error, 1
// when a file was left in place (a link, or a name the archive already
// holds), else 0. A task whose lock is held is simply archived next time.
func archiveExit(rep *connector.ArchiveReport) int {
	code := exitOK
	for _, t := range rep.Tasks {
		switch {
		case t.Error != "":
			return exitInternal
		case len(t.Refused) > 0:
			code = exitFindings
		}
	}
	return code
}

// archiveCount renders "1 task", "2 tasks".
func archiveCount(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
