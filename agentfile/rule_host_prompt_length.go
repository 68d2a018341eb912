package agentfile

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

var rulePromptTooLong = diag.Register(diag.Rule{
	ID: "AF110", Name: "agentfile-prompt-too-long", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Prompt body is longer than 30,000 characters",
	Full: "GitHub caps a custom agent's prompt — everything below the frontmatter, inline tests included — at 30,000 characters. " +
		"Squad's coordinator (.github/agents/squad.agent.md) is longer in every release and is vendor-owned: `squad upgrade` " +
		"rewrites it, so there the finding is a note and the fix is upstream.",
	Help: "Shorten the prompt, or move reference material into files the agent reads.",
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
			span := diag.Span{Start: at, End: c.lines[c.lineAt(at)].end}
			msg := fmt.Sprintf("prompt body has %d characters; GitHub reads at most %d", utf8.RuneCount(body), MaxPromptChars)
			if isSquadCoordinator(c.path) {
				c.failVendor(rulePromptTooLong, span, "", diag.SeverityNote, msg)
				return
			}
			c.fail(rulePromptTooLong, span, "", "", "%s", msg)
			return
		}
		_, size := utf8.DecodeRune(body[i:])
		i += size
		n++
	}
}

// isSquadCoordinator reports whether p is Squad's coordinator agent file,
// which `squad init` writes and `squad upgrade` overwrites.
func isSquadCoordinator(p string) bool {
	return p == squadCoordinator || strings.HasSuffix(p, "/"+squadCoordinator)
}

const squadCoordinator = ".github/agents/squad.agent.md"

// failVendor records a finding on Squad's coordinator at the lowered
// severity sev, saying that the file is Squad's: `squad upgrade` rewrites
// it, so a local fix does not last (fidelity: vendor-owned files are at
// most a warning).
func (c *checker) failVendor(r *diag.Rule, span diag.Span, field string, sev diag.Severity, msg string) {
	c.out = append(c.out, finding{rule: r, span: span, field: field, sev: sev,
		msg: msg + " (Squad's coordinator: `squad upgrade` rewrites this file, so the fix is upstream)"})
}
