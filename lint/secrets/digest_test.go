package secrets

import (
	"encoding/base64"
	"strings"
	"testing"
)

// Content digests are not credentials: lock files key per-file hashes by
// paths whose words (token, key, oauth, credential) name the file, and a
// digest written with its algorithm is a digest wherever it stands. Bare hex
// under a secret-like name that is not a path, a digest-looking value of the
// wrong size and the known token formats are still reported.
func TestScanContentDigests(t *testing.T) {
	hex64 := fake(hexSet, 64, 120)
	hex40 := fake(hexSet, 40, 121)
	sri := base64.StdEncoding.EncodeToString([]byte(fake(base62, 64, 122)))
	ghp := "ghp_" + fake(base62, 36, 123)
	generic := fake(base62, 32, 124)
	cases := []secretCase{
		// APM's apm.lock.yaml deployed_file_hashes and content_hash.
		{"apm lock hash keyed by instructions path", "  deployed_file_hashes:\n    .github/instructions/api-key-rotation.instructions.md: sha256:" + hex64 + "\n", "", ""},
		{"apm lock hash keyed by prompt path", "    .github/prompts/credential-scan.prompt.md: sha256:" + hex64 + "\n", "", ""},
		{"apm lock hash keyed by oauth agent", "    .github/agents/oauth-token-keeper.agent.md: sha256:" + hex64 + "\n", "", ""},
		{"algorithm upper case", "api_token: SHA256:" + strings.ToUpper(hex64) + "\n", "", ""},
		{"npm integrity under a secret-like name", `"auth_token": "sha512-` + sri + `"`, "", ""},
		{"sha1 digest with equals", "webhook_secret_signature_value=sha1=" + hex40 + "\n", "", ""},
		{"bare sha256 keyed by a path", "    .github/agents/secret-keeper.agent.md: " + hex64 + "\n", "", ""},
		{"bare sha1 keyed by a path", "    docs/access_token.md: " + hex40 + "\n", "", ""},
		{"bare hex keyed by a windows path", `    docs\tokens\access_token.md: ` + hex64 + "\n", "", ""},
		{"bare hex keyed by a file name", "access_token.md: " + hex64 + "\n", "", ""},
		// still reported
		{"bare hex under a secret name", "api_token: " + hex64 + "\n", GenericFamily, hex64},
		{"bare hex under a key file name", "server.key: " + hex64 + "\n", GenericFamily, hex64},
		{"bare hex under a dotted property", "spring.oauth.client.token = " + hex64 + "\n", GenericFamily, hex64},
		{"digest of the wrong size", "api_token: sha256:" + hex64[:63] + "\n", GenericFamily, "sha256:" + hex64[:63]},
		{"algorithm word before a generated value", "api_token: sha256:" + generic + "\n", GenericFamily, "sha256:" + generic},
		{"github token keyed by a path", "    .github/agents/token-keeper.agent.md: " + ghp + "\n", "github-token", ghp},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c, Scan(c.text)) })
	}
	keyed := []struct {
		key string
		secretCase
	}{
		{"src/auth/token.ts", secretCase{"json hash map keyed by path", hex64, "", ""}},
		{".github/skills/oauth/credentials.md", secretCase{"json hash map sha1", hex40, "", ""}},
		{"apiToken", secretCase{"json digest with algorithm", "sha256:" + hex64, "", ""}},
		{"apiToken", secretCase{"json bare hex under a secret name", hex64, GenericFamily, hex64}},
		{"src/auth/token.ts", secretCase{"json generated value keyed by path", generic, GenericFamily, generic}},
		{"src/auth/token.ts", secretCase{"json github token keyed by path", ghp, "github-token", ghp}},
	}
	for _, c := range keyed {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c.secretCase, ScanKeyValue(c.key, c.text)) })
	}
}

func TestIsDigest(t *testing.T) {
	for v, want := range map[string]bool{
		"sha256:" + fake(hexSet, 64, 1):                                               true,
		"sha384-" + base64.StdEncoding.EncodeToString([]byte(fake(base62, 48, 2))):    true,
		"sha512-" + base64.RawURLEncoding.EncodeToString([]byte(fake(base62, 64, 3))): true,
		"md5:" + fake(hexSet, 32, 4):                                                  true,
		"sha256:" + fake(hexSet, 40, 5):                                               false, // sha1's size
		"sha256:" + fake(hexSet, 32, 6) + "ABCDEF0123456789":                          false,
		"sha256:" + strings.ToUpper(fake(hexSet, 32, 7)) + fake("abcdef", 32, 8):      false, // mixed case
		"sha256":                      false,
		"sha256:":                     false,
		"shaX:" + fake(hexSet, 64, 9): false,
	} {
		if got := isDigest(v); got != want {
			t.Errorf("isDigest(%q) = %v, want %v", v, got, want)
		}
	}
}
