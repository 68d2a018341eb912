package secrets

import (
	"strings"
	"testing"
	"time"
)

// manifestText is about 4 KiB of connector manifest and request JSON with
// the words a scanner keys on (token, key, secret, password, auth) in names
// and prose, but no secret.
func manifestText() string {
	const unit = `{
  "connectorId": "release-notes-bot",
  "schemaVersion": "1.1",
  "transport": "file",
  "endpointKind": "agent",
  "capabilities": ["summarize-changes", "draft-release-notes", "check-tokens-budget"],
  "roles": ["release-writer"],
  "dropPath": ".connector-drops/release-notes-bot/",
  "deadlineMinutesDefault": 120,
  "retryCapDefault": 2,
  "contact": "release-team@example.org",
  "version": "1.4.2",
  "task": "Summarize merged pull requests since v1.4.1. Do not include author email addresses, API keys or any secret; the password policy page is out of scope.",
  "inputs": ["docs/CHANGELOG.md", "docs/auth/overview.md", "docs/keys/rotation.md"],
  "deliverableRoot": "out/release-notes/",
  "deadline": "2026-03-01T12:00:00Z",
  "createdAt": "2026-02-28T09:30:00Z",
  "env": {"GITHUB_TOKEN": "${{ secrets.GITHUB_TOKEN }}", "API_KEY": "$COPILOT_MCP_API_KEY"},
  "tokenLimit": 8000,
  "authorName": "Release Bot"
}
`
	var b strings.Builder
	for b.Len() < 4096 {
		b.WriteString(unit)
	}
	return b.String()[:4096]
}

func TestScanCleanManifest(t *testing.T) {
	text := manifestText()
	if ms := Scan(text); len(ms) != 0 {
		t.Fatalf("clean manifest: %s", describe(text, ms))
	}
	if n := testing.AllocsPerRun(50, func() { Scan(text) }); n != 0 {
		t.Errorf("Scan of clean text allocates %v times", n)
	}
	if n := testing.AllocsPerRun(50, func() { ScanKeyValue("task", "Summarize the token budget") }); n != 0 {
		t.Errorf("ScanKeyValue of clean value allocates %v times", n)
	}
}

// TestScanAdversarial feeds 512 KiB of each rule's trigger repeated, the
// shapes that make naive matchers rescan. Linear scanning takes milliseconds;
// a quadratic one would take many minutes, so the generous bound only catches
// that, not a busy machine.
func TestScanAdversarial(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	const size = 512 << 10
	units := []string{
		"-----BEGIN RSA PRIV" + "ATE KEY-----", "-----BEGIN PRIV" + "ATE KEY-----AAAA",
		"-----END PRIV" + "ATE KEY-----", "a_key=", "key=key", "token", "token:", "tok",
		"x://a:b", "://", "@", "Password=a", ";pwd=", "sig=", "sig=AAAA", "Q~", "1Q~abc",
		"eyJ", "eyJabcdefghijkl.", "sk-", "sk-ant-", "ghp_", "xoxb-1234567-", "AKIA",
		"hooks.slack.com/services/", "AccountKey=", "a", " ",
		"<a_token>", "<a_token>x", "token t ", `"token", "`, `"token", "x`, ";Password=Xq7;", "Server=.;",
		"token ::", "API_KEY=abc123", "key: s3cr3t_", "API_KEY=" + fake(base62, 20, 3) + ";",
	}
	for _, u := range units {
		text := strings.Repeat(u, size/len(u))
		start := time.Now()
		ms := Scan(text)
		checkWellFormed(t, text, ms)
		ScanKeyValue("token", text)
		if d := time.Since(start); d > 15*time.Second {
			t.Errorf("%q repeated: %v", u, d)
		} else if testing.Verbose() {
			t.Logf("%-30q %v", u, d)
		}
	}
}

func BenchmarkScan(b *testing.B) {
	clean := manifestText()
	leaky := strings.Replace(clean, `"tokenLimit": 8000`, `"note": "ghp_`+fake(base62, 36, 90)+`"`, 1)
	for _, bc := range []struct{ name, text string }{
		{"clean-4KiB", clean},
		{"secret-4KiB", leaky},
		{"short-value", "Summarize merged pull requests since v1.4.1"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.text)))
			b.ReportAllocs()
			for b.Loop() {
				Scan(bc.text)
			}
		})
	}
}

func BenchmarkScanKeyValue(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ScanKeyValue("apiToken", "${{ secrets.API_TOKEN }}")
	}
}
