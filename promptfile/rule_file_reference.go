package promptfile

import "github.com/squadci/squadci/lint/diag"

const fileRefFull = "VS Code reads the body's Markdown links ([text](target), images aside) and #file:target " +
	"references, resolves each against the file's folder, attaches the file as context, and warns " +
	"\"File not found\" when it does not exist (promptFileParser.ts: PromptBody; promptValidator.ts: " +
	"validateBody). squadci checks the same references against the repository's files and folders, " +
	"leaving out URLs, absolute paths (VS Code reads those on the local disk), bare #anchors, template " +
	"placeholders ({{x}}, ${x}) and paths that leave the repository; a link's \"title\", #fragment and ?query are not part of the file name. " +
	"VS Code also reads references inside fenced code and `inline code`; squadci does not, since there they " +
	"are examples. A #file: reference that runs into a trailing period is reported as VS Code reads it."

const fileRefHelp = "Correct the path (it is relative to this file's folder), or remove the reference."

var rulePromptFileReference = diag.Register(diag.Rule{
	ID: "PF108", Name: "prompt-file-reference", Severity: diag.SeverityWarning, Domain: "promptfile",
	Short: "Prompt file refers to a file that does not exist",
	Full:  fileRefFull, Help: fileRefHelp,
	Consumer: "VS Code attaches nothing for the reference, so the prompt runs without that context",
})

var ruleInstructionsFileReference = diag.Register(diag.Rule{
	ID: "IN110", Name: "instructions-file-reference", Severity: diag.SeverityWarning, Domain: "instructions",
	Short: "Instructions file refers to a file that does not exist",
	Full:  fileRefFull, Help: fileRefHelp,
	Consumer: "VS Code attaches nothing for the reference, so the instructions lack that context",
})

// MissingFiles reports the body's references to files the repository lacks.
func (r *PromptReport) MissingFiles(tree *Tree) []diag.Diagnostic {
	return missingRefs(rulePromptFileReference, r.Path, r.Refs, tree)
}

// MissingFiles reports the body's references to files the repository lacks.
func (r *InstructionsReport) MissingFiles(tree *Tree) []diag.Diagnostic {
	return missingRefs(ruleInstructionsFileReference, r.Path, r.Refs, tree)
}
