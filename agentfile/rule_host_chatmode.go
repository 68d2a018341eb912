package agentfile

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleChatmode = diag.Register(diag.Rule{
	ID: "AF112", Name: "agentfile-chatmode", Severity: diag.SeverityWarning, Domain: "agentfile",
	Short:    "Chat mode file should be renamed to an agent file",
	Full:     "VS Code renamed chat modes to custom agents. .github/chatmodes/*.chatmode.md still loads in VS Code, but Copilot CLI and the cloud agent read only .github/agents/ (Copilot CLI has no notion of chat modes).",
	Help:     "Move the file to .github/agents/ and rename it to end in .agent.md.",
	Consumer: "Nothing breaks today: VS Code still loads .chatmode.md, but Copilot CLI and the cloud agent read only .github/agents/, and VS Code calls the format deprecated. Warning: about to drift.",
})

func (c *checker) checkChatmode() {
	if strings.HasSuffix(c.path, ".chatmode.md") {
		c.fail(ruleChatmode, diag.Span{}, "", "", "chat modes are now custom agents: only VS Code loads .github/chatmodes/ (Copilot CLI and the cloud agent read .github/agents/); move the file to .github/agents/ and rename it to end in .agent.md")
	}
}
