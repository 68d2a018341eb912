package agentfile

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/squadci/squadci/lint/diag"
)

// Parse parses one agent file's bytes. It returns the Agent, or nil and the
// first refusal as an *Error. filename is used for messages and for the
// .squad/agents/<id>/charter.md placement check, where a relative name or
// dot segments are resolved against the current directory.
func Parse(filename string, b []byte) (*Agent, error) {
	c := newChecker(filename, b, true)
	c.resolve = true
	c.run()
	for _, f := range c.out {
		if f.rule.Severity == diag.SeverityError {
			return nil, c.asError(f)
		}
	}
	return c.agent, nil
}

// parseAll parses like Parse but keeps going past the first refusal and
// returns all of them (the parser contract's only, not the host-format
// checks). With refusals the Agent holds what parsed; fatal reports that
// checking stopped early, so the Agent says nothing about the rest.
func parseAll(filename string, b []byte) (a *Agent, refusals Refusals, fatal bool) {
	c := newChecker(filename, b, false)
	c.resolve = true
	c.run()
	for _, f := range c.out {
		if f.rule.Severity == diag.SeverityError {
			refusals = append(refusals, c.asError(f))
		}
	}
	return c.agent, refusals, c.fatal
}

// Check reports every finding it can for one agent file: the parser
// contract's refusals and the host-format checks. path is the
// repository-relative path (it decides .chatmode.md, file-name and
// placement findings); spans are byte offsets into src.
func Check(path string, src []byte) []diag.Diagnostic {
	return Inspect(path, src).Diagnostics
}

// run is the pipeline shared by Parse and Check.
func (c *checker) run() {
	if len(c.src) > MaxFileBytes {
		c.checkText()
		return
	}
	c.lines = splitLines(c.src, c.bom)
	c.cut = len(c.lines)
	if c.checkText(); c.stopped() {
		return
	}
	if c.checkRawSecrets(); c.stopped() {
		return
	}
	if c.splitFrontmatter(); c.stopped() {
		return
	}
	if c.front != nil {
		if c.checkFrontmatter(); c.stopped() {
			return
		}
	}
	c.md = scanMarkdown(c.src, c.lines, c.body)
	secs := c.sections()
	if c.front == nil && c.isCharter(secs) {
		c.charter(secs)
	} else {
		c.prompt(secs)
	}
	c.agent.Revision = Revision(c.src)
	c.agent.Instructions = c.instructionText()
}

// Revision is "sha256:<lowercase hex>" of the original bytes.
func Revision(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}
