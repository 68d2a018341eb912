package agentfile

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/squadci/squadci/lint/secrets"
)

// Error is one refusal. Line and Column are 1-based; Column counts UTF-8
// bytes from the start of the line (a removed byte-order mark is not
// counted). Field is the canonical field name, such as
// "examples[0].assertions[1].pattern", or a comma-separated list of missing
// fields; it is empty for problems of the file as a whole. Message and
// Repair never repeat authored values or underlying YAML or OS errors.
type Error struct {
	Rule     string // the lint rule id reporting the same problem; "" for load and export refusals
	Filename string
	Line     int
	Column   int
	Field    string
	Message  string
	Repair   string
	// Unread reports a file that was never read because its path is the
	// problem (it does not exist, is not a regular file, is a symbolic
	// link or has a '..' segment), not its content.
	Unread bool
}

// Refusals is every reason one file cannot be exported, in the order they
// were found. errors.As finds the first *Error in it.
type Refusals []*Error

func (r Refusals) Error() string {
	lines := make([]string, len(r))
	for i, e := range r {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap lets errors.Is and errors.As see each refusal.
func (r Refusals) Unwrap() []error {
	out := make([]error, len(r))
	for i, e := range r {
		out[i] = e
	}
	return out
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d:%d: ", DisplayName(e.Filename), e.Line, e.Column)
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	if e.Repair != "" {
		b.WriteString(" (")
		b.WriteString(e.Repair)
		b.WriteString(")")
	}
	return b.String()
}

// withheldName stands for a file name that is itself credential-shaped.
const withheldName = "[file name withheld: credential-shaped]"

// DisplayName renders a file name for an error message: a name holding
// control characters is quoted with Go escapes, and a name that looks like a
// credential is withheld entirely.
func DisplayName(name string) string {
	if len(secrets.Scan(name)) > 0 {
		return withheldName
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == unicode.ReplacementChar {
			return strconv.Quote(name)
		}
	}
	return name
}
