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

	// user-invokable is an alias VS Code still reads as user-invocable
	// (promptFileAttributes.ts), so renaming it is the one repair.
	Fixable: true,
	Repair: "renames user-invokable to user-invocable when user-invocable is absent and the key is written plain. infer " +
		"maps to two keys, so it is never fixed.",
	Consumer: "infer still works in Copilot CLI (disable-model-invocation defaults to its negation) and VS Code maps it, but it is retired and may stop being read; user-invokable is only the old spelling. Warning: the user should switch before hosts drop it.",
})

// renames are the deprecated keys whose replacement is exact.
var renames = map[string]string{"user-invokable": "user-invocable"}

// replacements name what replaces each deprecated key.
var replacements = map[string]string{
	"infer":          "use disable-model-invocation and user-invocable instead",
	"user-invokable": "use user-invocable instead",
}

func (h *hostCheck) deprecated(k *yaml.Node, field string) {
	h.fail(ruleDeprecatedKey, k, field, "key is deprecated; %s", replacements[k.Value])
	if to, ok := renames[k.Value]; ok && mapValue(h.root, to) == nil {
		h.c.out[len(h.c.out)-1].fix = renameKey(h.ys, k, to)
	}
}

// renameKey is the fix that rewrites the plain scalar key k as to; nil
// when k is quoted or otherwise not written as its bare value.
func renameKey(ys *yamlSource, k *yaml.Node, to string) *diag.Fix {
	sp := ys.span(k)
	if k.Style != 0 || sp.End-sp.Start != len(k.Value) || string(ys.src[sp.Start:sp.End]) != k.Value {
		return nil
	}
	return diag.Replace(sp, to)
}

// RenameFix is the fix that rewrites the plain key k of this header as to,
// or nil when k is not written as its bare name.
func (h *Header) RenameFix(k *yaml.Node, to string) *diag.Fix {
	if h.ys == nil {
		return nil
	}
	return renameKey(h.ys, k, to)
}

// RenameFix is the fix that rewrites the plain key k of this frontmatter
// as to, or nil when k is not written as its bare name.
func (f *Front) RenameFix(k *yaml.Node, to string) *diag.Fix {
	if f.ys == nil {
		return nil
	}
	return renameKey(f.ys, k, to)
}
