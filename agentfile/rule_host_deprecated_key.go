package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleDeprecatedKey = diag.Register(diag.Rule{
	ID: "AF103", Name: "agentfile-deprecated-key", Severity: diag.SeverityWarning, Domain: "agentfile",
	Short: "Frontmatter key is deprecated",
	Full: "infer is retired: use disable-model-invocation (true means the agent must be picked by hand) and " +
		"user-invocable. user-invokable (with k) is the deprecated spelling of user-invocable.",
	Help: "Replace the key with the one the message names.",
})

// replacements name what replaces each deprecated key.
var replacements = map[string]string{
	"infer":          "use disable-model-invocation and user-invocable instead",
	"user-invokable": "use user-invocable instead",
}

func (h *hostCheck) deprecated(k *yaml.Node, field string) {
	h.fail(ruleDeprecatedKey, k, field, "key is deprecated; %s", replacements[k.Value])
}
