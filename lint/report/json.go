package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// jsonReport is version 1 of the json format (docs: cli.md). Field order is
// the struct order; fields are never omitted so the shape is stable. Fields
// are only ever added within a version (hint came later), never renamed or
// removed.
type jsonReport struct {
	Version     int              `json:"version"`
	Tool        jsonTool         `json:"tool"`
	Files       int              `json:"files"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
	Counts      jsonCounts       `json:"counts"`
	Roots       []jsonRoot       `json:"roots"` // every squad root with a format profile (fidelity.md §2)
	// Baseline and NewFromRev say what --baseline and --new-from-rev left
	// out of diagnostics (adoption.md); null when the filter was not used.
	Baseline   *jsonBaseline   `json:"baseline"`
	NewFromRev *jsonNewFromRev `json:"newFromRev"`
}

type jsonBaseline struct {
	Path   string `json:"path"`
	Hidden int    `json:"hidden"` // findings the baseline matched
	Fixed  int    `json:"fixed"`  // baseline findings nothing matched any more
}

type jsonNewFromRev struct {
	Rev    string `json:"rev"`
	Hidden int    `json:"hidden"` // findings the lint of rev also had
}

func (doc *jsonReport) setAdoption(a *Adoption) {
	if a == nil {
		return
	}
	if a.Baseline != "" {
		doc.Baseline = &jsonBaseline{Path: a.Baseline, Hidden: a.BaselineHidden, Fixed: a.BaselineFixed}
	}
	if a.NewFromRev != "" {
		doc.NewFromRev = &jsonNewFromRev{Rev: a.NewFromRev, Hidden: a.Unchanged}
	}
}

// jsonRoot is one squad root and the format profile it was checked by.
type jsonRoot struct {
	Path    string      `json:"path"`
	Profile jsonProfile `json:"profile"`
}

type jsonProfile struct {
	Format   string         `json:"format"`
	Name     string         `json:"name"`
	Releases string         `json:"releases"`
	Commit   string         `json:"commit"`
	ChosenBy string         `json:"chosenBy"` // config, pin, shapes or default
	Evidence []jsonEvidence `json:"evidence"`
	Note     string         `json:"note"`
}

type jsonEvidence struct {
	At   string `json:"at"`
	What string `json:"what"`
	Fits string `json:"fits"` // the releases it fits; "" when none squadci knows
}

func newJSONRoot(p *Profile) jsonRoot {
	jp := jsonProfile{Format: p.Format, Name: p.Name, Releases: p.Releases, Commit: p.Commit, ChosenBy: p.ChosenBy,
		Evidence: make([]jsonEvidence, 0, len(p.Evidence)), Note: p.Note}
	for _, e := range p.Evidence {
		jp.Evidence = append(jp.Evidence, jsonEvidence(e))
	}
	return jsonRoot{Path: p.Root, Profile: jp}
}

type jsonTool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type jsonDiagnostic struct {
	Rule      string   `json:"rule"`
	Name      string   `json:"name"`
	Severity  string   `json:"severity"`
	Path      string   `json:"path"`
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	EndLine   int      `json:"endLine"`
	EndColumn int      `json:"endColumn"`
	Message   string   `json:"message"`
	Help      string   `json:"help"`          // the rule's docs URL
	Hint      string   `json:"hint"`          // how to repair, the text output's help: line; "" when the rule has none
	Fix       *jsonFix `json:"fix,omitempty"` // the repair `squadci lint --fix` applies; absent when none
	// Related are the other places of the same cause (one cause, one
	// finding: fidelity.md §3), in path order; [] when there are none.
	Related []jsonLocation `json:"related"`
	// Candidates are the names the fix may choose from (the repository's
	// agents, a schema's keys), which the message never lists; [] when
	// the rule offers none.
	Candidates []string `json:"candidates"`
}

// jsonLocation is one other place of a grouped finding.
type jsonLocation struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
}

func newJSONRelated(f *Finding) []jsonLocation {
	out := make([]jsonLocation, 0, len(f.Others))
	for _, o := range f.Others {
		out = append(out, jsonLocation{Path: o.Path, Line: o.Line, Column: o.Column, EndLine: o.EndLine, EndColumn: o.EndColumn})
	}
	return out
}

// jsonFix is a finding's repair: byte offsets into the file as read.
type jsonFix struct {
	Edits []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
}

func newJSONFix(f *Finding) *jsonFix {
	if f.Fix == nil {
		return nil
	}
	out := &jsonFix{Edits: make([]jsonEdit, 0, len(f.Fix.Edits))}
	for _, e := range f.Fix.Edits {
		out.Edits = append(out.Edits, jsonEdit{Start: e.Start, End: e.End, Text: e.Text})
	}
	return out
}

type jsonCounts struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Note    int `json:"note"`
}

func newJSONDiagnostic(f *Finding) jsonDiagnostic {
	d := jsonDiagnostic{
		Rule:       f.Rule,
		Severity:   f.Severity.String(),
		Path:       f.Path,
		Line:       f.Line,
		Column:     f.Column,
		EndLine:    f.EndLine,
		EndColumn:  f.EndColumn,
		Message:    f.Message,
		Fix:        newJSONFix(f),
		Related:    newJSONRelated(f),
		Candidates: append(make([]string, 0, len(f.Candidates)), f.Candidates...),
	}
	if r := ruleOf(f); r != nil {
		d.Name = r.Name
		d.Help = r.HelpURL()
		d.Hint = r.Help
	}
	return d
}

// WriteJSON writes the whole run as one indented json document.
func WriteJSON(w io.Writer, run *Run) error {
	doc := jsonReport{
		Version:     1,
		Tool:        jsonTool{Name: toolName(run), Version: run.ToolVersion},
		Files:       run.Files,
		Diagnostics: make([]jsonDiagnostic, 0, len(run.Findings)),
		Roots:       make([]jsonRoot, 0, len(run.Profiles)),
	}
	for i := range run.Profiles {
		doc.Roots = append(doc.Roots, newJSONRoot(&run.Profiles[i]))
	}
	for i := range run.Findings {
		doc.Diagnostics = append(doc.Diagnostics, newJSONDiagnostic(&run.Findings[i]))
	}
	doc.Counts.Error, doc.Counts.Warning, doc.Counts.Note = run.Counts()
	doc.setAdoption(run.Adoption)
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("writing json report: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing json report: %w", err)
	}
	return nil
}

// WriteJSONL writes one compact diagnostic object per line and nothing else,
// so outputs of parallel batches can be concatenated.
func WriteJSONL(w io.Writer, run *Run) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range run.Findings {
		if err := enc.Encode(newJSONDiagnostic(&run.Findings[i])); err != nil {
			return fmt.Errorf("writing jsonl report: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing jsonl report: %w", err)
	}
	return nil
}
