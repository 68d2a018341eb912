package secrets

import "testing"

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
