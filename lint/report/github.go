package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
)

// DefaultPerKind is GitHub's limit of annotations per kind (error, warning,
// notice) per step; more are dropped silently.
const DefaultPerKind = 10

// GitHubOptions caps the annotations written by WriteGitHub.
type GitHubOptions struct {
	PerKind int // annotations per kind; 0 means DefaultPerKind
}

// WriteGitHub writes workflow-command annotations, errors first, then
// warnings, then notes, each in run order, at most PerKind of each. When
// findings are left out, one last notice says how many, and one notice slot
// is kept for it so GitHub does not drop it too. The full list belongs in the
// step summary (StepSummary).
func WriteGitHub(w io.Writer, run *Run, opts GitHubOptions) error {
	limit := opts.PerKind
	if limit <= 0 {
		limit = DefaultPerKind
	}
	kinds := []diag.Severity{diag.SeverityError, diag.SeverityWarning, diag.SeverityNote}
	byKind := make(map[diag.Severity][]*Finding, len(kinds))
	for i := range run.Findings {
		f := &run.Findings[i]
		byKind[githubKind(f.Severity)] = append(byKind[githubKind(f.Severity)], f)
	}
	emit := make(map[diag.Severity]int, len(kinds))
	shown := 0
	for _, k := range kinds {
		emit[k] = min(len(byKind[k]), limit)
		shown += emit[k]
	}
	if shown < len(run.Findings) && emit[diag.SeverityNote] == limit {
		emit[diag.SeverityNote]--
		shown--
	}

	bw := bufio.NewWriter(w)
	for _, k := range kinds {
		for _, f := range byKind[k][:emit[k]] {
			writeAnnotation(bw, f)
		}
	}
	if more := len(run.Findings) - shown; more > 0 {
		fmt.Fprintf(bw, "::notice::%s\n", escapeData(fmt.Sprintf(
			"%s — see the job summary or SARIF", plural.Form(more, "more finding", "more findings"))))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing github annotations: %w", err)
	}
	return nil
}

// githubKind folds severities onto the three annotation kinds.
func githubKind(s diag.Severity) diag.Severity {
	if s == diag.SeverityError || s == diag.SeverityWarning {
		return s
	}
	return diag.SeverityNote
}

func writeAnnotation(bw *bufio.Writer, f *Finding) {
	command := map[diag.Severity]string{
		diag.SeverityError:   "error",
		diag.SeverityWarning: "warning",
		diag.SeverityNote:    "notice",
	}[githubKind(f.Severity)]
	props := []string{"file=" + escapeProperty(f.Path)}
	if f.Line >= 1 {
		endLine := max(f.EndLine, f.Line)
		props = append(props, "line="+strconv.Itoa(f.Line))
		// Columns are allowed only on a one-line span; GitHub's endColumn
		// defaults to col, so it is inclusive: our exclusive end minus one.
		if endLine == f.Line && f.Column >= 1 {
			props = append(props, "col="+strconv.Itoa(f.Column))
		}
		props = append(props, "endLine="+strconv.Itoa(endLine))
		if endLine == f.Line && f.Column >= 1 {
			props = append(props, "endColumn="+strconv.Itoa(max(f.EndColumn-1, f.Column)))
		}
	}
	props = append(props, "title="+escapeProperty(annotationTitle(f)))
	data := fmt.Sprintf("%s:%d:%d: %s%s [%s]", f.Path, f.Line, f.Column, f.Message, f.AlsoIn(), f.Rule)
	if c := f.CandidatesLine(); c != "" {
		data += "\ncandidates: " + c
	}
	fmt.Fprintf(bw, "::%s %s::%s\n", command, strings.Join(props, ","), escapeData(data))
}

// annotationTitle is the rule id and, when registered, its name.
func annotationTitle(f *Finding) string {
	if r := ruleOf(f); r != nil {
		return r.ID + " " + r.Name
	}
	return f.Rule
}

// escapeData escapes a workflow command's message the way the runner
// unescapes it; '%' goes first so the other escapes are not re-escaped.
func escapeData(s string) string {
	s = strings.ReplaceAll(s, "%", "%25")
	s = strings.ReplaceAll(s, "\r", "%0D")
	return strings.ReplaceAll(s, "\n", "%0A")
}

// escapeProperty additionally escapes ':' and ',', which would otherwise end
// the property list or forge another property.
func escapeProperty(s string) string {
	s = escapeData(s)
	s = strings.ReplaceAll(s, ":", "%3A")
	return strings.ReplaceAll(s, ",", "%2C")
}
