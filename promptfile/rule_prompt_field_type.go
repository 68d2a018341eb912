package promptfile

import "github.com/squadci/squadci/lint/diag"

var rulePromptFieldType = diag.Register(diag.Rule{
	ID: "PF103", Name: "prompt-field-type", Severity: diag.SeverityError, Domain: "promptfile",
	Short: "Prompt file frontmatter key has the wrong type",
	Full: "name, description, argument-hint, agent and mode are strings; model is a string or a nonempty " +
		"sequence of strings; tools is a sequence of strings or one comma-separated string " +
		"(promptValidator.ts: validateName, validateDescription, validateArgumentHint, validateAgent, " +
		"validateModel, validateTools). A mapping or sequence where a string belongs, or a mapping for " +
		"tools, is an error: VS Code drops the key. A number or boolean is a warning (current VS Code reads " +
		"any scalar as its text; releases whose parser typed scalars dropped it), and so is a blank value, " +
		"which VS Code marks but which has no effect.",
	Help:     "Write the value in the type the message names; quote text that looks like a number.",
	Consumer: "VS Code drops a key whose value has the wrong shape, so the prompt runs without that setting; Copilot CLI does not read prompt files",
})
