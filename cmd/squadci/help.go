package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

func init() {
	register("help", "help [COMMAND [SUBCOMMAND]]", "print the usage, or what COMMAND --help prints", (*Command).runHelp)
}

// helpPage is what `--help` says about one command beyond its usage line and
// flags. Pages are keyed by the words after "squadci" ("lint", "connector
// new"); every command has one (a test checks), so every --help ends with
// the exit codes that command uses.
type helpPage struct {
	about   string // paragraphs after the usage line; "" means the summary
	exits   []exitMeaning
	noFlags bool // the command parses no flags: Main answers --help for it
}

type exitMeaning struct {
	code    int
	meaning string
}

// The meanings most commands share.
var (
	exit0       = exitMeaning{exitOK, "success"}
	exit2       = exitMeaning{exitUsage, "usage or configuration error"}
	exit3       = exitMeaning{exitInternal, "internal error"}
	plainExits  = []exitMeaning{exit0, exit2, exit3}
	refuseExits = []exitMeaning{exit0, {exitUsage, "usage error, or refused: every reason is printed on stderr and nothing is written"}, exit3}
)

var helpPages = map[string]helpPage{
	"lint": {about: lintAbout, exits: []exitMeaning{
		{exitOK, "nothing at or above the fail level"},
		{exitFindings, "findings at or above the fail level (--fail-level, default error)"},
		exit2, {exitInternal, "internal error (a check failed; the file is reported with rule SQ001)"},
	}},
	"rules": {about: "List every rule: id, default severity, name and summary. With ID (a rule id such as\n" +
		"CN101, or its kebab name), print that rule's full description, default severity,\n" +
		"fixability, repair hint and docs URL.", exits: []exitMeaning{exit0, {exitUsage, "usage error, or no rule has that id or name"}, exit3}},
	"version": {about: "Print the version, commit, commit date, Go version and platform of this binary\n" +
		"(the first line is `squadci VERSION`). A release build is stamped when it is built;\n" +
		"a go install, go build or go run build reports what the go command recorded\n" +
		"(module version, vcs.revision, vcs.time, vcs.modified), and \"devel\" when it\n" +
		"recorded no version. Quote it in bug reports.", exits: []exitMeaning{exit0, exit2}},
	"help": {exits: []exitMeaning{exit0, {exitUsage, "unknown command"}}},
	"hook": {about: "Manage a plain git pre-commit hook (core.hooksPath is honoured):\n\n" +
		"  install     write the hook; it runs `squadci lint --staged` before each commit.\n" +
		"              A hook squadci did not write is kept only with --force, which runs\n" +
		"              it first.\n" +
		"  uninstall   remove the hook squadci wrote (a foreign hook is left alone).",
		exits: plainExits},
	"review": {about: "Preview the pull request review the action's review input would post, with no\n" +
		"token and no network: lint the checkout, keep the findings new since the base REV\n" +
		"(as --new-from-rev and only-new do), and place each inline on the lines `git diff REV`\n" +
		"adds, the rest in the review body's table; --suggest adds the suggestion blocks of\n" +
		"fixable findings. Comments an earlier review left are not known here, so nothing\n" +
		"counts as already posted. Prints markdown (default) or json; posts nothing.",
		exits: []exitMeaning{{exitOK, "the preview was printed (whether or not it would post anything)"}, exit2, exit3}},
	"action": {about: "The entry point of action.yml: reads its inputs from INPUT_* variables and the\n" +
		"GitHub context from GITHUB_*; it takes no arguments.",
		exits:   []exitMeaning{exit0, {exitFindings, "findings at or above fail-level, or a task failed or became unreachable"}, exit2, exit3},
		noFlags: true},
	"agentfile": {about: agentfileAbout, exits: []exitMeaning{exit0, {exitFindings, "export: the file cannot be exported"}, exit2,
		{exitInternal, "internal error, or the profile could not be written"}}},
	"agentfile export": {about: agentfileExportAbout, exits: agentfileExportExits},
	// What the connector commands exit with; each one's page says which.
	"connector": {exits: []exitMeaning{exit0, {exitFindings, "archive, merge: a file or task was left or refused (the reason is printed); conformance: a scenario failed"},
		{exitUsage, "usage or configuration error, or refused: the reason is printed and nothing is written"}, exit3}}, // about: set in init
	"connector new": {about: "Create a connector: its manifest under connectors/, its mailbox and an example\n" +
		"request and result, plus a starter adapter scripts/<id>-adapter mapped as\n" +
		"adapters.<id> in .squadci.yml (created, or edited keeping its comments), so poll\n" +
		"and resume complete a first task with a transport receipt. An id the config already\n" +
		"maps is refused before any file is written; --no-adapter skips the starter.\n" +
		"--template writes REPLACE_* placeholders for every value not given (and no starter);\n" +
		"lint fails until they are resolved.", exits: refuseExits},
	"connector receipt": {about: "The starter adapter's step: read the request REQUEST (relative to the repository\n" +
		"root) as data, write <taskId>.receipt.md, labelled a transport receipt, not a result\n" +
		"of real work, under its deliverableRoot (an orchestrator's: its first output slot),\n" +
		"then publish a completed <taskId>.result.json beside it (temporary file, then rename).\n" +
		"A request past its deadline, or whose inputs name a missing file, gets a failed\n" +
		"result and no receipt. Nothing is overwritten.", exits: refuseExits},
	"connector conformance": {about: conformanceAbout,
		exits: []exitMeaning{{exitOK, "every scenario that applies passed"}, {exitFindings, "a scenario failed (each failure says what to change)"}, exit2, exit3}},
	"connector dispatch": {about: "Dispatch a task: write its request, snapshot and state into the connector's\n" +
		"mailbox and print the new taskId.", exits: refuseExits},
	"connector status": {about: "Show what a resume would decide for each pending task, writing nothing.\n" +
		"With --all, finished tasks (completed, failed, unreachable) are listed too, with\n" +
		"the reason their state records.", exits: plainExits},
	"connector archive": {about: "Move finished tasks' public files (request, snapshot, result, claim) out of the\n" +
		"mailbox into <dropPath>/.squad-connector/archive/<taskId>/, under each task's lock.\n" +
		"Task state stays where it is, so a consumed taskId is still rejected forever; lint,\n" +
		"poll and resume ignore the archive. --older-than D (30d, 12h, 90m) keeps tasks that\n" +
		"finished more recently; --dry-run only says what would move.",
		exits: []exitMeaning{exit0, {exitFindings, "a file had to be left in place (the reason is printed)"}, exit2, exit3}},
	"connector paths": {about: "List what a scheduled run may have written, for `git add`: every manifest's mailbox\n" +
		"(requests, snapshots, results, claims, task state) and the deliverable roots of the\n" +
		"tasks still in a mailbox. Only existing directories that git would accept are\n" +
		"printed; anything left out for a reason is said on stderr.", exits: plainExits},
	"connector merge": {about: "Bring shard outputs (trees laid out like the repository) into the checkout, one\n" +
		"pending task at a time, whole or not at all: its claim, its result and the artifacts\n" +
		"that result lists under the task's deliverable roots (at most 20, 1 MiB each, 5 MiB\n" +
		"in all). Other files under the roots are skipped; requests, snapshots, task state,\n" +
		"links and files outside the roots are refused. A path the checkout or another shard\n" +
		"holds with different content, a file where another task needs a folder, a task\n" +
		"that hashes to another shard than its artifact's name says, or a failed write\n" +
		"refuses the task whole (it stays pending). Each task is written under its lock,\n" +
		"artifacts first and result last, with a journal the next merge or resume settles\n" +
		"if merge is killed. Nothing is overwritten; files are written 0644. --lock-timeout\n" +
		"as for resume. A shard argument that is a link is refused.",
		exits: []exitMeaning{exit0, {exitFindings, "a file or task was refused (the reason is printed)"}, exit2, exit3}},
	"poll": {about: "Run each configured adapter for each pending request. An adapter inherits PATH,\n" +
		"HOME, TMPDIR, LANG and LC_ALL, plus the variables listed in its adapters.<id>.env,\n" +
		"whose values are shown as *** in everything poll prints.\n\n" +
		"--shard I/N (1-based) handles only the tasks in shard I of N: FNV-1a 64 of the\n" +
		"taskId's UTF-8 bytes, mod N, plus 1 — the same on every machine, so N runners of\n" +
		"one checkout split the pending tasks exactly; claims still guard pollers within a\n" +
		"shard. --list-created FILE writes, sorted, each ended by a NUL byte (read it with\n" +
		"xargs -0), the repository-relative paths the pass created or rewrote (claims,\n" +
		"results, artifacts, anything an adapter left), found by walking the checkout before\n" +
		"and after: give each shard its own checkout, and upload that list. A path holding a\n" +
		"control character is left out and makes poll exit 1; a directory that cannot be\n" +
		"read is skipped with a warning.",
		exits: []exitMeaning{exit0, {exitFindings, "an adapter failed, or with --fail-on failed a result would fail its task"}, exit2, exit3}},
	"resume": {exits: []exitMeaning{exit0, {exitFindings, "with --fail-on failed: a task failed or became unreachable"}, exit2, exit3}},
}

const lintAbout = `Lint connector manifests and exchanges, agent files and squad state.

Paths:
  no PATH          the root is the git top-level (else the working directory);
                   everything discovered under it is linted
  one directory    a single directory argument is the root itself: its
                   .squadci.yml, manifests and mailboxes; reported paths are
                   relative to it. A root in which nothing is checked exits 2
  --root DIR       DIR is the root, and every PATH narrows (lint a subfolder
                   of a repository with --root . SUBFOLDER/)
  files or dirs    otherwise the root is the default one and each PATH only
                   narrows what is reported; cross-file rules still see the
                   whole root
  --staged         takes no PATH: lints what is staged in the git index,
                   filtered like discovery (a staged package.json is skipped)
  --hook           the PATHs are the files a hook framework lists (the
                   pre-commit hooks pass every file): filtered like discovery,
                   no SQ004; the root is the git top-level, never a PATH

A file named on the command line that is no kind squadci checks gets one note
(SQ004) instead of being linted as something it is not.

Fixes:
  --fix            apply every fix of a fixable finding ([fixable] in the text
                   output), re-lint, repeat (at most 5 rounds), write each file
                   atomically with its mode and line endings; then report what
                   remains, and exit as that lint does. Mailbox, exchange and
                   state files are never changed
  --fix --diff     print the fixes as a unified diff (git apply takes it) and
                   write nothing

Adopting on a repository with findings:
  --write-baseline FILE  record every finding in FILE (exit 0); commit it
  --baseline FILE        report only findings FILE does not record (also
                         baseline: in .squadci.yml); a finding is matched by
                         rule, path and the text of its span and line, not its
                         line number, so moved lines stay matched
  --new-from-rev REV     lint the tree of the git revision REV too (read from
                         git objects, no checkout) and report only the
                         findings whose identity it does not have: a change
                         that causes a finding elsewhere is reported, an old
                         finding in an edited file is not; renamed files keep
                         their findings (compared with the index with
                         --staged). Both may be given: new, and not in FILE`

// helpRequest is the flag package's ErrHelp with the flag set it came from,
// so usageError can print that command's help.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string { return flag.ErrHelp.Error() }
func (h *helpRequest) Unwrap() error { return flag.ErrHelp }

// isHelpFlag reports the spellings of a help request.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "--h"
}

// writeHelp prints the help of the command named by key ("lint",
// "connector new"): usage line, description, flags, exit codes.
func writeHelp(w io.Writer, key string, fs *flag.FlagSet) {
	page := helpPages[key]
	fmt.Fprintf(w, "Usage: squadci %s\n\n", synopsisOf(key))
	about := page.about
	if about == "" {
		about = summaryOf(key)
	}
	fmt.Fprintf(w, "%s\n", strings.TrimRight(about, "\n"))
	if fs != nil && hasFlags(fs) {
		fmt.Fprint(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	fmt.Fprint(w, "\nExit codes:\n")
	for _, e := range page.exits {
		fmt.Fprintf(w, "  %d  %s\n", e.code, e.meaning)
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	any := false
	fs.VisitAll(func(*flag.Flag) { any = true })
	return any
}

// subSynopses are the usage lines of subcommands ("connector new"). They are
// filled in init: the connector table's run functions reach writeHelp, so a
// package-level reference to that table here would be an initialization
// cycle.
var subSynopses = map[string]string{"agentfile export": "agentfile export FILE"}

func init() {
	names := make([]string, 0, len(connectorCommands))
	for name, sub := range connectorCommands {
		subSynopses["connector "+name] = "connector " + sub.synopsis
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("Create a connector, dispatch a task to one, or see what a resume would decide.\n\nCommands:\n")
	for _, name := range names {
		fmt.Fprintf(&b, "  squadci connector %s\n", connectorCommands[name].synopsis)
	}
	b.WriteString("\nRun 'squadci help connector COMMAND' for a command's flags.")
	page := helpPages["connector"]
	page.about = b.String()
	helpPages["connector"] = page
}

// synopsisOf is the usage line of a command or subcommand.
func synopsisOf(key string) string {
	if s, ok := subSynopses[key]; ok {
		return s
	}
	return subcommands[key].synopsis
}

func summaryOf(key string) string {
	if sub, ok := subcommands[key]; ok {
		return strings.ToUpper(sub.summary[:1]) + sub.summary[1:] + "."
	}
	return ""
}

// helpKey is the helpPages key of a flag set named "squadci WORDS".
func helpKey(fs *flag.FlagSet) string {
	return strings.TrimPrefix(fs.Name(), "squadci ")
}

// printHelp writes a command's help to stdout: help was asked for.
func (c *Command) printHelp(key string, fs *flag.FlagSet) int {
	writeHelp(c.Stdout, key, fs)
	return exitOK
}

// runHelp answers `squadci help [COMMAND [SUBCOMMAND]]` by running the
// command with --help, so both print the same bytes on the same stream.
func (c *Command) runHelp(args []string) int {
	switch {
	case len(args) == 0:
		fmt.Fprint(c.Stdout, usageText())
		return exitOK
	case len(args) == 1 && isHelpFlag(args[0]):
		return c.printHelp("help", nil)
	case len(args) > 2:
		return c.usageError(errors.New("help takes a command and at most one subcommand"))
	}
	sub, ok := subcommands[args[0]]
	if !ok {
		return c.unknownCommand(args[0])
	}
	return c.runWithHelp(args[0], sub, append(args[1:], "--help"))
}

// runWithHelp runs a command, answering --help itself for a command that
// parses no flags.
func (c *Command) runWithHelp(name string, sub subcommand, args []string) int {
	if helpPages[name].noFlags {
		for _, a := range args {
			if isHelpFlag(a) {
				return c.printHelp(name, nil)
			}
		}
	}
	return sub.run(c, args)
}

// unknownCommand refuses a command name, suggesting the nearest one.
func (c *Command) unknownCommand(name string) int {
	fmt.Fprintf(c.Stderr, "squadci: unknown command %q%s; run 'squadci help' for the list\n", name, diag.DidYouMean(name, commandNames()))
	return exitUsage
}
