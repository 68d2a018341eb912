package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

const dropRoot = ".connector-drops/"

var ruleDropPathUnconventional = diag.Register(diag.Rule{
	ID: "CN116", Name: "drop-path-unconventional", Severity: diag.SeverityWarning, Domain: "manifest",
	Short: "dropPath is not .connector-drops/<connectorId>/",
	Full: "By convention each connector's mailbox is .connector-drops/<connectorId>/ (the trailing '/' is " +
		"optional), which keeps mailboxes together, apart from deliverable roots, and easy to exclude. " +
		"Another safe path works but is reported as a warning.",
	Help:     `Move the mailbox to ".connector-drops/<connectorId>/" and update your adapter's watch path.`,
	Consumer: "Nothing breaks: squadci and the coordinator use any safe dropPath, but mailboxes outside .connector-drops/ are easy to mistake for deliverables. Warning: a convention the user would likely follow.",
})

func checkDropPathConvention(c *manifestCheck) {
	v, ok := c.text(fDropPath)
	id, idOK := c.text(fConnectorID)
	if !ok || !idOK || !IsKebabID(id.Str) {
		return
	}
	if _, safe := CheckSafePath(v.Str, true); !safe {
		return
	}
	if p, ok := strings.CutPrefix(strings.TrimSuffix(v.Str, "/"), dropRoot); ok && p == id.Str {
		return
	}
	c.report(ruleDropPathUnconventional.At(c.path, v.Span, "dropPath %s is not the conventional %q",
		c.q(v), dropRoot+id.Str+"/"))
}
