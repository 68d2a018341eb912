package secrets

import (
	"encoding/base64"
	"encoding/json"
	"strings"
)

// jwtHeader accepts a token whose first segment decodes to a JSON object
// naming its algorithm ({"alg":"HS256",...}), as every JWT header does;
// eyJ-prefixed runs of other base64 JSON are not tokens.
func jwtHeader(text string, start, end int) bool {
	seg, _, _ := strings.Cut(text[start:end], ".")
	return isJWTHeader(seg)
}

// isJWTHeader reports a base64url segment that decodes to a JSON object with
// a non-empty "alg".
func isJWTHeader(seg string) bool {
	if !strings.HasPrefix(seg, "eyJ") {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(seg, "="))
	if err != nil {
		return false
	}
	var h struct {
		Alg *string `json:"alg"`
	}
	return json.Unmarshal(raw, &h) == nil && h.Alg != nil && *h.Alg != ""
}
