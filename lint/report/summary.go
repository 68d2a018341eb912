package report

import (
	"fmt"
	"strings"

	"github.com/squadci/squadci/internal/textutil"
)

// DefaultSummaryLimit keeps a step summary safely below GitHub's 1 MiB per
// step; past 1 MiB the upload fails and the summary is lost.
const DefaultSummaryLimit = 1<<20 - 32<<10

// summaryFooterRoom is kept free for the "omitted" line.
const summaryFooterRoom = 256

// summaryMaxCell caps one table cell, in code points.
const summaryMaxCell = 2000

// StepSummary renders run as GitHub-flavoured Markdown for
// $GITHUB_STEP_SUMMARY: counts, then one table per file listing every
// finding. It stays within limit bytes (limit <= 0 means
// DefaultSummaryLimit) by stopping at a row boundary and saying how many
// findings were left out.
func StepSummary(run *Run, limit int) string {
	if limit <= 0 {
		limit = DefaultSummaryLimit
	}
	errs, warns, notes := run.Counts()
	var b strings.Builder
	fmt.Fprintf(&b, "## %s results\n\n", summaryCell(toolName(run)))
	b.WriteString("| Errors | Warnings | Notes | Files checked |\n|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| %d | %d | %d | %d |\n", errs, warns, notes, run.Files)
	writeAdoption(&b, run.Adoption)
	if len(run.Findings) == 0 {
		b.WriteString("\nNo findings.\n")
		return b.String()
	}

	written := 0
	for _, group := range groupByPath(run.Findings) {
		heading := "\n### " + summaryCell(group[0].Path) + "\n\n" +
			"| Line | Col | Severity | Rule | Message |\n|---:|---:|---|---|---|\n"
		for i, f := range group {
			row := summaryRow(f)
			if i == 0 {
				row = heading + row
			}
			if b.Len()+len(row)+summaryFooterRoom > limit {
				return withOmitted(&b, len(run.Findings)-written, len(run.Findings))
			}
			b.WriteString(row)
			written++
		}
	}
	return b.String()
}

// writeAdoption lists what --baseline and --new-from-rev hid, so a green
// table is never mistaken for a clean repository.
func writeAdoption(b *strings.Builder, a *Adoption) {
	if lines := a.Sentences(); len(lines) > 0 {
		b.WriteString("\n")
		for _, s := range lines {
			b.WriteString("- " + summaryCell(s) + "\n")
		}
	}
}

func withOmitted(b *strings.Builder, omitted, total int) string {
	fmt.Fprintf(b, "\n**%d of %d findings omitted** to keep this summary under GitHub's 1 MiB limit; "+
		"the SARIF or JSON output lists them all.\n", omitted, total)
	return b.String()
}

// groupByPath groups findings by file, files in order of first appearance.
func groupByPath(findings []Finding) [][]*Finding {
	var groups [][]*Finding
	at := map[string]int{}
	for i := range findings {
		f := &findings[i]
		g, ok := at[f.Path]
		if !ok {
			g = len(groups)
			at[f.Path] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], f)
	}
	return groups
}

func summaryRow(f *Finding) string {
	rule := summaryCell(f.Rule)
	if url := helpURL(f); url != "" {
		rule = "[" + rule + "](" + url + ")"
	}
	return fmt.Sprintf("| %d | %d | %s | %s | %s |\n", f.Line, f.Column, f.Severity, rule, summaryCell(f.Message+f.AlsoIn()))
}

// summaryCell makes s safe inside a Markdown table cell or heading: valid UTF-8,
// at most summaryMaxCell code points, line breaks as <br>, HTML and Markdown
// punctuation escaped so file content cannot inject markup or split the row.
func summaryCell(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = textutil.Abbreviate(s, summaryMaxCell)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\n', '\r':
			b.WriteString("<br>")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '\\', '|', '`', '*', '_', '[', ']', '~':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			if r < 0x20 || r == 0x7f {
				r = ' '
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}
