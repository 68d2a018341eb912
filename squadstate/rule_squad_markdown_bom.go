package squadstate

import (
	"bytes"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleMarkdownBOM = diag.Register(diag.Rule{
	ID: "SS003", Name: "squad-markdown-bom", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a .squad/ Markdown file starts with a UTF-8 byte order mark",
	Full: "Squad reads its Markdown with Node's readFile(path, 'utf-8') (storage/fs-storage-provider.ts), which keeps a " +
		"byte order mark: the first line then starts with U+FEFF, and a pattern anchored at a line start misses it " +
		"(config/agent-doc.ts takes the agent's name from the first line matching ^#, so a title on line 1 is skipped). " +
		"squadci itself reads past the mark.",
	Help: `save the file as "UTF-8" rather than "UTF-8 with BOM"`,

	Consumer: "the Squad SDK sees U+FEFF before the first line's text, so a heading or key on line 1 is not recognised",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
	Fixable:  true,
	Repair:   "removes the three bytes; the text is unchanged.",
})

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

func checkMarkdownBOM(c *checker, _ *squadTeam) {
	for _, p := range c.under(squadDir) {
		if !strings.HasSuffix(p, ".md") {
			continue
		}
		if d := c.doc(p); d != nil && bytes.HasPrefix(d.src, utf8BOM) {
			span := diag.Span{Start: 0, End: len(utf8BOM)}
			c.report(ruleMarkdownBOM.At(p, span, "%s starts with a UTF-8 byte order mark, which Squad keeps as the first character", p).
				WithFix(diag.Replace(span, "")))
		}
	}
}
