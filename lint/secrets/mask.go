package secrets

import "unicode/utf8"

// maskRunes replace a credential's characters byte for byte: each mask has
// the byte length of the character it covers, so byte offsets, lines and
// code-point columns computed on the original stay exact on the copy.
var maskRunes = [...]string{1: "*", 2: "·", 3: "•", 4: "🔒"}

// Span is a half-open byte range to mask.
type Span struct{ Start, End int }

// Mask returns src with every span masked out and every credential-shaped
// run that Scan finds masked too, for showing source lines (a text report's
// gutter) without echoing a credential. Line breaks are kept. src itself is
// never modified; it is returned as is when nothing is masked.
func Mask(src []byte, spans []Span) []byte {
	for _, m := range Scan(string(src)) {
		spans = append(spans, Span{m.Start, m.End})
	}
	var out []byte
	for _, sp := range spans {
		start, end := max(sp.Start, 0), min(sp.End, len(src))
		for i := start; i < end; {
			_, n := utf8.DecodeRune(src[i:end])
			if c := src[i]; c == '\n' || c == '\r' {
				i++
				continue
			}
			if out == nil {
				out = append([]byte(nil), src...)
			}
			copy(out[i:], maskRunes[n])
			i += n
		}
	}
	if out == nil {
		return src
	}
	return out
}
