package promptfile

import "github.com/squadci/squadci/lint/diag"

var ruleInstructionsNoApplyTo = diag.Register(diag.Rule{
	ID: "IN108", Name: "instructions-no-apply-to", Severity: diag.SeverityNote, Domain: "instructions",
	Short: "Instructions file has no applyTo, so no host applies it by itself",
	Full: "Without applyTo, VS Code never attaches the file automatically (computeAutomaticInstructions.ts " +
		"skips it; it only lists it, with its description, for the model to read on demand), and GitHub's " +
		"agents do not apply a path-specific file at all. That suits a file meant to be attached by hand.",
	Help:     "Add applyTo with the files it is for (\"**\" for every request), or leave it for manual use.",
	Consumer: "nothing breaks: VS Code attaches the file only by hand and GitHub's agents do not apply it, which suits a file meant to be attached",
})
