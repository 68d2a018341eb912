package secrets

import (
	"strings"
	"testing"
)

// heuristicCase is a secretCase filed under the heuristic it pins down.
type heuristicCase struct {
	heuristic string
	secretCase
}

// TestEveryHeuristic gives each check of each rule a text that must trigger
// and one that must not, so that no heuristic can be dropped or loosened
// without a test saying so. The families' basic shapes are in TestScanFamilies.
func TestEveryHeuristic(t *testing.T) {
	gen := fake(base62, 32, 200)
	pw := fake(base62, 14, 201)
	adoPw := "Tr0ub4d" + "or&3" // short of the generic rule's minimum, so only the ADO rule can see it
	ghBody := fake(base62, 36, 202)
	var cases []heuristicCase
	add := func(h string, cs ...secretCase) {
		for _, c := range cs {
			cases = append(cases, heuristicCase{h, c})
		}
	}

	// private-key (pem.go)
	add("pem label",
		secretCase{"openssh", pemKey("OPENSSH", "\n", 400), "private-key", pemKey("OPENSSH", "\n", 400)},
		secretCase{"encrypted", pemKey("ENCRYPTED", "\n", 400), "private-key", pemKey("ENCRYPTED", "\n", 400)},
		secretCase{"certificate is not a key", strings.ReplaceAll(pemKey("", "\n", 400), "PRIV"+"ATE KEY", "CERTIFICATE"), "", ""},
	)
	add("pem body length",
		secretCase{"64 base64 bytes", pemKey("EC", "\n", 64), "private-key", pemKey("EC", "\n", 64)},
		secretCase{"short body", pemKey("EC", "\n", 40), "", ""},
	)
	add("pem placeholder body",
		secretCase{"masked body", "-----BEGIN PRIV" + "ATE KEY-----\n" + strings.Repeat("X", 80) + "\n-----END PRIV" + "ATE KEY-----", "", ""},
		secretCase{"ellipsis body", "-----BEGIN PRIV" + "ATE KEY-----\n" + fake(base64Set, 70, 203) + "\u2026\n-----END PRIV" + "ATE KEY-----", "", ""},
		secretCase{"dummy body", "-----BEGIN PRIV" + "ATE KEY-----\n" + fake(base64Set, 40, 204) + "dummy" + fake(base64Set, 40, 205) + "\n-----END PRIV" + "ATE KEY-----", "", ""},
	)

	// token families: word boundaries and placeholders (rules.go)
	add("token bounded by its alphabet",
		secretCase{"ghp after punctuation", "(ghp_" + ghBody + ")", "github-token", "ghp_" + ghBody},
		secretCase{"ghp followed by a letter run", "ghp_" + ghBody + "Z", "github-token", "ghp_" + ghBody + "Z"},
		secretCase{"ghp after a digit", "9ghp_" + ghBody, "", ""},
		secretCase{"aws after a letter", "XAKIA" + fake(awsSet, 16, 206), "", ""},
		secretCase{"google after underscore", "_AIza" + fake(urlSet, 35, 207), "", ""},
		secretCase{"azure ad inside a longer run", "x" + fake(base62, 3, 208) + "8Q~" + fake(base62, 34, 209) + "~~~~", "", ""},
	)
	add("token prefixes",
		secretCase{"gho", "gho_" + ghBody, "github-token", "gho_" + ghBody},
		secretCase{"ghu", "ghu_" + ghBody, "github-token", "ghu_" + ghBody},
		secretCase{"ghr", "ghr_" + ghBody, "github-token", "ghr_" + ghBody},
		secretCase{"abia", "ABIA" + fake(awsSet, 16, 210), "aws-access-key-id", "ABIA" + fake(awsSet, 16, 210)},
		secretCase{"acca", "ACCA" + fake(awsSet, 16, 211), "aws-access-key-id", "ACCA" + fake(awsSet, 16, 211)},
		secretCase{"xoxe config", "xoxe.xoxp-1-" + fake(base62, 120, 212), "slack-token", "xoxe.xoxp-1-" + fake(base62, 120, 212)},
		secretCase{"openai admin", "sk-admin-" + fake(urlSet, 48, 213), "openai-api-key", "sk-admin-" + fake(urlSet, 48, 213)},
		secretCase{"openai typed prefix too short", "sk-proj-" + fake(urlSet, 30, 214), "", ""},
		secretCase{"anthropic is not openai", "sk-ant-" + "T3Blbk" + "FJ", "", ""},
	)
	add("token low entropy",
		secretCase{"aws repeated pair", "AKIA" + strings.Repeat("AB", 8), "", ""},
		secretCase{"jwt repeated", "eyJ" + strings.Repeat("ab", 10) + ".eyJ" + strings.Repeat("ab", 10) + ".", "", ""},
	)
	// A stand-in in a provider's format stays an error: only the generic rule
	// and connection-string passwords read counting values as documentation.
	add("token counting through the alphabet",
		secretCase{"ghp digits then letters", "ghp_0123456789" + "abcdefghijklmnopqrstuvwxyz", "github-token", "ghp_0123456789abcdefghijklmnopqrstuvwxyz"},
		secretCase{"ghp interleaved", "ghp_A1b2C3d4E5f6G7h8I9j0" + "K1l2M3n4O5p6Q7r8", "github-token", "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"},
		secretCase{"slack counting segments", "xoxb-" + "12345678901-1234567890123-" + "AbCdEfGhIjKl", "slack-token", "xoxb-12345678901-1234567890123-AbCdEfGhIjKl"},
		secretCase{"generic counting", "API_KEY=0123456789" + "abcdefghijklmnopqrstuvwxyz", "", ""},
		secretCase{"generic counting case-folded", "API_KEY=AbCdEfGhIjKl" + "-1234567890123", "", ""},
		secretCase{"generic interleaved", "API_KEY=A1b2C3d4E5f6G7h8", "", ""},
		secretCase{"counting runs and words", `"args": ["server.js", "--api-key", "sk-abc123realkey456"]`, "", ""},
		secretCase{"word and counting digits", "password: summer123456", "", ""},
		secretCase{"words and random digits", "password: summer" + "907" + "xq4", "", ""},
		secretCase{"generic short interleaved is not counting", "API_KEY=" + "918273" + fake(base62, 4, 215) + "_build", "generic-secret", "918273" + fake(base62, 4, 215) + "_build"},
		secretCase{"generic random segment beside a counting one", "API_KEY=abcdef123456-" + fake(base62, 12, 216), "generic-secret", "abcdef123456-" + fake(base62, 12, 216)},
	)
	add("azure storage key ends its run",
		secretCase{"key runs on: only the generic rule claims it", "AccountKey=" + fake(base64Set, 100, 217), "generic-secret", fake(base64Set, 100, 217)},
	)
	add("sas signature is its own parameter",
		secretCase{"percent-encoded", "?sv=2022-11-02&sig=" + fake(base62, 40, 218) + "%2B" + fake(base62, 3, 219) + "%3D", "azure-sas-signature", fake(base62, 40, 218) + "%2B" + fake(base62, 3, 219) + "%3D"},
		secretCase{"signature runs into another parameter name", "&sig=" + fake(base62, 44, 220) + "%41", "", ""},
	)

	// connection-string-password (connstring.go)
	add("ado name stands alone",
		secretCase{"pwd after semicolon", "Server=db7;Pwd=" + adoPw, "connection-string-password", adoPw},
		secretCase{"blanks around =", "Server=db7; Password = " + adoPw + ";", "connection-string-password", adoPw},
		secretCase{"longer name", "Server=db7;DbPassword=" + adoPw + ";", "", ""},
		secretCase{"no semicolon", "Password=" + adoPw, "", ""},
	)
	add("ado documentation server",
		secretCase{"server on example.com", "Server=tcp:sql.example.com,1433;User ID=app;Password=" + adoPw + ";", "", ""},
		secretCase{"generic value beside a documentation server", "Server=sql.example.com;Password=" + pw + ";", "", ""},
		secretCase{"long value beside a real server", "Server=sql7.corp.local;Password=" + pw + ";", "connection-string-password", pw},
		secretCase{"data source on localhost", `"Data Source=localhost\SQLEXPRESS;Initial Catalog=app;Pwd=` + adoPw + `;"`, "", ""},
		secretCase{"localdb", `"Server=(localdb)\MSSQLLocalDB;Database=app;User ID=sa;Password=` + adoPw + `;"`, "", ""},
		secretCase{"local server", "Server=.;Database=app;Uid=sa;Pwd=" + adoPw + ";", "", ""},
		secretCase{"host on .test", "Host=pg.test;Port=5432;Password=" + adoPw + ";", "", ""},
		secretCase{"server on example.net", "Server=db.example.net;Password=" + adoPw + ";", "", ""},
		secretCase{"real server", "Server=tcp:sql-prod-7.database.windows.net,1433;Password=" + adoPw + ";", "connection-string-password", adoPw},
		secretCase{"documentation server on another line", "Server=db.example.com;\nServer=sql7.corp.local;Password=" + adoPw + ";", "connection-string-password", adoPw},
	)
	add("url password",
		secretCase{"no scheme", "://user:" + pw + "@db7.internal/app", "", ""},
		secretCase{"ipv6 host", "redis://app:" + pw + "@[fd00::7]:6379", "connection-string-password", pw},
		secretCase{"no user", "redis://:" + pw + "@cache7.internal:6379", "connection-string-password", pw},
		secretCase{"no colon", "https://" + pw + "@github.com/o/r", "", ""},
		secretCase{"path before @", "https://host7.internal/a:" + pw + "@b", "", ""},
		secretCase{"password word", "https://app:passw0rd-here@db7.internal", "", ""},
		secretCase{"counting password", "postgres://app:abc123@db7.internal/app", "", ""},
		secretCase{"synthetic password", "postgres://user:syntheticpass@db/orders", "", ""},
		secretCase{"on example.net", "postgres://app:" + pw + "@db.example.net/app", "", ""},
	)

	// generic-secret: names (generic.go)
	for _, name := range []string{"apiKey", "client_secret", "GITHUB_TOKEN", "db_passwd", "PWD", "credentials", "authorization", "x-auth"} {
		add("secret-like name", secretCase{name, name + "=" + gen, "generic-secret", gen})
	}
	for _, name := range []string{"storageKey", "sshKey", "privateKey", "session_key"} {
		add("key names that stay secret-like", secretCase{name, name + "=" + gen, "generic-secret", gen})
	}
	for _, name := range []string{"author", "tokenizer_name", "secretName", "keyPath", "publicKey", "public_token", "rowKey", "partition_key", "CacheKey", "i18n.key", "hotkey", "monkeyId"} {
		add("not a secret name", secretCase{name, name + "=" + gen, "", ""})
	}
	// generic-secret: assignment shapes
	for _, shape := range []string{
		"TOKEN=%s", "TOKEN = %s", "token: %s", `"token": "%s"`, "'token' => '%s'", "token := \"%s\"",
		"TOKEN ::= \"%s\"", "TOKEN :::= \"%s\"", "TOKEN ?= %s", "TOKEN += %s", "$token .= \"%s\";", "$token ??= '%s';",
		"var apiToken string = \"%s\"", "const apiToken: string = '%s';", "val apiToken: String? = \"%s\"",
		`setProperty("API_TOKEN", "%s")`, `headers.set('Authorization', 'Bearer %s')`, "<apiToken>%s</apiToken>", "<apiToken>\n    %s\n</apiToken>", `\"token\": \"%s\"`, "token: Basic %s", "token: token %s",
	} {
		text := strings.Replace(shape, "%s", gen, 1)
		add("assignment operator", secretCase{shape, text, "generic-secret", gen})
	}
	add("not an assignment",
		secretCase{"comparison", "if token == " + gen, "", ""},
		secretCase{"inequality", "if token != " + gen, "", ""},
		secretCase{"scope operator", "Token::" + gen, "", ""},
		secretCase{"typed comparison", "token string == " + gen, "", ""},
		secretCase{"yaml value with words", "token: some words = " + gen, "", ""},
		secretCase{"element not closed", "<apiToken>" + gen + " and more", "", ""},
		secretCase{"argument not quoted", `setProperty("API_TOKEN", ` + gen + ")", "", ""},
		secretCase{"argument name not quoted", `setProperty(API_TOKEN, "` + gen + `")`, "", ""},
		secretCase{"too many blanks", "token" + strings.Repeat(" ", 20) + "= " + gen, "", ""},
		secretCase{"over-long value", "token=" + fake(base62, 300, 221), "", ""},
	)
	add("mapping key not its own value",
		secretCase{"issue's context7 key", `"CONTEXT7_API_KEY": "${{ secrets.COPILOT_MCP_CONTEXT7 }}"`, "", ""},
		secretCase{"yaml key", "apiKey:\n  WIDGET7_SECRET_VALUE:\n    from: vault", "", ""},
	)
	add("prose label",
		secretCase{"figma token", `Figma Token: "Desktop/Title/H1"`, "", ""},
		secretCase{"title words before generated value", "Design Token: " + gen, "", ""},
		secretCase{"acronym label", "MCP Token: " + gen, "generic-secret", gen},
	)
	// generic-secret: values
	add("value shape",
		secretCase{"short", "token=Xq9Lp2Zr7", "", ""},
		secretCase{"reference", "token=$" + gen, "", ""},
		secretCase{"template", "token={" + gen + "}", "", ""},
		secretCase{"relative path", "token=./" + gen, "", ""},
		secretCase{"home path", "token=~/" + gen, "", ""},
		secretCase{"file name", "key: 'orchestration-log/2026-01-01T00-00-ada.md'", "", ""},
		secretCase{"slash but no extension", "key: " + fake(base62, 10, 222) + "/" + fake(base62, 10, 223), "generic-secret", fake(base62, 10, 222) + "/" + fake(base62, 10, 223)},
		secretCase{"url", "token=https://x7.io/" + gen, "", ""},
		secretCase{"email", "authEmail=ada.l1815@analytical.org", "", ""},
		secretCase{"code", "token = getToken(" + gen, "", ""},
		secretCase{"letters only", "token=" + fake(base62[:52], 32, 224), "", ""},
		secretCase{"low entropy", "token=ab12ab12ab12ab12", "", ""},
	)
	add("documentation value",
		secretCase{"leet secret", `SECRET = "s3cr3t-Value_123"`, "", ""},
		secretCase{"leet password", "password: P@ssw0rd2024", "", ""},
		secretCase{"leet word that is not a secret word", "password: Tr0ub4dor" + fake(base62, 6, 225), "generic-secret", "Tr0ub4dor" + fake(base62, 6, 225)},
		secretCase{"counting value", `const API_KEY = "sk_live_abc123xyz789";`, "", ""},
		secretCase{"jwt header and words", "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.test.signature", "", ""},
		secretCase{"synthetic", "token: synthetic-" + fake(base62, 12, 226), "", ""},
		secretCase{"date stamp", "token: nightly_build_20260131", "", ""},
		secretCase{"not a date", "token: nightly_build_20261399", "generic-secret", "nightly_build_20261399"},
		secretCase{"derived uuids", "InteractionKey: 6ba7b810-9dad-11d1-80b4-00c04fd430c8:6ba7b811-9dad-51d1-80b4-00c04fd430c8", "", ""},
		secretCase{"random uuid", "clientSecret: 0d9e3a51-7c4b-4f2e-9a86-5b1c7e2f4d90", "generic-secret", "0d9e3a51-7c4b-4f2e-9a86-5b1c7e2f4d90"},
		secretCase{"encoded counting", "AccountKey=YWJjZGVmZ2hpamtsbW5vcHFyc3R1", "", ""},
		secretCase{"encoded user and password", "auth: dXNlcjpTM2NyZXRQNHNzOTk=", "generic-secret", "dXNlcjpTM2NyZXRQNHNzOTk="},
	)
	// resolution (scan.go)
	add("specific wins over generic",
		secretCase{"ghp assigned to a secret name", "API_KEY=ghp_" + ghBody, "github-token", "ghp_" + ghBody},
	)
	for _, c := range cases {
		t.Run(c.heuristic+"/"+c.name, func(t *testing.T) { checkCase(t, c.secretCase, Scan(c.text)) })
	}
}

// A generic match names its key only when the key is a plain identifier of
// at most maxShownKey bytes.
func TestShownKeyBounds(t *testing.T) {
	gen := fake(base62, 32, 260)
	for _, c := range []struct{ key, want string }{
		{"API_TOKEN", "API_TOKEN"},
		{"app.api_token", "app.api_token"},
		{strings.Repeat("A", maxShownKey-5) + "TOKEN", strings.Repeat("A", maxShownKey-5) + "TOKEN"},
		{strings.Repeat("A", maxShownKey-4) + "TOKEN", ""},
		{"9TOKEN", ""},
		{"--api-token", ""},
	} {
		ms := ScanKeyValue(c.key, gen)
		if len(ms) != 1 || ms[0].Key != c.want {
			t.Errorf("ScanKeyValue(%q): %+v, want key %q", c.key, ms, c.want)
		}
	}
}

// The false cases issue 13 names, each in the shape it was reported in.
func TestIssueFalseCases(t *testing.T) {
	pw := fake(base62, 14, 230)
	for _, text := range []string{
		`"CONTEXT7_API_KEY": "${{ secrets.COPILOT_MCP_CONTEXT7 }}"`,
		"API_KEY: ${{ vars.CONTEXT7_KEY_2 }}", "API_KEY=$CONTEXT7_KEY_2", "API_KEY=${CONTEXT7_KEY_2}",
		`"apiKey": "${input:context7Key2}"`, "set API_KEY=%CONTEXT7_KEY_2%",
		"postgres://app:" + pw + "@db.example.com/app", "postgres://app:" + pw + "@db.example.org/app",
		"postgres://app:" + pw + "@db.example.net/app", "postgres://app:" + pw + "@db.example/app",
		"postgres://app:" + pw + "@db.invalid/app", "postgres://app:" + pw + "@db.test/app",
		"postgres://app:" + pw + "@localhost:5432/app", "Server=localhost;Database=app;Password=" + pw + ";",
		"Server=sql.example.com;Password=" + pw + ";", `apiKey: "Desktop/Title/H1"`,
		"SERVICE_KEY=actual_secret_key_12345", "token: your-api-key-here", "token: build_stage_20260101_123456789",
		`"dbPassword": "theAppPassword42"`, `"authToken": "MyToken2025x"`, `"apiKey": "prod_key_v2_0001"`,
		`"clientSecret": "team-secret-77"`, `Figma Token: "Desktop/Title/H1"`,
	} {
		t.Run(text, func(t *testing.T) { checkCase(t, secretCase{"", text, "", ""}, Scan(text)) })
	}
}

// Every specific family triggers inside Markdown prose, YAML, JSON and a
// connection string. piece is how the credential is written (the name a
// family needs included); secret is the run reported.
func TestFamiliesInEveryFormat(t *testing.T) {
	storageKey := fake(base64Set, 86, 240) + "=="
	sig := fake(base64Set, 43, 241) + "="
	hook := "https://hooks.slack.com/services/T" + fake(awsSet, 8, 242) + "/B" + fake(awsSet, 10, 243) + "/" + fake(base62, 24, 244)
	tokens := []struct{ family, piece, secret string }{
		{"github-token", "", "github_pat_" + fake(base62, 22, 245) + "_" + fake(base62, 59, 246)},
		{"aws-access-key-id", "", "ASIA" + fake(awsSet, 16, 247)},
		{"slack-token", "", "xapp-1-A" + fake(awsSet, 10, 248) + "-" + fake(digits, 13, 249) + "-" + fake(hexSet, 64, 250)},
		{"slack-webhook", "", hook},
		{"azure-storage-key", "AccountName=acct7;AccountKey=" + storageKey, storageKey},
		{"azure-sas-signature", "sv=2022-11-02&sr=c&sig=" + sig, sig},
		{"azure-ad-client-secret", "", fake(base62, 3, 251) + "7Q~" + fake(base62+"_~.-", 34, 252)},
		{"jwt", "", jwtToken(true)},
		{"google-api-key", "", "AIza" + fake(urlSet, 35, 253)},
		{"anthropic-api-key", "", "sk-ant-admin01-" + fake(urlSet, 80, 254)},
		{"openai-api-key", "", "sk-svcacct-" + fake(urlSet, 64, 255)},
	}
	for _, tok := range tokens {
		piece := tok.piece
		if piece == "" {
			piece = tok.secret
		}
		formats := map[string]string{
			"markdown prose": "## Setup\n\nThe bot signs in with " + piece + " (rotate it monthly).\n",
			"yaml":           "env:\n  NOTIFY: " + piece + "\n",
			"json":           `{"settings": {"endpoint": "` + piece + `"}}`,
		}
		switch tok.family {
		case "azure-storage-key":
			formats["connection string"] = "DefaultEndpointsProtocol=https;" + piece + ";EndpointSuffix=core.windows.net"
		case "azure-sas-signature":
			formats["connection string"] = "BlobEndpoint=https://acct7.blob.core.windows.net/;SharedAccessSignature=" + piece
		case "slack-webhook":
			formats["connection string"] = "Endpoint=" + piece + ";Timeout=30"
		default:
			formats["connection string"] = "Server=tcp:sql7.corp.local,1433;User ID=bot;Password=" + piece + ";Encrypt=true"
		}
		for format, text := range formats {
			t.Run(tok.family+"/"+format, func(t *testing.T) {
				checkCase(t, secretCase{"", text, tok.family, tok.secret}, Scan(text))
			})
		}
	}
	pem := pemKey("OPENSSH", "\n", 600)
	for format, text := range map[string]string{
		"markdown prose": "Use this key:\n\n" + pem + "\n\nand nothing else.",
		"yaml":           "deploy:\n  key: |\n" + pem + "\n",
		"json":           `{"deployKey": "` + pemKey("OPENSSH", `\n`, 600) + `"}`,
	} {
		t.Run("private-key/"+format, func(t *testing.T) {
			ms := Scan(text)
			if len(ms) != 1 || ms[0].Family != "private-key" {
				t.Fatalf("got %s", describe(text, ms))
			}
		})
	}
}

// The quick reject of isDataKeyName must know every qualifier's last letter.
func TestDataKeyQualifierEnds(t *testing.T) {
	for _, w := range dataKeyNames {
		if c := w[len(w)-len("key")-1]; !strings.ContainsRune(dataKeyQualifierEnds, rune(c)) {
			t.Errorf("dataKeyQualifierEnds lacks %q, the end of %s", c, w)
		}
		if !isDataKeyName(w) || !isDataKeyName(strings.ToUpper(w[:len(w)-3])+"_KEY") {
			t.Errorf("isDataKeyName(%s) = false", w)
		}
	}
}
