package secrets

import (
	"encoding/base64"
	"strings"
	"testing"
)

// Mapping keys are names, never values: neither the raw scan nor a walker
// that hands a key scalar to ScanKeyValue with the key as its name reports one.
func TestScanKeyIsNotItsOwnValue(t *testing.T) {
	generic := fake(base62, 32, 90)
	cases := []secretCase{
		{"quoted yaml key in flow map", `headers: {"WIDGET42_API_KEY": "${{ secrets.COPILOT_MCP_WIDGET42 }}"}`, "", ""},
		{"quoted key after secret name", `token: "MYCORP5_API_TOKEN": "${{ secrets.X }}"`, "", ""},
		{"plain yaml key after secret name", "Secret: CLIENT9_SECRET_VALUE:\n  from: vault\n", "", ""},
		{"json key after secret name", `{"auth": {"BRAVO9_SEARCH_API_KEY": "$TOKEN"}}`, "", ""},
		{"value after quoted key still scanned", `"WIDGET42_API_KEY": "` + generic + `"`, "generic-secret", generic},
		{"value with colon inside still scanned", "apiKey: " + generic + ":tail", "generic-secret", generic + ":tail"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c, Scan(c.text)) })
	}
	keyed := []struct {
		key string
		secretCase
	}{
		{"WIDGET42_API_KEY", secretCase{"key scalar as its own value", "WIDGET42_API_KEY", "", ""}},
		{"Zq81TokenXv93", secretCase{"generated-looking key as its own value", "Zq81TokenXv93", "", ""}},
		{"WIDGET42_API_KEY", secretCase{"value under that key", generic, "generic-secret", generic}},
	}
	for _, c := range keyed {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c.secretCase, ScanKeyValue(c.key, c.text)) })
	}
}

// References name where a host finds the credential; they are not values,
// however generated the referenced name looks.
func TestScanReferencesAreNotValues(t *testing.T) {
	generic := fake(base62, 32, 91)
	refs := []string{
		"${{ secrets.Q7zp_TOKEN_9xK4 }}", "${{secrets.Q7zp_TOKEN_9xK4}}", "${{ vars.Q7zp_KEY_9xK4 }}",
		"$Q7zp_TOKEN_9xK4", "${Q7zp_TOKEN_9xK4}", "${Q7zp_TOKEN_9xK4:-}", "${input:q7zpToken9xK4}",
		"${env:Q7zp_TOKEN_9xK4}", "$env:Q7zp_TOKEN_9xK4", "%Q7zp_TOKEN_9xK4%", "Bearer $Q7zp_TOKEN_9xK4",
		"Bearer ${{ secrets.Q7zp_TOKEN_9xK4 }}", "{{ .Values.q7zpToken9xK4 }}",
	}
	for _, ref := range refs {
		for _, text := range []string{
			"apiToken: " + ref + "\n",
			`{"apiToken": "` + ref + `"}`,
			"API_TOKEN=" + ref + "\n",
			"Set `password = " + ref + "` in your profile.",
		} {
			t.Run(text, func(t *testing.T) { checkCase(t, secretCase{"", text, "", ""}, Scan(text)) })
		}
		t.Run("keyed "+ref, func(t *testing.T) { checkCase(t, secretCase{"", ref, "", ""}, ScanKeyValue("apiToken", ref)) })
	}
	// A reference beside a literal does not launder the literal.
	for _, c := range []secretCase{
		{"literal after reference", "token: $Q7zp_TOKEN_9xK4\nsecret: " + generic + "\n", "generic-secret", generic},
		{"percent not a reference", "password: %" + generic, "generic-secret", "%" + generic},
	} {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c, Scan(c.text)) })
	}
}

// Documentation values are written by people to show a shape; generated
// values beside them are still reported.
func TestScanDocumentationValues(t *testing.T) {
	generic := fake(base62, 32, 92)
	slashed := fake(base64Set, 12, 93) + "/" + fake(base64Set, 12, 94) + "/" + fake(base64Set, 12, 95)
	dashed := fake(urlSet, 16, 96) + "-" + fake(urlSet, 16, 97)
	uuid := fake(hexSet, 8, 98) + "-" + fake(hexSet, 4, 99) + "-4" + fake(hexSet, 3, 100) + "-b" + fake(hexSet, 3, 101) + "-" + fake(hexSet, 12, 102)
	cases := []secretCase{
		// path segments and words
		{"design token path", `Brand Token: "Header/Large/H3"`, "", ""},
		{"path segments value", `apiKey: "Layout/Grid/Col12"`, "", ""},
		{"word segments with sequential digits", "AUTH=build_stage_v2_123456\n", "", ""},
		{"upper snake words", `"clientSecret": "DEMO_CLIENT_VALUE_42"`, "", ""},
		{"kebab words", "token: your-api-key-here-2\n", "", ""},
		// self-naming values
		{"value says secret key", "SERVICE_KEY=actual_secret_key_12345\n", "", ""},
		{"value says password", `"dbPassword": "myDatabasePassword789"`, "", ""},
		{"value says token", "authToken: Xq9TokenForTests7\n", "", ""},
		// prose labels
		{"title label before keyword", "Brand Token: " + generic + " in the palette", "", ""},
		{"heading label", "### Color Key: " + generic, "", ""},
		// code, not literals
		{"call expression", "const apiToken = encodeUrl(randomBytes(16));", "", ""},
		{"index expression", "authKeys = matched[1].trim().split(',')", "", ""},
		// still reported
		{"acronym label is not prose", "API Token: " + generic, "generic-secret", generic},
		{"lone label", "Token: " + generic, "generic-secret", generic},
		{"lower word before label", "the Token: " + generic, "generic-secret", generic},
		{"random base64 segments", "secret: " + slashed + "\n", "generic-secret", slashed},
		{"random dashed", `"apiToken": "` + dashed + `"`, "generic-secret", dashed},
		{"uuid value", `"clientSecret": "` + uuid + `"`, "generic-secret", uuid},
		{"long non-sequential number", "token: build_stage_v2_918273\n", "generic-secret", "build_stage_v2_918273"},
		{"mixed-case segment", "password: Summer_Tr0ub4dor_xQ\n", "generic-secret", "Summer_Tr0ub4dor_xQ"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c, Scan(c.text)) })
	}
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"Desktop/Title/H1", true}, {"actual_secret_key_12345", true}, {"your-api-key-here", true},
		{"myApiKey2025", true}, {"API_KEY_9", true}, {"ticket-4711-done", true},
		{generic, false}, {slashed, false}, {uuid, false}, {"monkey9Xq2Lp7Zr", false}, {"xkcdqzwv/rtpl", false},
	} {
		if got := isDocumentationValue(c.v); got != c.want {
			t.Errorf("isDocumentationValue(%q) = %v, want %v", c.v, got, c.want)
		}
	}
}

// The specific families stay errors wherever they appear, including behind
// the labels, keys and words that excuse a generic value.
func TestScanFamiliesEverywhere(t *testing.T) {
	tokens := []struct{ family, secret string }{
		{"github-token", "ghp_" + fake(base62, 36, 110)},
		{"aws-access-key-id", "AKIA" + fake(awsSet, 16, 111)},
		{"azure-ad-client-secret", fake(base62, 3, 112) + "8Q~" + fake(base62+"_~.-", 34, 113)},
		{"slack-token", "xoxb-" + fake(digits, 12, 114) + "-" + fake(digits, 13, 115) + "-" + fake(base62, 24, 116)},
		{"jwt", jwtToken(true)},
		{"google-api-key", "AIza" + fake(urlSet, 35, 127)},
		{"openai-api-key", "sk-proj-" + fake(urlSet, 64, 117) + "T3Blbk" + "FJ" + fake(urlSet, 64, 118)},
		{"openai-api-key", "sk-" + fake(base62, 20, 119) + "T3Blbk" + "FJ" + fake(base62, 20, 120)},
		{"anthropic-api-key", "sk-ant-api03-" + fake(urlSet, 93, 121) + "AA"},
	}
	for _, tok := range tokens {
		for _, text := range []string{
			"Use the key " + tok.secret + " to call it.",             // Markdown prose
			"Brand Token: " + tok.secret + "\n",                      // prose label
			"env:\n  API_KEY: " + tok.secret + "\n",                  // YAML
			`{"WIDGET42_API_KEY": "` + tok.secret + `"}`,             // JSON
			"SERVICE_KEY=" + tok.secret + "\n",                       // env file
			"postgres://app:" + tok.secret + "@db.internal:5432/app", // connection string
			"> Example: `" + tok.secret + "`",                        // quoted in docs
		} {
			t.Run(tok.family+" "+text[:12], func(t *testing.T) {
				checkCase(t, secretCase{tok.family, text, tok.family, tok.secret}, Scan(text))
			})
		}
		t.Run(tok.family+" keyed", func(t *testing.T) {
			checkCase(t, secretCase{tok.family, tok.secret, tok.family, tok.secret}, ScanKeyValue("Brand Token", tok.secret))
		})
	}
	pem := pemKey("RSA", "\n", 900)
	for _, text := range []string{
		"Paste it here:\n\n```\n" + pem + "\n```\n",
		"key: |\n" + pem + "\n",
		`{"sshKey": "` + pemKey("", `\n`, 900) + `"}`,
	} {
		ms := Scan(text)
		if len(ms) != 1 || ms[0].Family != "private-key" {
			t.Errorf("pem in %q...: got %s", text[:10], describe(text, ms))
		}
	}
	sas := "sig=" + fake(base64Set, 43, 122) + "="
	hook := "https://hooks.slack.com/services/T" + fake(awsSet, 8, 123) + "/B" + fake(awsSet, 10, 124) + "/" + fake(base62, 24, 125)
	key := fake(base64Set, 86, 126) + "=="
	enc := base64.RawURLEncoding.EncodeToString
	body := "." + enc([]byte(`{"sub":"4711","iat":1700000000}`)) + "." + fake(urlSet, 43, 130)
	for _, c := range []secretCase{
		{"jwt header without alg", "Bearer " + enc([]byte(`{"typ":"JWT","kid":"k1"}`)) + body, "", ""},
		{"jwt header not json", "Bearer " + "eyJ" + fake(urlSet, 30, 131) + body, "", ""},
		{"jwt header with alg", "id_token=" + enc([]byte(`{"alg":"RS256","kid":"k1"}`)) + body, "jwt", enc([]byte(`{"alg":"RS256","kid":"k1"}`)) + body},
		{"google key too short", "see AIza" + fake(urlSet, 20, 128), "", ""},
		{"google key inside a longer run", "see AIza" + fake(urlSet, 36, 129), "", ""},
		{"google key masked", "AIza" + strings.Repeat("x", 35), "", ""},
		{"google word in prose", "AIzaSomething is not a key", "", ""},
		{"sas in prose", "Open https://acct.blob.core.windows.net/c?sv=2022-11-02&" + sas + " now", "azure-sas-signature", sas[4:]},
		{"webhook in yaml", "notify:\n  url: " + hook + "\n", "slack-webhook", hook},
		{"storage key in connection string", `"Storage": "AccountName=acct;AccountKey=` + key + `;"`, "azure-storage-key", key},
	} {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c, Scan(c.text)) })
	}
}

// A generic finding names the key its value is assigned to, never the value;
// a key that is not a plain identifier, or that itself matches, is not named.
func TestGenericMatchNamesItsKey(t *testing.T) {
	generic := fake(base62, 32, 140)
	ghp := "ghp_" + fake(base62, 36, 141)
	for _, c := range []struct {
		name, text, key string
		scan            func(string) []Match
	}{
		{"env line", "SERVICE_TOKEN=" + generic + "\n", "SERVICE_TOKEN", Scan},
		{"quoted json key", `{"clientSecret": "` + generic + `"}`, "clientSecret", Scan},
		{"keyed", generic, "apiToken", func(v string) []Match { return ScanKeyValue("apiToken", v) }},
		{"key with spaces", generic, "", func(v string) []Match { return ScanKeyValue("my api token", v) }},
		{"key that is a token", generic, "", func(v string) []Match { return ScanKeyValue(ghp+"_token", v) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			ms := c.scan(c.text)
			if len(ms) != 1 || ms[0].Family != "generic-secret" || ms[0].Key != c.key {
				t.Fatalf("got %+v, want one generic-secret with key %q", ms, c.key)
			}
			p := ms[0].Phrase()
			if strings.Contains(p, generic) || strings.Contains(p, ghp) || c.key != "" && !strings.HasSuffix(p, " "+c.key) {
				t.Errorf("Phrase() = %q", p)
			}
		})
	}
	if m := Scan("x=" + ghp)[0]; m.Key != "" || m.Phrase() != "a GitHub token" {
		t.Errorf("specific family match = %+v, phrase %q", m, m.Phrase())
	}
}
