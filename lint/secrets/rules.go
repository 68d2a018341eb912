package secrets

import (
	"regexp"
	"strings"
	"sync"
)

// Patterns adapted from gitleaks (MIT), config/gitleaks.toml, and rewritten for
// Go's RE2: expressions start with a literal where the shape allows, so the
// matcher can skip ahead to it, and word boundaries, placeholders and entropy
// are checked in code (RE2 has no look-around).

// rule is one family's detector: a regexp or a hand-written finder, gated by
// keywords.
type rule struct {
	family, desc string
	// keywords are lower-case; the rule runs only when one occurs in the text
	// (ASCII case ignored), starting from back bytes before the first one.
	keywords []string
	back     int
	re       func() *regexp.Regexp // compiled on first use; see lazyRegexp
	group    int                   // submatch holding the secret; 0 is the whole match
	// ok vets a regexp candidate text[start:end] against its context.
	ok func(text string, start, end int) bool
	// find replaces re for shapes a regexp cannot bound: it appends the
	// candidates at or after from.
	find func(text string, from int, dst []cand) []cand
	// generic rules yield to every specific rule they overlap.
	generic bool

	mask uint64 // keyword bits, filled in by init
}

var rules = []rule{{
	family:   "private-key",
	desc:     "private key (PEM block)",
	keywords: []string{"private key"},
	back:     128, // "-----BEGIN " and the label before "PRIVATE KEY"
	find:     findPEM,
}, {
	family:   "github-token",
	desc:     "GitHub token",
	keywords: []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"},
	re:       lazyRegexp(`gh[pousr]_[0-9A-Za-z]{36,}|github_pat_[0-9A-Za-z_]{82,}`),
	ok:       all(boundedBy(isAlnum), notPlaceholder),
}, {
	family:   "aws-access-key-id",
	desc:     "AWS access key ID",
	keywords: []string{"akia", "asia", "abia", "acca"},
	re:       lazyRegexp(`(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}`),
	ok:       all(boundedBy(isAlnum), notPlaceholder, minEntropy(3)),
}, {
	family:   "slack-webhook",
	desc:     "Slack webhook URL",
	keywords: []string{"hooks.slack.com"},
	back:     len("https://"),
	re:       lazyRegexp(`(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{40,}`),
	ok:       notPlaceholder,
}, {
	family:   "slack-token",
	desc:     "Slack token",
	keywords: []string{"xox", "xapp-"},
	re: lazyRegexp(`xox[abeoprs]-[0-9]{6,}-[0-9A-Za-z-]{10,}` + // bot, user, legacy
		`|xoxe\.xox[bp]-[0-9]-[0-9A-Za-z]{100,}|xoxe-[0-9]-[0-9A-Za-z]{100,}` + // configuration
		`|xapp-[0-9]-[0-9A-Za-z]{6,}-[0-9]{6,}-[0-9A-Za-z]{20,}`), // app-level
	ok: all(boundedBy(isAlnum), notPlaceholder),
}, {
	family:   "azure-storage-key",
	desc:     "Azure storage account key",
	keywords: []string{"accountkey"},
	re:       lazyRegexp(`(?i:accountkey)[ \t]*=[ \t]*([A-Za-z0-9+/]{86,88}={0,2})`),
	group:    1,
	ok:       all(endsRun(isBase64), notPlaceholder, minEntropy(4)),
}, {
	family:   "azure-sas-signature",
	desc:     "Azure shared access signature",
	keywords: []string{"sig="},
	re:       lazyRegexp(`sig=((?:[A-Za-z0-9+/]|%2[BbFf]){40,}(?:=|%3[Dd]){0,2})`),
	group:    1,
	ok:       all(sasParam, notPlaceholder, minEntropy(3.5)),
}, {
	family:   "azure-ad-client-secret",
	desc:     "Azure AD client secret",
	keywords: []string{"q~"},
	back:     4,
	re:       lazyRegexp(`[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}`),
	ok:       all(boundedBy(isAzureSecretByte), notPlaceholder, minEntropy(3)),
}, {
	family:   "jwt",
	desc:     "JSON Web Token",
	keywords: []string{"eyj"},
	re:       lazyRegexp(`eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*`),
	ok:       all(boundedBy(isBase64URL), jwtHeader, notPlaceholder, minEntropy(3)),
}, {
	family:   "google-api-key",
	desc:     "Google API key",
	keywords: []string{"aiza"},
	re:       lazyRegexp(`AIza[0-9A-Za-z_-]{35}`),
	ok:       all(boundedBy(isWord), notPlaceholder, minEntropy(3)),
}, {
	family:   "anthropic-api-key",
	desc:     "Anthropic API key",
	keywords: []string{"sk-ant-"},
	re:       lazyRegexp(`sk-ant-[A-Za-z0-9_-]{40,}`),
	ok:       all(boundedBy(isWord), notPlaceholder, minEntropy(3)),
}, {
	family:   "openai-api-key",
	desc:     "OpenAI API key",
	keywords: []string{"sk-"},
	re:       lazyRegexp(`sk-[A-Za-z0-9_-]{20,}`),
	ok:       all(boundedBy(isWord), openAIShape, notPlaceholder, minEntropy(3)),
}, {
	family:   "connection-string-password",
	desc:     "password in a connection string",
	keywords: []string{"password", "pwd"},
	find:     findADOPassword,
}, {
	family:   "connection-string-password",
	desc:     "password in a connection string",
	keywords: []string{"://"},
	find:     findURLPassword,
}, {
	family:   GenericFamily,
	desc:     "high-entropy value assigned to a secret-like name",
	keywords: genericKeywords,
	find:     findGeneric,
	generic:  true,
}}

// lazyRegexp returns a function that compiles expr on its first call and
// returns the same *regexp.Regexp on every later one, so that start-up does
// not pay for the expressions of rules whose keywords never occur.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// kw holds every rule's keywords; genericMask selects the generic rule's.
var (
	kw          keywordSet
	genericMask uint64
	genericRule int
	adoMask     uint64
)

func init() {
	for i := range rules {
		r := &rules[i]
		for _, w := range r.keywords {
			r.mask |= kw.add(w)
		}
		if r.generic {
			genericMask, genericRule = r.mask, i
		}
	}
	adoMask = kw.add("password") | kw.add("pwd") // already added: this looks up their bits
}

type check = func(text string, start, end int) bool

// all passes a candidate that every check passes.
func all(checks ...check) check {
	return func(text string, start, end int) bool {
		for _, c := range checks {
			if !c(text, start, end) {
				return false
			}
		}
		return true
	}
}

// boundedBy rejects a run that continues on either side with bytes of its own
// alphabet: a token embedded in a longer token is not that token.
func boundedBy(in func(byte) bool) check {
	return func(text string, start, end int) bool {
		return (start == 0 || !in(text[start-1])) && (end == len(text) || !in(text[end]))
	}
}

// endsRun rejects a run that continues to the right with bytes of its own
// alphabet, for values whose left edge is fixed by a name and '='.
func endsRun(in func(byte) bool) check {
	return func(text string, start, end int) bool { return end == len(text) || !in(text[end]) }
}

func notPlaceholder(text string, start, end int) bool { return !isPlaceholder(text[start:end]) }

func minEntropy(bits float64) check {
	return func(text string, start, end int) bool { return entropy(text[start:end]) >= bits }
}

// openAIShape accepts the legacy and project key shapes: the base64 of
// "OpenAI" inside, or a typed prefix with a long body.
func openAIShape(text string, start, end int) bool {
	v := text[start:end]
	if strings.HasPrefix(v, "sk-ant-") {
		return false
	}
	if strings.Contains(v, "T3BlbkFJ") {
		return true
	}
	for _, p := range []string{"sk-proj-", "sk-svcacct-", "sk-admin-"} {
		if strings.HasPrefix(v, p) && len(v)-len(p) >= 40 {
			return true
		}
	}
	return false
}

// sasParam requires sig= to be a parameter of its own and the signature to end
// where the parameter does.
func sasParam(text string, start, end int) bool {
	name := start - len("sig=")
	if name > 0 && isWord(text[name-1]) {
		return false
	}
	return end == len(text) || !isBase64(text[end]) && text[end] != '%'
}

func isBase64(c byte) bool          { return isAlnum(c) || c == '+' || c == '/' || c == '=' }
func isBase64URL(c byte) bool       { return isWord(c) || c == '+' || c == '/' }
func isAzureSecretByte(c byte) bool { return isWord(c) || c == '~' || c == '.' }
