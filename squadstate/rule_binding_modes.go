package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleBindingModes = diag.Register(diag.Rule{
	ID: "SS302", Name: "binding-mode", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a binding's Mode or Default Execution is not allowed",
	Full: "Mode is replace or add. Default Execution is original, connector, ask or both; an add binding " +
		"has no internal original, so it allows only connector or ask (rule 2).",
	Help: "use replace or add; for add choose connector (run by default) or ask (on request)",

	Consumer: "the coordinator cannot choose an execution for the role",
	Since:    "Squad Connector Bindings (squadstate.md, rule 2)",
})

var (
	bindingModes = []string{"replace", "add"}
	executions   = []string{"original", "connector", "ask", "both"}
)

func checkBindingModes(c *checker, h *hveRoot) {
	d := h.team.doc
	for _, b := range h.bindingsOf() {
		if !isOneOf(b.modeText, bindingModes) {
			c.report(ruleBindingModes.At(d.path, b.mode.Span, "Mode %s is not replace or add%s", quote(b.modeText), diag.DidYouMean(b.modeText, bindingModes)))
		}
		switch {
		case !isOneOf(b.defText, executions):
			c.report(ruleBindingModes.At(d.path, b.def.Span, "Default Execution %s is not one of %s%s", quote(b.defText), strings.Join(executions, ", "), diag.DidYouMean(b.defText, executions)))
		case b.modeText == "add" && (b.defText == "original" || b.defText == "both"):
			c.report(ruleBindingModes.At(d.path, b.def.Span, "an add binding has no internal original, so Default Execution %q is impossible; use connector or ask", b.defText))
		}
	}
}
