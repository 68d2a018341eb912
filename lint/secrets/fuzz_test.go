package secrets

import (
	"strings"
	"testing"
)

func FuzzScan(f *testing.F) {
	for _, s := range []string{
		"", "token", "ghp_" + fake(base62, 36, 1), "AKIA" + fake(awsSet, 16, 2),
		pemKey("RSA", "\n", 200), pemKey("OPENSSH", `\n`, 200), jwtToken(true),
		"xoxb-" + fake(digits, 12, 3) + "-" + fake(digits, 12, 4) + "-" + fake(base62, 24, 5),
		"AccountKey=" + fake(base64Set, 88, 6), "sig=" + fake(base64Set, 44, 7),
		"abc1Q~" + fake(base62, 34, 8), "sk-ant-api03-" + fake(urlSet, 95, 9),
		"sk-proj-" + fake(urlSet, 60, 10), "Server=x;Password=" + fake(base62, 12, 11) + ";",
		"postgres://u:" + fake(base62, 12, 12) + "@h/db", `{"apiToken": "` + fake(base62, 30, 13) + `"}`,
		"TOKEN=${TOKEN:-x}", "https://hooks.slack.com/services/" + fake(base62, 44, 14),
		"-----BEGIN PRIV" + "ATE KEY-----" + strings.Repeat("-----END ", 3), "key=key=key=",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkWellFormed(t, text, Scan(text))
		checkWellFormed(t, text, ScanKeyValue("apiToken", text))
		for _, m := range Scan(text) {
			if m.End-m.Start >= 12 && strings.Contains(m.Description, text[m.Start:m.End]) {
				t.Fatalf("description echoes the match")
			}
		}
	})
}
