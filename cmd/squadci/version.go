package main

import (
	"encoding/json"
	"flag"
	"fmt"

	"github.com/squadci/squadci/internal/buildinfo"
)

func init() {
	register("version", "version [--format text|json]", "print the version, commit, date, Go version and platform", (*Command).runVersion)
}

// toolVersion is the version the JSON and SARIF reports carry: the one
// `squadci version` prints first.
func toolVersion() string { return buildinfo.Get().Version }

func (c *Command) runVersion(args []string) int {
	fs := flag.NewFlagSet("squadci version", flag.ContinueOnError)
	format := fs.String("format", "text", "text|json")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(rest) > 0 {
		return c.usageError(fmt.Errorf("version takes no arguments (got %q)", rest[0]))
	}
	info := buildinfo.Get()
	switch *format {
	case "text":
		fmt.Fprint(c.Stdout, info.String())
	case "json":
		b, err := json.MarshalIndent(info, "", "  ")
		if err != nil {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitInternal
		}
		fmt.Fprintf(c.Stdout, "%s\n", b)
	default:
		return c.usageError(fmt.Errorf("invalid --format %q (want text or json)", *format))
	}
	return exitOK
}
