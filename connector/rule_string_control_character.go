package connector

import (
	"fmt"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

var ruleStringControlCharacter = diag.Register(diag.Rule{
	ID: "CN009", Name: "string-control-character", Severity: diag.SeverityError, Domain: "json",
	Short: "String contains a control character other than newline or tab",
	Full: "Decoded strings in connector files may hold \\n and \\t but no other control character: not C0 " +
		"(U+0000–U+001F, which includes \\r), DEL (U+007F) or C1 (U+0080–U+009F). They hide text in " +
		"terminals and reviews and break line-oriented tools. Escaped forms such as \\u0007 count too.",
	Help:     "Remove the character; write line breaks as \\n only.",
	Consumer: "A control character in a connector string can hide text from a reviewer or break the adapter's and the coordinator's parsing of the task. Error.",
})

func checkControlCharacters(f *jsonFile, s string, span diag.Span, isName bool) {
	r, n := firstControl(s)
	if n == 0 {
		return
	}
	more := ""
	if n > 1 {
		more = fmt.Sprintf(" and %d more", n-1)
	}
	f.report(ruleStringControlCharacter.At(f.path, span,
		`%s contains control character U+%04X%s; only \n and \t are allowed in strings`,
		stringWhat(isName), r, more))
}

// firstControl returns the first forbidden control character of s and how
// many s holds. C1 characters are the two-byte sequences C2 80–C2 9F, so one
// pass over the bytes finds every kind.
func firstControl(s string) (first rune, count int) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		var r rune = -1
		switch {
		case c < 0x20 && c != '\n' && c != '\t', c == 0x7f:
			r = rune(c)
		case c == 0xC2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9F:
			r, _ = utf8.DecodeRuneInString(s[i:])
			i++
		}
		if r >= 0 {
			if count == 0 {
				first = r
			}
			count++
		}
	}
	return first, count
}
