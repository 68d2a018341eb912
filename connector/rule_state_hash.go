package connector

import "github.com/squadci/squadci/lint/diag"

var ruleStateHash = diag.Register(diag.Rule{
	ID: "CN416", Name: "state-hash", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state hash is not a lowercase hex SHA-256",
	Full: "requestSha256, snapshotSha256 and resultSha256 are the SHA-256 of the exact bytes of the " +
		"request, snapshot and consumed result, written as 64 lowercase hexadecimal digits.",
	Help:     stateHelp,
	Consumer: "squadci resume compares these hashes to detect tampering; a malformed hash makes every check fail. Error.",
})

func checkStateHashes(c *stateCheck) {
	for _, h := range [...]struct {
		name string
		dst  *string
	}{{"requestSha256", &c.s.RequestSha256}, {"snapshotSha256", &c.s.SnapshotSha256}, {"resultSha256", &c.s.ResultSha256}} {
		name, dst := h.name, h.dst
		v := c.str(name)
		if v == nil {
			continue
		}
		if !isSHA256Hex(v.Str) {
			c.report(ruleStateHash.At(c.path, v.Span, "%s must be 64 lowercase hexadecimal digits", name))
			continue
		}
		*dst = v.Str
	}
}

func isSHA256Hex(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
