package main

import (
	"strings"
	"testing"
)

// TestNoSecretInAnyOutputAnyDomain: a credential in a manifest (beside
// another finding on the same line) and in an agent file never appears in
// any format — also when the credential rule itself is disabled, since the
// source gutter still shows those lines.
func TestNoSecretInAnyOutputAnyDomain(t *testing.T) {
	secret := "ghp_" + strings.Repeat("Zx9q", 9)
	manifest := strings.Replace(goodManifest, `"version": "1.0.0"`,
		`"version": "1.0.0", "apiToken": "`+secret+`"`, 1)
	agent := "---\ndescription: Reviews changes.\ntools: [read]\n---\n\n# Reviewer\n\nUse the token " + secret + " to call the API.\n"
	dir := writeTree(t, map[string]string{
		"connectors/a.json":                manifest,
		".github/agents/reviewer.agent.md": agent,
	})
	for _, extra := range [][]string{nil, {"--disable", "CN010,AF002"}} {
		for _, format := range []string{"text", "oneline", "json", "jsonl", "sarif", "github"} {
			args := append([]string{"lint", dir, "--format", format}, extra...)
			code, out, stderr := run(t, dir, args...)
			if code != exitFindings {
				t.Errorf("%v: exit %d\n%s", args, code, stderr)
			}
			if strings.Contains(out+stderr, secret) || strings.Contains(out+stderr, secret[4:24]) {
				t.Errorf("%v echoes the credential:\n%s", args, out)
			}
		}
	}
	_, out, _ := run(t, dir, "lint", dir, "--format", "text")
	if !strings.Contains(out, "CN010") || !strings.Contains(out, "AF002") || !strings.Contains(out, "****") {
		t.Errorf("expected masked credential findings in both domains:\n%s", out)
	}
}
