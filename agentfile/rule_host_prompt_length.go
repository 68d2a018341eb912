package agentfile

import (
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

var rulePromptTooLong = diag.Register(diag.Rule{
	ID: "AF110", Name: "agentfile-prompt-too-long", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Prompt body is longer than 30,000 characters",
	Full:  "GitHub caps a custom agent's prompt — everything below the frontmatter, inline tests included — at 30,000 characters.",
	Help:  "Shorten the prompt, or move reference material into files the agent reads.",
})

// checkPromptLength counts the body's characters (code points) and points
// at the first one past the cap.
func (c *checker) checkPromptLength() {
	if c.body >= len(c.lines) {
		return
	}
	start := c.lines[c.body].start
	body := c.src[start:]
	if len(body) <= MaxPromptChars {
		return
	}
	n := 0
	for i := 0; i < len(body); {
		if n == MaxPromptChars {
			at := start + i
			c.fail(rulePromptTooLong, diag.Span{Start: at, End: c.lines[c.lineAt(at)].end}, "", "",
				"prompt body has %d characters; GitHub reads at most %d", utf8.RuneCount(body), MaxPromptChars)
			return
		}
		_, size := utf8.DecodeRune(body[i:])
		i += size
		n++
	}
}
