package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleBindingDefaults = diag.Register(diag.Rule{
	ID: "SS307", Name: "binding-default-conflict", Severity: diag.SeverityError, Domain: "connector-bindings",
	Short: "a role has more than one binding with a non-ask default",
	Full: "Unattended autopilot needs exactly one applicable non-ask default per role: two bindings of one " +
		"role defaulting to original, connector or both leave the choice ambiguous, and autopilot stops and " +
		"escalates instead of guessing (rule 7).",
	Help: "keep one default and set the other bindings of the role to ask",

	Consumer: "unattended autopilot cannot choose between the defaults and stops to escalate",
	Since:    "Squad Connector Bindings (squadstate.md, rule 7)",
})

var ruleBindingAskOnly = diag.Register(diag.Rule{
	ID: "SS312", Name: "binding-ask-only", Severity: diag.SeverityNote, Domain: "connector-bindings",
	Short: "every binding of a role defaults to ask",
	Full: "When a role's bindings all default to ask, unattended autopilot has no applicable non-ask default " +
		"for it and must stop to ask (rule 7). That is right for a request-time alternative, but settle it " +
		"during setup if the role should run unattended.",
	Help: "set one binding of the role to connector (or original/both for a replace binding) if autopilot should run it",

	Consumer: "nothing breaks (a note): unattended autopilot stops to ask for the role, which is right for a request-time alternative",
	Since:    "Squad Connector Bindings (squadstate.md, rule 7)",
})

func checkBindingDefaults(c *checker, h *hveRoot) {
	d := h.team.doc
	first := map[string]*binding{}
	askOnly := map[string]*binding{}
	var order []string
	for _, b := range h.bindingsOf() {
		if b.roleText == "" || !isOneOf(b.defText, executions) {
			continue
		}
		if _, seen := askOnly[b.roleText]; !seen {
			askOnly[b.roleText] = b
			order = append(order, b.roleText)
		}
		if b.defText == "ask" {
			continue
		}
		askOnly[b.roleText] = nil
		if f := first[b.roleText]; f != nil {
			c.report(ruleBindingDefaults.At(d.path, b.def.Span, "role %s already has the non-ask default %q of binding %s (%s); set this one to ask",
				quote(b.roleText), f.defText, quote(f.idText), h.rowAt(f)))
			continue
		}
		first[b.roleText] = b
	}
	for _, role := range order {
		if b := askOnly[role]; b != nil {
			c.report(ruleBindingAskOnly.At(d.path, b.def.Span, "every binding of role %s defaults to ask, so autopilot has no default for it", quote(role)))
		}
	}
}
