package promptfile

import (
	"fmt"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

// RepositoryInstructions is the repository-wide instructions file.
const RepositoryInstructions = ".github/copilot-instructions.md"

// instructionsKeys are the keys instructions files read
// (promptFileAttributes.ts: instructionAttributes).
var instructionsKeys = []string{"applyTo", "excludeAgent", "name", "description"}

// excludableAgents are the values excludeAgent takes (GitHub docs).
var excludableAgents = []string{"code-review", "coding-agent"}

// notInInstructions names whose key each foreign key is, in an
// instructions file.
var notInInstructions = owners(map[string][]string{
	"a prompt-file": {"agent", "mode", "model", "tools", "argument-hint"},
	"an agent-file": agentKeys,
	"Claude Code's rules-file (.claude/rules)": {"paths"},
})

// InstructionsReport is what CheckInstructions learned about one file.
type InstructionsReport struct {
	Path        string
	Diagnostics []diag.Diagnostic
	Globs       []Glob    // the valid applyTo patterns, for the cross-file check
	Refs        []FileRef // the body's file references, likewise
}

// Glob is one applyTo pattern and where its value is.
type Glob struct {
	Pattern, Field string
	Span           diag.Span
}

// CheckInstructions runs every single-file rule on one instructions file.
func CheckInstructions(path string, src []byte) *InstructionsReport {
	c := newCheck(path, src)
	r := &InstructionsReport{Path: path, Refs: bodyRefs(path, src, c.hdr.BodyStart)}
	c.credentials(ruleInstructionsCredential, src)
	if path == RepositoryInstructions {
		c.repositoryHeader()
		r.Diagnostics = c.out
		return r
	}
	c.placement(ruleInstructionsPlacement, ".github/instructions")
	c.headerProblems(ruleInstructionsFrontmatter)
	sawApplyTo := false
	c.keys(func(k, v *yaml.Node, field string) {
		switch k.Value {
		case "name", "description":
			c.scalarText(ruleInstructionsFieldType, v, field)
		case "applyTo":
			sawApplyTo = true
			r.Globs = c.applyTo(v, field)
		case "excludeAgent":
			c.excludeAgent(v, field)
		default:
			c.unknownKey(ruleInstructionsUnknownKey, k, "instructions", instructionsKeys, notInInstructions)
		}
	})
	if !sawApplyTo && len(c.hdr.Problems) == 0 {
		c.fail(ruleInstructionsNoApplyTo, diag.SeverityOff, diag.Span{}, "",
			"no applyTo: VS Code attaches this file only by hand and GitHub's agents never apply it")
	}
	r.Diagnostics = c.out
	return r
}

// repositoryHeader reports a frontmatter block in the repository-wide
// file, naming its keys.
func (c *check) repositoryHeader() {
	if !c.hdr.Present {
		return
	}
	var keys []string
	scoped := len(c.hdr.Problems) > 0 // a header that does not parse: no telling what it meant
	c.keys(func(k, _ *yaml.Node, _ string) {
		keys = append(keys, k.Value)
		scoped = scoped || (k.Value != "name" && k.Value != "description")
	})
	what := "its frontmatter block has no effect"
	if len(keys) > 0 {
		sort.Strings(keys)
		what = fmt.Sprintf("its frontmatter (%s) has no effect", strings.Join(quoted(keys), ", "))
	}
	// Only a scoping key loses what its author meant; a name or a
	// description just labels the file.
	sev := diag.SeverityWarning
	if !scoped {
		sev = diag.SeverityNote
	}
	c.fail(ruleInstructionsRepository, sev, diag.Span{Start: 0, End: 3}, "",
		"%s: the hosts apply this file to every request without reading a header (GitHub documents it as plain Markdown)", what)
}

func quoted(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// applyTo checks the patterns and returns the valid ones.
func (c *check) applyTo(v *yaml.Node, field string) []Glob {
	if v.Kind == yaml.SequenceNode {
		c.at(ruleInstructionsFieldType, v, field,
			"must be one string of comma-separated globs, not a sequence; VS Code reads applyTo only as a string and never applies the file")
		return nil
	}
	s, ok := c.scalarText(ruleInstructionsFieldType, v, field)
	if !ok {
		return nil
	}
	span := c.hdr.Span(v)
	var out []Glob
	for _, p := range splitGlobAware(s) {
		p = strings.TrimSpace(p)
		if p == "" {
			c.fail(ruleInstructionsGlob, diag.SeverityWarning, span, field,
				"holds an empty pattern between commas; VS Code's validator marks the whole applyTo invalid")
			continue
		}
		if why := globProblem(p); why != "" {
			c.fail(ruleInstructionsGlob, diag.SeverityOff, span, field,
				"pattern %s is not a valid glob: %s; VS Code matches it against the wrong files", shown(p), why)
			continue
		}
		out = append(out, Glob{Pattern: p, Field: field, Span: span})
	}
	return out
}

// shown quotes a pattern for a message, shortened past 120 bytes.
func shown(p string) string {
	if len(p) > 120 {
		p = p[:120] + "…"
	}
	return fmt.Sprintf("%q", p)
}

// excludeAgent is one of excludableAgents, or a sequence of them.
func (c *check) excludeAgent(v *yaml.Node, field string) {
	entries := []*yaml.Node{v}
	if v.Kind == yaml.MappingNode {
		c.at(ruleInstructionsFieldType, v, field, "must be a string or a sequence of strings, not a mapping; no agent is excluded")
		return
	}
	if v.Kind == yaml.SequenceNode {
		entries = c.stringItems(ruleInstructionsFieldType, v, field)
	} else if _, ok := c.scalarText(ruleInstructionsFieldType, v, field); !ok {
		return
	}
	for _, e := range entries {
		if !isExcludable(e.Value) {
			c.at(ruleInstructionsExcludeAgent, e, field, "%s excludes no agent (GitHub excludes %s); every agent still reads this file%s",
				shown(e.Value), strings.Join(quoted(excludableAgents), " or "), diag.DidYouMean(e.Value, excludableAgents))
		}
	}
}

func isExcludable(s string) bool {
	for _, a := range excludableAgents {
		if s == a {
			return true
		}
	}
	return false
}

// Unmatched reports each applyTo pattern that matches no file in files.
// Only a file the hosts load for this repository (below
// .github/instructions/) is judged: one elsewhere is meant for another
// repository's files. A pattern confined to a directory .gitignore names
// is not judged either: its files are written at run time.
func (r *InstructionsReport) Unmatched(files *Listing) []diag.Diagnostic {
	if !strings.HasPrefix(r.Path, ".github/instructions/") {
		return nil
	}
	var out []diag.Diagnostic
	for _, g := range r.Globs {
		if !files.matchesAny(g.Pattern) && !underIgnored(g.Pattern, files.Ignored) {
			out = append(out, ruleInstructionsUnmatched.At(r.Path, g.Span,
				"%s: pattern %s matches no file in this repository, so these instructions are applied to nothing through it",
				g.Field, shown(g.Pattern)))
		}
	}
	return out
}
