package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleHTMLComment = diag.Register(diag.Rule{
	ID: "AF012", Name: "agentfile-charter-html-comment", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Complete charter contains an HTML comment outside fences",
	Full: "The complete charter scanner refuses '<!--' outside fenced blocks, so that a comment cannot hide " +
		"or fake a heading boundary. Free-form prompts (frontmatter agents and minimal prompts) keep their " +
		"HTML comments.",
	Help:     "Delete the comment, or put the text inside a fenced block if it is an example.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the charter: a comment could hide or fake a section boundary. Error: the contract refuses it.",
})
