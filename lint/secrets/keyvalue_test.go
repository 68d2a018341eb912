package secrets

import (
	"strings"
	"testing"
)

func TestScanKeyValue(t *testing.T) {
	generic := fake(base62, 32, 80)
	ghp := "ghp_" + fake(base62, 36, 81)
	pem := pemKey("EC", "\n", 300)
	cases := []struct {
		key string
		secretCase
	}{
		{"apiToken", secretCase{"keyed value", generic, "generic-secret", generic}},
		{"Authorization", secretCase{"bearer value", "Bearer " + generic, "generic-secret", generic}},
		{"client_secret", secretCase{"padded value", "  " + generic + "\n", "generic-secret", generic}},
		{"note", secretCase{"specific in any value", "use " + ghp + " here", "github-token", ghp}},
		{"GITHUB_TOKEN", secretCase{"specific wins over keyed", ghp, "github-token", ghp}},
		{"sshKey", secretCase{"decoded pem", pem, "private-key", pem}},
		{"apiToken", secretCase{"actions secret", "${{ secrets.X }}", "", ""}},
		{"API_KEY", secretCase{"copilot mcp", "$COPILOT_MCP_API_KEY", "", ""}},
		{"password", secretCase{"short", "hunter", "", ""}},
		{"token", secretCase{"repeated", strings.Repeat("a", 16), "", ""}},
		{"name", secretCase{"not a secret name", generic, "", ""}},
		{"tokenId", secretCase{"metadata name", generic, "", ""}},
		{"description", secretCase{"prose", "rotate the token every 90 days", "", ""}},
		{"token", secretCase{"prose value", "rotate every 90 days or when leaked", "", ""}},
		{"secret", secretCase{"angle", "<your-secret-here>", "", ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c.secretCase, ScanKeyValue(c.key, c.text)) })
	}
}
