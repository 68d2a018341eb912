package connector

import "github.com/squadci/squadci/lint/diag"

var ruleDropPathUnsafe = diag.Register(diag.Rule{
	ID: "CN115", Name: "drop-path-unsafe", Severity: diag.SeverityError, Domain: "manifest",
	Short: "dropPath is not a safe relative directory path",
	Full: "dropPath is the connector's mailbox, a directory relative to the repository root written with " +
		"'/' separators (one trailing '/' allowed). Refused: absolute, UNC and drive-letter paths, '..' " +
		"segments (checked before any cleaning), ':' anywhere, backslashes, empty or '.' segments, " +
		"Windows device names (CON, PRN, AUX, NUL, COM1–COM9, LPT1–LPT9, in any case, with or without " +
		"an extension) and segments ending in a dot or a space (spec §6).",
	Help:     `Use ".connector-drops/<connectorId>/".`,
	Consumer: "An unsafe dropPath would make squadci poll and resume and the adapter read or write outside the repository or in the wrong place. Error: a security property breaks.",
})

func checkDropPathSafe(c *manifestCheck) {
	v, ok := c.text(fDropPath)
	if !ok {
		return
	}
	if reason, safe := CheckSafePath(v.Str, true); !safe {
		c.report(ruleDropPathUnsafe.At(c.path, v.Span, "dropPath %s is unsafe: %s", c.q(v), reason))
	}
}
