package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Exit codes, documented in --help and the README.
const (
	exitOK       = 0 // nothing at or above the fail level
	exitFindings = 1 // findings at or above the fail level
	exitUsage    = 2 // usage or configuration error
	exitInternal = 3 // internal error
)

// Command is the whole CLI, driven in-process by tests.
type Command struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Env            []string // KEY=VALUE; nil means none set
	Dir            string   // working directory; "" means the process's
}

// subcommand is one `squadci NAME` command. Files register theirs in init,
// so adding a command touches no shared switch.
type subcommand struct {
	synopsis, summary string // shown in --help
	run               func(c *Command, args []string) int
}

var subcommands = map[string]subcommand{}

func register(name, synopsis, summary string, run func(c *Command, args []string) int) {
	if _, dup := subcommands[name]; dup {
		panic("squadci: duplicate command " + name)
	}
	subcommands[name] = subcommand{synopsis, summary, run}
}

func init() {
	register("lint", "lint [PATH...] [flags]", "lint a repository (default: the git top-level, else the working directory)", (*Command).runLint)
	register("rules", "rules [ID...] [--format text|json|markdown]", "list every rule, or describe one in full", (*Command).runRules)
}

// commandNames are the registered commands, sorted.
func commandNames() []string {
	names := make([]string, 0, len(subcommands))
	for name := range subcommands {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func usageText() string {
	names := commandNames()
	var b strings.Builder
	b.WriteString("squadci — lint Squad agent teams and Squad Connector exchanges\n\nUsage:\n")
	for _, name := range names {
		fmt.Fprintf(&b, "  squadci %-44s %s\n", subcommands[name].synopsis, subcommands[name].summary)
	}
	b.WriteString(`
Run 'squadci help COMMAND' or 'squadci COMMAND --help' for a command's flags.

Exit codes:
  0  nothing at or above the fail level
  1  findings at or above the fail level
  2  usage or configuration error
  3  internal error
`)
	return b.String()
}

// Main runs the command named by args[1:] and returns the exit code.
func (c *Command) Main(args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(c.Stderr, "squadci: internal error: %v\n", r)
			code = exitInternal
		}
	}()
	if len(args) < 2 {
		fmt.Fprint(c.Stderr, usageText())
		return exitUsage
	}
	switch {
	case args[1] == "--version" || args[1] == "-version":
		args[1] = "version"
	case isHelpFlag(args[1]):
		args[1] = "help"
	}
	if sub, ok := subcommands[args[1]]; ok {
		return c.runWithHelp(args[1], sub, args[2:])
	}
	return c.unknownCommand(args[1])
}

// getenv reads the command's environment, not the process's.
func (c *Command) getenv(key string) string {
	for i := len(c.Env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(c.Env[i], "="); ok && k == key {
			return v
		}
	}
	return ""
}

func (c *Command) workDir() (string, error) {
	if c.Dir != "" {
		return c.Dir, nil
	}
	return os.Getwd()
}

// parseInterspersed parses flags that may appear before, between or after
// positional arguments, as users type `squadci lint DIR --format json`.
//
// The flag package prints nothing: a mistake is reported once, by
// usageError, and -h or --help comes back as a *helpRequest, which
// usageError answers with the command's help on stdout.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpRequest{fs}
			}
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		if args[0] == "--" {
			return append(positional, args[1:]...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// usageError prints a flag problem and returns the usage exit code; a help
// request prints the command's help instead.
func (c *Command) usageError(err error) int {
	var help *helpRequest
	if errors.As(err, &help) {
		return c.printHelp(helpKey(help.fs), help.fs)
	}
	fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
	return exitUsage
}

// listFlag collects a repeatable or comma-separated flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// repeatFlag collects a repeatable flag verbatim.
type repeatFlag []string

func (r *repeatFlag) String() string     { return strings.Join(*r, " ") }
func (r *repeatFlag) Set(v string) error { *r = append(*r, v); return nil }
