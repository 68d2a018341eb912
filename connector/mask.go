package connector

import (
	"bytes"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

// maskRunes replace a credential's characters byte for byte: each mask has
// the byte length of the character it covers, so byte offsets, lines and
// code-point columns of every finding stay exact.
var maskRunes = [...]string{1: "*", 2: "·", 3: "•", 4: "🔒"}

// MaskCredentials returns src with every span a credential-shaped-content
// finding of ds covers masked out, for showing source lines (a text
// report's gutter) without echoing the credential. Line breaks are kept.
// src itself is never modified; it is returned as is when nothing is masked.
func MaskCredentials(src []byte, ds []diag.Diagnostic) []byte {
	var out []byte
	for _, d := range ds {
		if d.Rule != ruleCredentialShapedContent.ID {
			continue
		}
		start, end := max(d.Span.Start, 0), min(d.Span.End, len(src))
		if start >= end {
			continue
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		for i := start; i < end; {
			_, n := utf8.DecodeRune(src[i:end])
			if c := src[i]; c == '\n' || c == '\r' {
				n = 1
			} else {
				copy(out[i:], maskRunes[n])
			}
			i += n
		}
	}
	if out == nil {
		return src
	}
	return out
}
