package secrets

import (
	"net/url"
	"strings"
	"testing"
)

func TestScanFamilies(t *testing.T) {
	ghp := "ghp_" + fake(base62, 36, 1)
	ghs := "ghs_" + fake(base62, 36, 2)
	pat := "github_pat_" + fake(base62, 22, 3) + "_" + fake(base62, 59, 4)
	akia := "AKIA" + fake(awsSet, 16, 5)
	asia := "ASIA" + fake(awsSet, 16, 6)
	pemLF := pemKey("RSA", "\n", 900)
	pemEsc := pemKey("", `\n`, 1200)
	pemCut := pemLF[:strings.Index(pemLF, "\n-----END")]
	jwt, jwtNone := jwtToken(true), jwtToken(false)
	xoxb := "xoxb-" + fake(digits, 12, 8) + "-" + fake(digits, 13, 9) + "-" + fake(base62, 24, 10)
	xoxp := "xoxp-" + fake(digits, 12, 12) + "-" + fake(digits, 12, 13) + "-" + fake(digits, 13, 14) + "-" + fake(hexSet, 32, 15)
	xapp := "xapp-1-A" + fake(awsSet, 10, 16) + "-" + fake(digits, 13, 17) + "-" + fake(hexSet, 64, 18)
	hook := "https://hooks.slack.com/services/T" + fake(awsSet, 8, 19) + "/B" + fake(awsSet, 10, 20) + "/" + fake(base62, 24, 21)
	hookBare := "hooks.slack.com/workflows/T" + fake(awsSet, 8, 22) + "/A" + fake(awsSet, 10, 23) + "/" + fake(digits, 18, 24) + "/" + fake(base62, 24, 25)
	accountKey := fake(base64Set, 86, 26) + "=="
	accountKey2 := fake(base64Set, 88, 27)
	sigEnc := url.QueryEscape(fake(base64Set, 43, 28) + "=")
	sigRaw := fake(base64Set, 43, 29) + "="
	adSecret := fake(base62, 3, 30) + "8Q~" + fake(base62+"_~.-", 34, 31)
	adSecret2 := fake(base62, 3, 32) + "2Q~" + fake(base62+"_~.-", 31, 33)
	openaiLegacy := "sk-" + fake(base62, 20, 34) + "T3Blbk" + "FJ" + fake(base62, 20, 35)
	openaiProj := "sk-proj-" + fake(urlSet, 64, 36) + "T3Blbk" + "FJ" + fake(urlSet, 64, 37)
	openaiSvc := "sk-svcacct-" + fake(urlSet, 48, 38)
	anthropic := "sk-ant-api03-" + fake(urlSet, 93, 39) + "AA"
	anthropic2 := "sk-ant-admin01-" + fake(urlSet, 60, 40)
	pw := "Tr0ub4d" + "or&3x!q"
	pw2 := fake(base62, 14, 41)
	generic := fake(base62, 32, 42)
	generic2 := fake(base64Set, 40, 43)
	uuid := fake(hexSet, 8, 44) + "-" + fake(hexSet, 4, 45) + "-4" + fake(hexSet, 3, 46) + "-a" + fake(hexSet, 3, 47) + "-" + fake(hexSet, 12, 48)

	cases := []secretCase{
		// private-key
		{"pem with newlines", "key file:\n" + pemLF + "\n", "private-key", pemLF},
		{"pem escaped in raw json", `{"sshKey": "` + pemEsc + `\n"}`, "private-key", pemEsc},
		{"pem without end line", "pasted: " + pemCut, "private-key", pemCut},
		{"pem elided body", "-----BEGIN RSA PRIV" + "ATE KEY-----\nMIIEpAIBAAKCAQEA...\n-----END RSA PRIV" + "ATE KEY-----", "", ""},
		{"pem public key", strings.ReplaceAll(pemLF, "PRIV"+"ATE", "PUBLIC"), "", ""},
		{"pem prose", "Never commit the private key; keep it in the vault.", "", ""},

		// github-token
		{"ghp in json", `{"note": "` + ghp + `"}`, "github-token", ghp},
		{"ghs as url user", "https://x-access-token:" + ghs + "@github.com/o/r.git", "github-token", ghs},
		{"fine-grained pat", "export GH=" + pat + "\n", "github-token", pat},
		{"ghp masked", `{"token": "ghp_` + strings.Repeat("x", 36) + `"}`, "", ""},
		{"ghp too short", "ghp_" + fake(base62, 20, 50), "", ""},
		{"ghp inside a longer word", "A" + ghp, "", ""},
		{"actions secret", "token: ${{ secrets.GH_TOKEN }}", "", ""},

		// aws-access-key-id
		{"akia", "aws_access_key_id = " + akia + "\n", "aws-access-key-id", akia},
		{"asia in json", `{"AccessKeyId":"` + asia + `"}`, "aws-access-key-id", asia},
		{"aws docs example", "aws_access_key_id = AKIAIOSFODNN7" + "EXAMPLE", "", ""},
		{"aws run too long", akia + "QQ", "", ""},
		{"asia prose", "Teams in ASIA and EMEA", "", ""},

		// jwt
		{"jwt bearer header", "Authorization: Bearer " + jwt, "jwt", jwt},
		{"jwt alg none", `{"id_token":"` + jwtNone + `"}`, "jwt", jwtNone},
		{"jwt fragments", "header eyJhbGciOi and payload eyJzdWIi", "", ""},
		{"jwt low entropy", "eyJ" + strings.Repeat("a", 20) + ".eyJ" + strings.Repeat("a", 20) + ".", "", ""},

		// slack-token
		{"slack bot", "SLACK=" + xoxb, "slack-token", xoxb},
		{"slack user", `"` + xoxp + `"`, "slack-token", xoxp},
		{"slack app", "app token " + xapp, "slack-token", xapp},
		{"slack short", "xoxb-123-456", "", ""},
		{"slack masked", "xoxb-" + fake(digits, 12, 51) + "-xxxxxxxxxxxxxxxxxxxx", "", ""},

		// slack-webhook
		{"slack webhook", `{"url": "` + hook + `"}`, "slack-webhook", hook},
		{"slack workflow no scheme", "post to " + hookBare, "slack-webhook", hookBare},
		{"slack webhook docs", "https://hooks.slack.com/services/T00000000/B00000000/" + strings.Repeat("X", 24), "", ""},
		{"slack webhook prose", "see https://hooks.slack.com/ for details", "", ""},

		// azure-storage-key
		{"storage conn string", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=" + accountKey + ";EndpointSuffix=core.windows.net", "azure-storage-key", accountKey},
		{"storage key alone", "accountkey = " + accountKey2, "azure-storage-key", accountKey2},
		{"storage key placeholder", "AccountName=acct;AccountKey=<your-account-key>;", "", ""},
		{"storage key one char", "AccountKey=" + strings.Repeat("A", 86) + "==", "", ""},
		{"storage key short", "AccountKey=abc123;", "", ""},

		// azure-sas-signature
		{"sas url", "https://acct.blob.core.windows.net/c/b.txt?sv=2022-11-02&se=2030-01-01T00%3A00%3A00Z&sr=b&sp=r&sig=" + sigEnc, "azure-sas-signature", sigEnc},
		{"sas connection string", "SharedAccessSignature=sv=2021-06-08&ss=b&sig=" + sigRaw + ";", "azure-sas-signature", sigRaw},
		{"sas short", "?sv=2022-11-02&sig=abc", "", ""},
		{"sas placeholder", "&sig=" + strings.Repeat("A", 44), "", ""},
		{"sas inside a name", "xsig=" + fake(base64Set, 44, 52), "", ""},

		// azure-ad-client-secret
		{"aad secret json", `{"clientSecret": "` + adSecret + `"}`, "azure-ad-client-secret", adSecret},
		{"aad secret env", "AZURE_CLIENT_SECRET=" + adSecret2 + "\n", "azure-ad-client-secret", adSecret2},
		{"aad prose", "press Q~ to quit", "", ""},
		{"aad masked", "abc1Q~" + strings.Repeat("x", 34), "", ""},

		// openai-api-key
		{"openai legacy", "OPENAI=" + openaiLegacy, "openai-api-key", openaiLegacy},
		{"openai project", `"` + openaiProj + `"`, "openai-api-key", openaiProj},
		{"openai service account", openaiSvc, "openai-api-key", openaiSvc},
		{"openai short", "sk-abc", "", ""},
		{"openai no marker", "sk-" + fake(base62, 40, 53), "", ""},
		{"openai masked", "sk-proj-" + strings.Repeat("x", 48), "", ""},
		{"task ids", "task-force-assignment-list-extended-2024", "", ""},

		// anthropic-api-key
		{"anthropic api03", "ANTHROPIC_API_KEY=" + anthropic + "\n", "anthropic-api-key", anthropic},
		{"anthropic admin", `"` + anthropic2 + `"`, "anthropic-api-key", anthropic2},
		{"anthropic short", "sk-ant-api03-abc", "", ""},
		{"anthropic masked", "sk-ant-api03-" + strings.Repeat("x", 93) + "AA", "", ""},

		// connection-string-password
		{"ado password", "Server=tcp:db.internal,1433;Database=app;User ID=app;Password=" + pw + ";Encrypt=true", "connection-string-password", pw},
		{"ado pwd", "Data Source=srv;Initial Catalog=db;Uid=sa;Pwd=" + pw2 + ";", "connection-string-password", pw2},
		{"url password", "DATABASE_URL=postgres://app:" + pw2 + "@db.internal:5432/app", "connection-string-password", pw2},
		{"mongo srv", `{"uri": "mongodb+srv://admin:` + pw + `@cluster0.mongodb.net/"}`, "connection-string-password", pw},
		{"url password equals user", "postgres://postgres:postgres@localhost/db", "", ""},
		{"url password reference", "https://user:${DB_PASSWORD}@host/x", "", ""},
		{"url password word", "https://user:password@host/x", "", ""},
		{"ado placeholder", "Server=x;Password=<your-password>;", "", ""},
		{"ado empty", "Server=x;Password=;", "", ""},
		{"port not password", "http://localhost:8080/@me", "", ""},
		{"url password word token", "git clone https://user:token@github.com/org/repo.git", "", ""},
		{"url password word TOKEN", "https://oauth2:TOKEN@gitlab.com/x.git", "", ""},
		{"url password word api-key", "https://me:api-key@api.service.io/v1", "", ""},
		{"url password token prefix", "https://user:token" + pw2 + "@github.com/r.git", "connection-string-password", "token" + pw2},
		{"url on example.com", "postgres://admin:" + pw2 + "@prod.example.com:5432/appdb", "", ""},
		{"url on example.org", "https://app:" + pw2 + "@example.org/x", "", ""},
		{"url on .test", "redis://app:" + pw2 + "@cache.test", "", ""},
		{"url on .invalid", "amqp://app:" + pw2 + "@mq.invalid:5672", "", ""},
		{"url on .example", "mysql://app:" + pw2 + "@db.example/app", "", ""},
		{"url on localhost", "postgres://app:" + pw2 + "@localhost:5432/app", "", ""},
		{"url on lookalike host", "postgres://app:" + pw2 + "@example.com.attacker.io/app", "connection-string-password", pw2},
		{"url on notexample.com", "postgres://app:" + pw2 + "@notexample.com/app", "connection-string-password", pw2},
		{"url on example.company", "postgres://app:" + pw2 + "@db.example.company/app", "connection-string-password", pw2},
		{"token beside example url", "git clone https://" + ghp + "@example.com/r.git", "github-token", ghp},

		// generic-secret
		{"json member", `{"apiToken": "` + generic + `"}`, "generic-secret", generic},
		{"env line", "API_KEY=" + generic + "\n", "generic-secret", generic},
		{"go assignment", `dbPassword := "` + generic2 + `"`, "generic-secret", generic2},
		{"php arrow", `'client_secret' => '` + generic + `',`, "generic-secret", generic},
		{"yaml auth", "auth: " + generic + "\n", "generic-secret", generic},
		{"raw json escaped quotes", `"args": "--env TOKEN=\"` + generic + `\""`, "generic-secret", generic},
		{"authorization header", `"Authorization": "Bearer ` + generic + `"`, "generic-secret", generic},
		{"short value", "password: hunter", "", ""},
		{"low entropy", "token = aaaaaaaaaaaaaaaa", "", ""},
		{"copilot mcp ref", `"API_KEY": "$COPILOT_MCP_API_KEY"`, "", ""},
		{"copilot mcp braces", `"API_KEY": "${COPILOT_MCP_API_KEY}"`, "", ""},
		{"var default", "TOKEN=${TOKEN:-dev0123456789}", "", ""},
		{"angle placeholder", `"token": "<your-token>"`, "", ""},
		{"prose", "The token is stored in the keychain; rotate the password every 90 days.", "", ""},
		{"id suffix", `"tokenId": "` + uuid + `"`, "", ""},
		{"replace placeholder", `"secret": "REPLACE_WITH_SECRET_123"`, "", ""},
		{"changeme", `"password": "changeme123456"`, "", ""},
		{"letters only", "apiKey: abcdefghijklmnop", "", ""},
		{"digits only", `"token": "12345678901234"`, "", ""},
		{"comparison", `if token == "` + generic + `" {`, "", ""},
		{"public key", `"publicKey": "` + generic2 + `"`, "", ""},
		{"author email", `"authorEmail": "ada.lovelace1815@analytical.org"`, "", ""},
		{"pwd path", "PWD=/home/runner/work/repo1/build42", "", ""},
		{"url value", `"authority": "https://login.microsoftonline.com/` + uuid + `"`, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c, Scan(c.text)) })
	}
}

func TestScanKeepsEarliestLongest(t *testing.T) {
	ghp := "ghp_" + fake(base62, 36, 60)
	akia := "AKIA" + fake(awsSet, 16, 61)
	text := "a=" + ghp + " b=" + akia + " c: nothing"
	got := Scan(text)
	want := []Match{
		{Family: "github-token", Start: 2, End: 2 + len(ghp)},
		{Family: "aws-access-key-id", Start: 2 + len(ghp) + 3, End: 2 + len(ghp) + 3 + len(akia)},
	}
	checkWellFormed(t, text, got)
	if len(got) != len(want) {
		t.Fatalf("got %s", describe(text, got))
	}
	for i := range want {
		if got[i].Family != want[i].Family || got[i].Start != want[i].Start || got[i].End != want[i].End {
			t.Errorf("match %d: got %s [%d,%d), want %s [%d,%d)", i,
				got[i].Family, got[i].Start, got[i].End, want[i].Family, want[i].Start, want[i].End)
		}
	}
	if red := RedactMatches(text, got); red != "a=[REDACTED] b=[REDACTED] c: nothing" {
		t.Errorf("RedactMatches = %q", red)
	}
}

func TestFamilies(t *testing.T) {
	want := []string{
		"private-key", "github-token", "aws-access-key-id", "slack-webhook", "slack-token",
		"azure-storage-key", "azure-sas-signature", "azure-ad-client-secret", "jwt",
		"google-api-key", "anthropic-api-key", "openai-api-key", "connection-string-password", "generic-secret",
	}
	got := Families()
	if len(got) != len(want) {
		t.Fatalf("got %d families, want %d: %v", len(got), len(want), got)
	}
	for i, f := range got {
		if f.ID != want[i] || f.Description == "" {
			t.Errorf("family %d = %+v, want id %s", i, f, want[i])
		}
	}
}

func TestEntropy(t *testing.T) {
	for _, c := range []struct {
		s    string
		want float64
	}{{"", 0}, {"aaaa", 0}, {"ab", 1}, {"abcd", 2}, {"0123456789abcdef", 4}} {
		if got := entropy(c.s); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("entropy(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestPlaceholders(t *testing.T) {
	for _, v := range []string{
		"${{ secrets.X }}", "${{ vars.X }}", "$COPILOT_MCP_X", "${COPILOT_MCP_X}", "${VAR}",
		"${VAR:-default}", "$VAR", "%APPDATA%", "<your-token>", "AKIAIOSFODNN7" + "EXAMPLE",
		"xxxxxxxx", "ghp_" + strings.Repeat("X", 36), "********", "REPLACE_ME_1234", "changeme",
		"dummy-value-1", "an_example_key", "placeholder", "[redacted]", "zzzzzzzzzzzz", "abc...xyz",
	} {
		if !isPlaceholder(v) {
			t.Errorf("isPlaceholder(%q) = false", v)
		}
	}
	for _, v := range []string{fake(base62, 32, 70), "hunter2hunter", "Tr0ub4dor&3"} {
		if isPlaceholder(v) {
			t.Errorf("isPlaceholder(%q) = true", v)
		}
	}
}
