package promptfile

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var rulePromptPlacement = diag.Register(diag.Rule{
	ID: "PF109", Name: "prompt-placement", Severity: diag.SeverityNote, Domain: "promptfile",
	Short: "Prompt file is outside .github/prompts/",
	Full: "VS Code offers the prompt files of .github/prompts/ (its default chat.promptFilesLocations, " +
		"promptFileLocations.ts: PROMPT_DEFAULT_SOURCE_FOLDER) as slash commands; one elsewhere is offered only " +
		"when that setting names its folder. squadci checks prompt files wherever they are, and says so for one " +
		"outside the default folder — fine in a collection meant to be copied elsewhere.",
	Help:     "Move the file to .github/prompts/, or add its folder to chat.promptFilesLocations.",
	Consumer: "nothing breaks: VS Code does not offer the prompt by default",
})

var ruleInstructionsPlacement = diag.Register(diag.Rule{
	ID: "IN111", Name: "instructions-placement", Severity: diag.SeverityNote, Domain: "instructions",
	Short: "Instructions file is outside .github/instructions/",
	Full: "GitHub's agents read path-specific instructions within or below .github/instructions/ (GitHub docs, " +
		"path-specific custom instructions), and so does VS Code by default (chat.instructionsFilesLocations, " +
		"promptFileLocations.ts: INSTRUCTIONS_DEFAULT_SOURCE_FOLDER). A file elsewhere is applied only where a " +
		"setting names its folder — fine in a collection meant to be copied elsewhere.",
	Help:     "Move the file below .github/instructions/, or add its folder to chat.instructionsFilesLocations.",
	Consumer: "nothing breaks: the hosts do not load the file by default",
})

// placement notes a file outside its kind's default folder (any depth).
func (c *check) placement(r *diag.Rule, folder string) {
	if !strings.HasPrefix(c.path, folder+"/") {
		c.outside = true
		c.fail(r, diag.SeverityOff, diag.Span{}, "", "not below %s/, the folder the hosts load by default", folder)
	}
}
