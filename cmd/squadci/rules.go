package main

import (
	"flag"
	"fmt"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

func (c *Command) runRules(args []string) int {
	fs := flag.NewFlagSet("squadci rules", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	format := fs.String("format", "text", "text|json|markdown")
	if _, err := parseInterspersed(fs, args); err != nil {
		return c.usageError(err)
	}
	rules := diag.All()
	var err error
	switch *format {
	case "text":
		err = report.WriteRulesText(c.Stdout, rules)
	case "json":
		err = report.WriteRulesJSON(c.Stdout, rules)
	case "markdown":
		err = report.WriteRulesMarkdown(c.Stdout, rules)
	default:
		return c.usageError(fmt.Errorf("invalid --format %q (want text, json or markdown)", *format))
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitInternal
	}
	return exitOK
}
