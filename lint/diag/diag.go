// Package diag holds the one finding type every domain returns and the rule
// registry that docs, SARIF rules[] and `squadci rules` are generated from.
package diag

import (
	"fmt"
	"strings"
)

// Severity orders findings; the zero value is SeverityOff so an unset override
// is never mistaken for a real level.
type Severity int

const (
	SeverityOff Severity = iota
	SeverityNote
	SeverityWarning
	SeverityError
)

func (s Severity) String() string {
	switch s {
	case SeverityNote:
		return "note"
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return "off"
}

// ParseSeverity accepts the spellings used in config files and flags.
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return SeverityError, nil
	case "warning":
		return SeverityWarning, nil
	case "note":
		return SeverityNote, nil
	case "off", "none":
		return SeverityOff, nil
	}
	return SeverityOff, fmt.Errorf("unknown severity %q (want error, warning, note or off)", s)
}

// Span is a half-open byte range [Start, End) into the file's original bytes.
type Span struct {
	Start, End int
}

// Diagnostic is one finding. Positions are byte offsets; line and column are
// computed at the edges (lint/report) from the file's bytes.
type Diagnostic struct {
	Rule     string   // rule id, e.g. CN101
	Severity Severity // zero means "the rule's default"
	Path     string   // repository-relative, '/' separated
	Span     Span
	Message  string
	// Related is the other position the finding is about (the earlier
	// definition of a duplicate, the other file of a cross-file rule); nil
	// when there is none.
	Related *Position
	// Also are the other places of the same cause when one cause produced
	// the same finding in several files (fidelity.md §3, one cause, one
	// finding): the engine fills it when it groups findings; empty for a
	// finding about one place.
	Also []Position
	// Fix is the one meaning-preserving repair of the finding; nil when the
	// rule offers none (adoption.md, Fixes).
	Fix *Fix
	// Anchor is what the finding is about inside its file (a key path, a
	// section, a name, or a fixed word such as "body-length"), so its
	// identity survives edits that move it (adoption.md, Identity). Empty:
	// the identity falls back to the span's text. AboutFile sets the anchor
	// of a finding about a whole or missing file.
	Anchor string
	// Candidates are the names a finding's fix may choose from (the agents
	// of the repository, the keys of a schema), in the order to show them.
	// They are never in the message, so adding an agent or a member leaves
	// the message of every other finding as it was; the outputs carry them
	// in a field of their own (WithCandidates).
	Candidates []string
}

// FileAnchorPrefix marks an Anchor naming the file the finding is about
// (a missing file), whatever file the finding is placed in.
const FileAnchorPrefix = "file:"

// AboutFile anchors d to the file p (repository-relative): a finding about
// a missing or whole file, whose identity is p alone, not the place (the
// first squad file's head) where it is shown.
func (d Diagnostic) AboutFile(p string) Diagnostic {
	d.Anchor = FileAnchorPrefix + p
	return d
}

// AnchoredTo sets d's anchor to a: what the finding is about inside its
// file (a key path, a section, a name), when its span's text says too
// little (a missing member shown at its object's opening brace).
func (d Diagnostic) AnchoredTo(a string) Diagnostic {
	d.Anchor = a
	return d
}

// WithCandidates sets the names d's fix may choose from (Candidates),
// dropping blanks and repeats and keeping the first spelling's place.
func (d Diagnostic) WithCandidates(names []string) Diagnostic {
	seen := make(map[string]bool, len(names))
	out := make([]string, 0, len(names))
	for _, n := range names {
		if strings.TrimSpace(n) == "" || seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, n)
	}
	if len(out) == 0 {
		out = nil
	}
	d.Candidates = out
	return d
}

// Position is a span in a file.
type Position struct {
	Path string
	Span Span
}

// Fix is a repair: non-overlapping edits on the finding's file.
type Fix struct {
	Edits []Edit
}

// Edit replaces the bytes [Start, End) of the original file with Text.
type Edit struct {
	Start, End int
	Text       string
}
