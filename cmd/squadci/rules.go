package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// ruleWriters print one rule in full, by --format.
var ruleWriters = map[string]func(io.Writer, *diag.Rule) error{
	"text": report.WriteRuleText, "json": report.WriteRuleJSON, "markdown": report.WriteRuleMarkdown,
}

func (c *Command) runRules(args []string) int {
	fs := flag.NewFlagSet("squadci rules", flag.ContinueOnError)
	format := fs.String("format", "text", "text|json|markdown")
	ids, err := parseInterspersed(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	one, ok := ruleWriters[*format]
	if !ok {
		return c.usageError(fmt.Errorf("invalid --format %q (want text, json or markdown)", *format))
	}
	if len(ids) > 0 {
		return c.describeRules(ids, one)
	}
	rules := diag.All()
	switch *format {
	case "text":
		err = report.WriteRulesText(c.Stdout, rules)
	case "json":
		err = report.WriteRulesJSON(c.Stdout, rules)
	case "markdown":
		err = report.WriteRulesMarkdown(c.Stdout, rules)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// describeRules prints each named rule in full, blank-line separated. Every
// name is checked first, so an unknown one prints nothing but the mistake.
func (c *Command) describeRules(ids []string, write func(io.Writer, *diag.Rule) error) int {
	rules := make([]*diag.Rule, 0, len(ids))
	for _, id := range ids {
		r, ok := diag.Lookup(id)
		if !ok {
			hint := ""
			if near := diag.Nearest(id); near != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", near)
			}
			return c.usageError(fmt.Errorf("no rule has the id or name %q%s; 'squadci rules' lists them all", id, hint))
		}
		rules = append(rules, r)
	}
	for i, r := range rules {
		if i > 0 {
			fmt.Fprintln(c.Stdout)
		}
		if err := write(c.Stdout, r); err != nil {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitInternal
		}
	}
	return exitOK
}
