package agentfile

import (
	"fmt"
	"sort"

	"github.com/squadci/squadci/lint/diag"
)

// finding is one problem before it becomes an *Error or a diagnostic.
type finding struct {
	rule   *diag.Rule
	span   diag.Span // byte offsets into the original file
	field  string
	msg    string
	repair string
	sev    diag.Severity // lower than the rule's default for this case; zero = the default
	fix    *diag.Fix     // the one meaning-preserving repair; nil when there is none
	anchor string        // the finding's identity anchor (diag.Diagnostic.Anchor); "" = its span's text
	cands  []string      // the names the fix may choose from (diag.Diagnostic.Candidates)
}

// severity is the finding's own severity, or its rule's default.
func (f *finding) severity() diag.Severity {
	if f.sev != diag.SeverityOff {
		return f.sev
	}
	return f.rule.Severity
}

// checker holds one file under check. In Parse mode (first) it stops at the
// first refusal; in Check mode it keeps going where later checks still
// make sense and also runs the host-format checks.
type checker struct {
	path  string
	src   []byte
	bom   int
	lines []srcLine
	first bool
	out   []finding
	fatal bool // nothing after this point can be checked meaningfully

	agent   *Agent
	secrets []diag.Span // credential-shaped runs already reported
	front   *frontmatter
	md      *markdown
	body    int  // index into lines of the first body line
	cut     int  // index into lines where the instructions end
	resolve bool // resolve relative names for the placement check (Parse)

	handoffs  []HandoffRef // frontmatter handoff targets, for the cross-file check
	subagents []HandoffRef // frontmatter agents: entries, for the same check
	unclosed  []int        // opening lines of fences already reported as unclosed
}

func newChecker(path string, src []byte, first bool) *checker {
	c := &checker{path: path, src: src, first: first, agent: &Agent{Filename: path}}
	if hasBOM(src) {
		c.bom = 3
	}
	return c
}

// fail records one finding. repair is specific guidance for this case; the
// rule's Help is the general one.
func (c *checker) fail(r *diag.Rule, span diag.Span, field, repair, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	c.out = append(c.out, finding{rule: r, span: span, field: field, msg: msg, repair: repair})
}

// stopped reports whether checking should end: a fatal problem, or the
// first refusal in Parse mode.
func (c *checker) stopped() bool {
	return c.fatal || (c.first && c.refused())
}

// refused reports whether any finding so far is an error.
func (c *checker) refused() bool {
	for i := range c.out {
		if c.out[i].severity() == diag.SeverityError {
			return true
		}
	}
	return false
}

// lineAt returns the 0-based index of the line holding byte offset off.
func (c *checker) lineAt(off int) int {
	i := sort.Search(len(c.lines), func(i int) bool { return c.lines[i].start > off }) - 1
	return max(i, 0)
}

// position converts a byte offset into a 1-based line and UTF-8 byte
// column; the removed byte-order mark is not counted.
func (c *checker) position(off int) (line, col int) {
	if len(c.lines) == 0 {
		return 1, 1
	}
	i := c.lineAt(off)
	start := c.lines[i].start
	return i + 1, max(off-start, 0) + 1
}

// mark records where field was authored, for export refusals (Agent.at).
func (c *checker) mark(field string, off int) {
	line, col := c.position(off)
	if c.agent.at == nil {
		c.agent.at = map[string][2]int{}
	}
	c.agent.at[field] = [2]int{line, col}
}

// asError turns a finding into the typed refusal.
func (c *checker) asError(f finding) *Error {
	line, col := c.position(f.span.Start)
	return &Error{Rule: f.rule.ID, Filename: c.path, Line: line, Column: col, Field: f.field, Message: f.msg, Repair: f.repair}
}

// diagnostics turns every finding into a lint diagnostic. The field, when
// there is one, leads the message so a one-line report says what is wrong
// where.
func (c *checker) diagnostics() []diag.Diagnostic {
	out := make([]diag.Diagnostic, 0, len(c.out))
	for _, f := range c.out {
		msg := f.msg
		if f.field != "" {
			msg = f.field + ": " + msg
		}
		d := f.rule.At(c.path, f.span, "%s", msg)
		d.Severity = f.severity()
		d.Fix = f.fix
		d.Anchor = f.anchor
		out = append(out, d.WithCandidates(f.cands))
	}
	return out
}
