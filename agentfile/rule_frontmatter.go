package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleFrontmatter = diag.Register(diag.Rule{
	ID: "AF005", Name: "agentfile-frontmatter", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Frontmatter is not a closed mapping",
	Full: "A Copilot or VS Code agent opens with a line holding only --- and closes with the next such " +
		"line; between them is one YAML mapping of keys. An unclosed block or a frontmatter that is a " +
		"sequence or a scalar is refused. The Markdown after the closing line is the agent's free-form " +
		"prompt.",
	Help:     "Close the frontmatter with a --- line and write it as key: value lines.",
	Consumer: "VS Code, Copilot CLI and the cloud agent read no frontmatter keys from an unclosed or non-mapping block (the description, tools and model are lost, and Copilot CLI rejects an agent without description), and kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the file. Error.",
})
