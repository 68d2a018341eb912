package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleBoolean = diag.Register(diag.Rule{
	ID: "AF105", Name: "agentfile-boolean", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Boolean key is not a literal true or false",
	Full: "disable-model-invocation, user-invocable (and the deprecated user-invokable and infer), and a " +
		"handoff's send and showContinueOn are booleans. Hosts read only the plain literals true and false: " +
		"yes, on, \"true\" or True are not booleans there. Copilot CLI's agent schema types disable-model-invocation, " +
		"user-invocable and infer as booleans and rejects the whole agent as malformed on any other value; VS Code " +
		"ignores the value and keeps the default; a handoff is read by VS Code only.",
	Help:     "Write true or false, unquoted and lowercase.",
	Consumer: "Copilot CLI's agent schema takes only YAML booleans and rejects the whole agent as malformed on \"true\", yes or on; VS Code treats a non-boolean as unset. Error: a host drops the agent.",
})

// isBoolLiteral reports the plain scalars true and false.
func isBoolLiteral(v *yaml.Node) bool {
	return v.Kind == yaml.ScalarNode && v.Style == 0 && (v.Value == "true" || v.Value == "false")
}

func (h *hostCheck) boolean(v *yaml.Node, field string) {
	if v.Kind != yaml.AliasNode && !isBoolLiteral(v) {
		h.fail(ruleBoolean, v, field, "must be true or false (VS Code ignores any other value)")
	}
}
