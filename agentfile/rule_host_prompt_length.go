package agentfile

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

var rulePromptTooLong = diag.Register(diag.Rule{
	ID: "AF110", Name: "agentfile-prompt-too-long", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Prompt body is longer than 30,000 characters",
	Full: "GitHub caps a custom agent's prompt — everything below the frontmatter, inline tests included — at 30,000 " +
		"characters (github/docs content/copilot/reference/custom-agents-configuration.md: \"The prompt can be a maximum of " +
		"30,000 characters\"). GitHub loads agents from .github/agents/ in a repository and from agents/ in an " +
		"organization's or enterprise's .github-private repository (create-custom-agents.md), so a long prompt there is an " +
		"error; anywhere else GitHub does not load the file as it stands, and the finding is a warning that it would be cut " +
		"once installed. VS Code reads the whole body (promptFileParser.ts PromptBody.getContent has no cap), so a file with " +
		"target: vscode is not checked. Squad's coordinator (.github/agents/squad.agent.md) is longer in every release and " +
		"is vendor-owned: `squad upgrade` rewrites it, so there the finding is a note and the fix is upstream.",
	Help:     "Shorten the prompt or move reference material into files the agent reads; for a VS Code-only agent set target: vscode, or turn AF110 off for the path with rules: or overrides: in .squadci.yml.",
	Consumer: "GitHub caps a custom agent's prompt at 30,000 characters for agents it loads from .github/agents/ (the cloud agent), so the prompt is refused or cut there; VS Code and Copilot CLI read the whole body. Error where GitHub loads the file, a warning elsewhere.",
})

// checkPromptLength counts the body's characters (code points) as the
// host does, with CRLF read as one line break, and points at the first one
// past the cap. The finding's identity is the body's length, not the text
// at the cut point, which moves with every edit above it.
func (c *checker) checkPromptLength() {
	if c.body >= len(c.lines) || c.frontTarget() == "vscode" {
		return
	}
	start := c.lines[c.body].start
	body := c.src[start:]
	if len(body) <= MaxPromptChars {
		return
	}
	total := promptChars(body)
	if total <= MaxPromptChars {
		return
	}
	n := 0
	for i := 0; i < len(body); {
		if n == MaxPromptChars {
			at := start + i
			span := diag.Span{Start: at, End: c.lines[c.lineAt(at)].end}
			msg := fmt.Sprintf("prompt body has %d characters; GitHub's cloud agent reads at most %d", total, MaxPromptChars)
			switch {
			case isSquadCoordinator(c.path):
				c.failVendor(rulePromptTooLong, span, "", diag.SeverityNote, msg)
			case !githubLoads(c.path):
				c.fail(rulePromptTooLong, span, "", "", "%s once installed: GitHub loads agents only from .github/agents/ "+
					"(or an organization's agents/), so this copy is not read as it stands", msg)
				c.out[len(c.out)-1].sev = diag.SeverityWarning
			default:
				c.fail(rulePromptTooLong, span, "", "", "%s%s", msg, promptOptOut)
			}
			c.out[len(c.out)-1].anchor = "body-length"
			return
		}
		_, size := utf8.DecodeRune(body[i:])
		if body[i] == '\r' && i+1 < len(body) && body[i+1] == '\n' {
			size = 2 // CRLF is one character once the host normalises it
		}
		i += size
		n++
	}
}

// promptChars counts b's code points with each CRLF as one.
func promptChars(b []byte) int {
	return utf8.RuneCount(b) - bytes.Count(b, []byte("\r\n"))
}

// promptOptOut says how to tell squadci the cap does not apply.
const promptOptOut = " (a VS Code-only agent can say target: vscode; or turn AF110 off for this path with rules: or overrides: in .squadci.yml)"

// githubLoads reports whether GitHub loads p as a custom agent: under a
// repository's .github/agents/, or an organization repository's agents/.
func githubLoads(p string) bool {
	return strings.HasPrefix(p, ".github/agents/") || strings.Contains(p, "/.github/agents/") || strings.HasPrefix(p, "agents/")
}

// frontTarget is the frontmatter's target when it is a string, else "".
func (c *checker) frontTarget() string {
	t, _ := c.frontString("target")
	return t
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
