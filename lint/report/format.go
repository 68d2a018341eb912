package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// Format names one output format of --format.
type Format string

const (
	FormatText    Format = "text"
	FormatOneline Format = "oneline"
	FormatJSON    Format = "json"
	FormatJSONL   Format = "jsonl"
	FormatSARIF   Format = "sarif"
	FormatGitHub  Format = "github"
)

// Formats lists every format in the order help text shows them.
var Formats = []Format{FormatText, FormatOneline, FormatJSON, FormatJSONL, FormatSARIF, FormatGitHub}

// ParseFormat accepts a --format value, case-insensitively.
func ParseFormat(s string) (Format, error) {
	f := Format(strings.ToLower(strings.TrimSpace(s)))
	for _, known := range Formats {
		if f == known {
			return f, nil
		}
	}
	names := make([]string, len(Formats))
	for i, known := range Formats {
		names[i] = string(known)
	}
	return "", fmt.Errorf("unknown format %q (want %s)", s, strings.Join(names, ", "))
}

// Options carries what the individual writers need from the command line.
type Options struct {
	Color  bool          // ANSI colour in text and oneline
	GitHub GitHubOptions // annotation caps for github
	// Warn receives notes about the output itself, such as SARIF results
	// dropped past GitHub's cap; the caller prints them on stderr. May be nil.
	Warn func(msg string)
}

// Write renders run in format f.
func Write(w io.Writer, f Format, run *Run, opts Options) error {
	switch f {
	case FormatText, FormatOneline:
		return WriteText(w, run, TextOptions{Color: opts.Color, Gutter: f == FormatText})
	case FormatJSON:
		return WriteJSON(w, run)
	case FormatJSONL:
		return WriteJSONL(w, run)
	case FormatSARIF:
		warnings, err := WriteSARIF(w, run)
		if opts.Warn != nil {
			for _, msg := range warnings {
				opts.Warn(msg)
			}
		}
		return err
	case FormatGitHub:
		return WriteGitHub(w, run, opts.GitHub)
	}
	return fmt.Errorf("unknown format %q", string(f))
}

// ruleOf returns the registered rule of a finding, or nil for an unknown id.
func ruleOf(f *Finding) *diag.Rule {
	r, ok := diag.Lookup(f.Rule)
	if !ok {
		return nil
	}
	return r
}

// helpURL is the rule's docs link, or "" for an unknown rule.
func helpURL(f *Finding) string {
	if r := ruleOf(f); r != nil {
		return r.HelpURL()
	}
	return ""
}

// toolName is the run's tool name with a fallback, so no output has an empty
// name (SARIF and GitHub reject empty required strings).
func toolName(run *Run) string {
	if run.ToolName != "" {
		return run.ToolName
	}
	return "squadci"
}
