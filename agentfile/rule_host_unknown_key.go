package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleUnknownKey = diag.Register(diag.Rule{
	ID: "AF102", Name: "agentfile-unknown-key", Severity: diag.SeverityWarning, Domain: "agentfile",
	Short: "Frontmatter or handoff key is not one the hosts read",
	Full: "Known frontmatter keys: name, description, target, tools, model, disable-model-invocation, " +
		"user-invocable, infer, mcp-servers, metadata, argument-hint, handoffs, agents. Handoff keys: label, " +
		"agent, prompt, send, showContinueOn, model. Hosts ignore other keys, so an unknown key is a warning " +
		"(often a misspelling), not an error; kmx keeps it unchanged.",
	Help: "Fix the spelling, or delete the key if no host reads it.",
})
