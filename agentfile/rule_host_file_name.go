package agentfile

import (
	"path"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleFileName = diag.Register(diag.Rule{
	ID: "AF111", Name: "agentfile-file-name", Severity: diag.SeverityError, Domain: "agentfile",
	Short:    "Agent file name uses characters GitHub does not allow",
	Full:     "Only '.', '-', '_', a-z, A-Z and 0-9 are allowed in the part of a file name before .agent.md (or .chatmode.md).",
	Help:     "Rename the file using only letters, digits, '.', '-' and '_'.",
	Consumer: "GitHub's custom-agent reference allows only '.', '-', '_', letters and digits before .agent.md, so the cloud agent may not offer the agent; Copilot CLI takes the file name as the agent's id as it is. Error: a host may drop the agent.",
})

func (c *checker) checkFileName() {
	base := path.Base(strings.ReplaceAll(c.path, "\\", "/"))
	if !strings.HasSuffix(base, ".agent.md") && !strings.HasSuffix(base, ".chatmode.md") {
		return
	}
	s := stem(base)
	ok := s != ""
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch == '.' || ch == '-' || ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9') {
			ok = false
		}
	}
	if !ok {
		c.fail(ruleFileName, diag.Span{}, "", "", "file name may use only letters, digits, '.', '-' and '_' before .agent.md")
	}
}
