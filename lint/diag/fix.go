package diag

// Replace is the fix that replaces span with text: the one edit most
// repairs are.
func Replace(span Span, text string) *Fix {
	return &Fix{Edits: []Edit{{Start: span.Start, End: span.End, Text: text}}}
}

// WithFix returns d carrying fix.
func (d Diagnostic) WithFix(fix *Fix) Diagnostic {
	d.Fix = fix
	return d
}
