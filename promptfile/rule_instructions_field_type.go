package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsFieldType = diag.Register(diag.Rule{
	ID: "IN103", Name: "instructions-field-type", Severity: diag.SeverityError, Domain: "instructions",
	Short: "Instructions file frontmatter key has the wrong type",
	Full: "applyTo, name and description are strings; excludeAgent is a string or a sequence of strings " +
		"(promptValidator.ts: validateApplyTo, validateExcludeAgent; GitHub's docs write applyTo as one " +
		"string of comma-separated globs). An applyTo written as a YAML sequence is an error: VS Code's parser " +
		"reads applyTo only as a string, so the file is never applied there (Copilot CLI joins a list with commas and " +
		"applies it, so one string works in both); so is a mapping anywhere a string " +
		"belongs. A number or boolean, a null and a blank value are warnings.",
	Help:     "Write applyTo as one string, e.g. applyTo: \"**/*.ts,**/*.tsx\".",
	Consumer: "VS Code drops applyTo unless it is a string, and never applies the file (Copilot CLI joins an applyTo list with commas and applies it)",
})
