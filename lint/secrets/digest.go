package secrets

import (
	"encoding/base64"
	"strings"
)

// digestSizes are the content digests lock files, registries and
// manifests record, by algorithm name, with their size in bytes: the
// sha256:<hex> of OCI and APM lock files, the sha512-<base64> of npm's
// integrity field (Subresource Integrity), the sha1 of git objects.
var digestSizes = []struct {
	algorithm string
	size      int
}{
	{"md5", 16}, {"sha1", 20}, {"sha224", 28}, {"sha256", 32}, {"sha384", 48}, {"sha512", 64},
	{"sha3-256", 32}, {"sha3-384", 48}, {"sha3-512", 64}, {"blake2b", 64}, {"blake2s", 32}, {"blake3", 32},
}

// isDigest reports a content digest written with its algorithm:
// `sha256:<64 hex>`, `sha512-<base64>`, `sha1=<40 hex>`. A digest names
// content anyone can hash; it is not a credential, whatever it is assigned
// to. The body must have exactly the algorithm's size, in hex or base64, so
// a token with an algorithm-like word in front is not waved through.
func isDigest(v string) bool {
	for _, d := range digestSizes {
		if len(v) <= len(d.algorithm)+1 || !hasPrefixFold(v, d.algorithm) {
			continue
		}
		switch v[len(d.algorithm)] {
		case ':', '-', '=':
		default:
			continue
		}
		body := v[len(d.algorithm)+1:]
		if isHexOfSize(body, d.size) || isBase64OfSize(body, d.size) {
			return true
		}
	}
	return false
}

// isHexOfSize reports exactly 2*size hex digits in one case.
func isHexOfSize(s string, size int) bool {
	if len(s) != 2*size {
		return false
	}
	upper, lowerCase := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isDigit(c):
		case 'a' <= c && c <= 'f':
			lowerCase = true
		case 'A' <= c && c <= 'F':
			upper = true
		default:
			return false
		}
	}
	return !(upper && lowerCase)
}

// isBase64OfSize reports the base64 (standard or URL alphabet, padded or
// not) of exactly size bytes.
func isBase64OfSize(s string, size int) bool {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if enc.EncodedLen(size) != len(s) {
			continue
		}
		if b, err := enc.DecodeString(s); err == nil && len(b) == size {
			return true
		}
	}
	return false
}

// isBareDigest reports hex of a digest's size (md5, sha1, sha256, sha512)
// without an algorithm: the per-file hashes of a lock file.
func isBareDigest(v string) bool {
	for _, size := range []int{16, 20, 32, 64} {
		if isHexOfSize(v, size) {
			return true
		}
	}
	return false
}

// fileExtensions end the file names lock files key their hashes by. An
// extension that is itself a secret word (.key, .token) is not one of them:
// `server.key: <hex>` may well be the key.
var fileExtensions = []string{
	"md", "mdx", "txt", "json", "jsonc", "yaml", "yml", "toml", "xml", "html", "css",
	"js", "mjs", "cjs", "ts", "tsx", "jsx", "py", "go", "rs", "rb", "java", "cs", "sh", "ps1", "psm1",
	"lock", "sum", "tar", "tgz", "gz", "zip", "whl",
}

// isPathName reports a name that is a file path: it has a directory
// separator (sep says the byte before it was one, as in
// `.github/skills/oauth-token/SKILL.md`), or ends in a file extension. The
// words in such a name name the file, not a secret held in the value.
func isPathName(name string, sep bool) bool {
	if sep || strings.ContainsAny(name, `/\`) {
		return true
	}
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 {
		return false
	}
	ext := name[dot+1:]
	for _, e := range fileExtensions {
		if strings.EqualFold(ext, e) {
			return true
		}
	}
	return false
}

// isDigestOf reports a value that is a content digest: one written with its
// algorithm anywhere, or bare hex of a digest's size under a file path.
func isDigestOf(name string, sep bool, v string) bool {
	return isDigest(v) || isBareDigest(v) && isPathName(name, sep)
}
