package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// TextOptions selects the human formats: Gutter false is `oneline`.
type TextOptions struct {
	Color  bool
	Gutter bool
}

// ANSI styles; empty strings when colour is off keep one code path.
type palette struct {
	bold, dim, gutter, reset string
	severity                 map[diag.Severity]string
}

func newPalette(color bool) palette {
	if !color {
		return palette{}
	}
	return palette{
		bold: "\x1b[1m", dim: "\x1b[2m", gutter: "\x1b[34m", reset: "\x1b[0m",
		severity: map[diag.Severity]string{
			diag.SeverityError:   "\x1b[1;31m",
			diag.SeverityWarning: "\x1b[1;33m",
			diag.SeverityNote:    "\x1b[1;36m",
		},
	}
}

// WriteText writes one block per finding: the `path:line:col: severity:
// message [RULE]` line, then with Gutter the source line, its underline and
// the rule's help. Summary lines are the caller's business (stderr).
func WriteText(w io.Writer, run *Run, opts TextOptions) error {
	bw := bufio.NewWriter(w)
	p := newPalette(opts.Color)
	for i := range run.Findings {
		f := &run.Findings[i]
		if opts.Gutter && i > 0 {
			bw.WriteString("\n")
		}
		writeHeadline(bw, f, p, opts.Gutter)
		if opts.Gutter {
			writeGutter(bw, f, p)
			writeAlso(bw, f, p)
			writeCandidates(bw, f, p)
			writeHelp(bw, f, p)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing text report: %w", err)
	}
	return nil
}

func writeHeadline(bw *bufio.Writer, f *Finding, p palette, multiline bool) {
	msg := displayText(strings.ReplaceAll(f.Message+f.AlsoIn(), "\r\n", "\n"))
	if multiline {
		msg = strings.ReplaceAll(msg, "\n", "\n    ")
	} else {
		msg = strings.ReplaceAll(msg, "\n", `\n`)
	}
	fixable := ""
	if f.Fix != nil {
		fixable = " [fixable]" // `squadci lint --fix` repairs it
	}
	fmt.Fprintf(bw, "%s%s:%d:%d:%s %s%s:%s %s %s[%s]%s%s\n",
		p.bold, displayText(f.Path), f.Line, f.Column, p.reset,
		p.severity[f.Severity], f.Severity, p.reset,
		msg, p.dim, f.Rule, fixable, p.reset)
}

// writeGutter prints the start line and a `^~~~` under Column..EndColumn. A
// finding without source text gets no gutter.
func writeGutter(bw *bufio.Writer, f *Finding, p palette) {
	line := displayText(strings.TrimSuffix(f.SourceLine, "\r"))
	if line == "" {
		return
	}
	num := strconv.Itoa(f.Line)
	pad := strings.Repeat(" ", len(num))
	prefix, caret := underline([]rune(line), f)
	fmt.Fprintf(bw, "%s%s |%s\n", p.gutter, pad, p.reset)
	fmt.Fprintf(bw, "%s%s |%s %s\n", p.gutter, num, p.reset, line)
	fmt.Fprintf(bw, "%s%s |%s %s%s%s%s\n", p.gutter, pad, p.reset, prefix, p.severity[f.Severity], caret, p.reset)
}

// underline returns the indentation before the caret and the caret itself.
// Tabs are copied so the caret lines up whatever the tab width; wide runes
// take two cells and combining marks none.
func underline(line []rune, f *Finding) (prefix, caret string) {
	start := clamp(f.Column-1, 0, len(line))
	end := len(line)
	if f.EndLine <= f.Line {
		end = clamp(f.EndColumn-1, start, len(line))
	}
	var b strings.Builder
	for _, r := range line[:start] {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteString(strings.Repeat(" ", cellWidth(r)))
		}
	}
	cells := 0
	for _, r := range line[start:end] {
		if r == '\t' {
			cells++
		} else {
			cells += cellWidth(r)
		}
	}
	return b.String(), "^" + strings.Repeat("~", max(cells, 1)-1)
}

// maxAlsoLines caps the other places the text format lists under a
// grouped finding; the json and sarif formats carry them all.
const maxAlsoLines = 20

// writeAlso lists a grouped finding's other places, one `also:` line each.
func writeAlso(bw *bufio.Writer, f *Finding, p palette) {
	for i, o := range f.Others {
		if i == maxAlsoLines {
			fmt.Fprintf(bw, "%salso:%s … and %d more\n", p.bold, p.reset, len(f.Others)-i)
			return
		}
		fmt.Fprintf(bw, "%salso:%s %s:%d:%d\n", p.bold, p.reset, displayText(o.Path), o.Line, o.Column)
	}
}

// writeCandidates prints the names a finding's fix may choose from on one
// `candidates:` line.
func writeCandidates(bw *bufio.Writer, f *Finding, p palette) {
	if line := f.CandidatesLine(); line != "" {
		fmt.Fprintf(bw, "%scandidates:%s %s\n", p.bold, p.reset, displayText(line))
	}
}

func writeHelp(bw *bufio.Writer, f *Finding, p palette) {
	r := ruleOf(f)
	if r == nil || r.Help == "" {
		return
	}
	fmt.Fprintf(bw, "%shelp:%s %s %s(%s)%s\n", p.bold, p.reset, displayText(r.Help), p.dim, r.HelpURL(), p.reset)
}

// displayText keeps terminal control characters in file content and messages
// from reaching the terminal: everything below space except tab and newline,
// DEL and the C1 controls become U+FFFD (one code point for one, so columns
// still index the result).
func displayText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' {
			return r
		}
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return '\uFFFD'
		}
		return r
	}, s)
}

func clamp(v, lo, hi int) int {
	return min(max(v, lo), hi)
}
