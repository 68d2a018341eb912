package agentfile

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleModelName = diag.Register(diag.Rule{
	ID: "AF120", Name: "agentfile-model-name", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Frontmatter model joins several model names in one string",
	Full: "model names one model. VS Code also takes a sequence of names and uses the first one available " +
		"(promptFileAttributes.ts: \"Can also be a list of models. The first available model will be used\"; " +
		"promptFileParser.ts reads a string or a string array); Copilot CLI's agent schema takes one string only " +
		"(model: string in its custom-agent frontmatter schema) and refuses a list, rejecting the whole agent as " +
		"malformed. No host splits a string: VS Code looks the whole text up as one qualified model name, finds none " +
		"(its validator warns \"Unknown model\") and runs the agent on the model picked in the chat, and Copilot CLI " +
		"warns that the model is not available and uses the current one. So a value such as \"GPT-4.1 | gpt-5\" " +
		"or \"gpt-5, claude-sonnet-4.5\" never selects any of the models it lists: the choice is dropped, an error. " +
		"No model name contains '|' or ','. The fix differs by target: one name wherever Copilot CLI or the cloud " +
		"agent may load the file (target unset or github-copilot), a list only for target: vscode (Copilot CLI does " +
		"not read target, so it still fails to load such a file: one name works in every host).",
	Help: "Write one model name, model: first-choice (Copilot CLI and the cloud agent read one string and reject a list); " +
		"only in a file with target: vscode write a list, model: [first-choice, fallback], which VS Code tries in order.",
	Consumer: "No host splits a model string: VS Code finds no model of that name and uses the chat's model, and Copilot CLI warns the model is not available and uses the current one. Error: the model choice is dropped everywhere.",
})

// modelSeparators join several names in one string; no model name holds
// either.
const modelSeparators = "|,"

// modelNames checks one model string (the value, or an entry of the list
// when inList) for joined names.
func (h *hostCheck) modelNames(v *yaml.Node, field string, inList bool) {
	i := strings.IndexAny(v.Value, modelSeparators)
	if i < 0 {
		return
	}
	n := 1 + strings.Count(v.Value, v.Value[i:i+1])
	h.fail(ruleModelName, v, field, "model holds %d names joined by %q; no host splits a string, so it selects none of them: %s",
		n, v.Value[i:i+1], modelAdvice(h.c.frontTarget(), inList))
}

// modelAdvice is the fix for a joined model string, per target: VS Code
// takes a list, Copilot CLI's agent schema only one string (it rejects the
// whole agent when model is a list).
func modelAdvice(target string, inList bool) string {
	switch {
	case target == "vscode" && inList:
		return "give each name its own entry (VS Code uses the first available; Copilot CLI ignores target and fails to load an agent with a model list, so write one name if it should load there too)"
	case target == "vscode":
		return "write a list, model: [a, b] (VS Code uses the first available; Copilot CLI ignores target and fails to load an agent with a model list, so write one name if it should load there too)"
	case target == "github-copilot":
		return "write one name, model: a (Copilot CLI and the cloud agent read one string; a list makes Copilot CLI reject the agent as malformed)"
	case inList:
		return "write one name, model: a (Copilot CLI rejects a model list as a malformed agent; a list works only with target: vscode)"
	}
	return "write one name, model: a (Copilot CLI rejects a model list as a malformed agent; model: [a, b] works only with target: vscode)"
}
