package secrets

import "strings"

// genericKeywords make a name secret-like when it contains one: apiKey,
// client_secret, GITHUB_TOKEN, db-password, passwd, PWD, credentials, auth.
var genericKeywords = []string{"key", "secret", "token", "passw", "pwd", "credential", "auth"}

// notSecretSuffixes end names that hold something about a secret rather than
// the secret: tokenId, secretName, keyPath, passwordFile, tokenUrl, keyHash.
var notSecretSuffixes = []string{
	"id", "ids", "name", "names", "url", "uri", "path", "file", "dir", "type",
	"kind", "length", "size", "count", "format", "version", "field", "header",
	"prefix", "hash", "fingerprint", "ref", "env", "var", "label", "mode",
	"policy", "scope", "scopes", "endpoint", "expiry", "expires", "expiration",
	"ttl", "limit",
}

const (
	minGenericValue = 12
	maxGenericValue = 256 // longer runs are data blobs, not credentials
	maxName         = 128
	minGenericBits  = 3.5
)

// findGeneric finds name = value assignments (operators '=', ':', ':=', '=>',
// quotes optional) whose name is secret-like and whose value looks generated.
func findGeneric(text string, from int, dst []cand) []cand {
	var servers serverMemo
	i := from
	for {
		p, k := kw.next(text, i, genericMask)
		if p < 0 {
			return dst
		}
		i = p + len(kw.words[k])
		l, r := p, i
		for l > 0 && p-l < maxName && isNameByte(text[l-1]) {
			l--
		}
		for r < len(text) && r-p < maxName && isNameByte(text[r]) {
			r++
		}
		i = r
		s, e, ok := assignedValue(text, r)
		if !ok && l > 0 && text[l-1] == '<' {
			s, e, ok = elementValue(text, r)
		}
		if !ok && l > 0 && isQuote(text[l-1]) && r < len(text) && text[r] == text[l-1] {
			s, e, ok = argumentValue(text, r+1)
		}
		if !ok {
			continue
		}
		if e-s > maxGenericValue {
			// Only the tail of an over-long run can still hold a value short
			// enough to report; skipping to it keeps the walk linear.
			i = max(i, e-maxGenericValue)
			continue
		}
		if isSecretName(text[l:r]) && !isProseLabel(text, l, r) && !isKeyAt(text, s, e) &&
			isGeneratedValue(text[s:e]) && !isDigestOf(text[l:r], l > 0 && isPathSeparator(text[l-1]), text[s:e]) &&
			!servers.onDocumentationServer(text, l, e) {
			dst = append(dst, cand{start: s, end: e, key: text[l:r]})
		}
		// The value is consumed either way: names inside a reference such as
		// ${TOKEN:-default} are not assignments of their own.
		i = e
	}
}

// isKeyAt reports whether the value text[s:e] is itself a mapping key, as in
// `token: "API_TOKEN_2": x` or a YAML key `Secret: CLIENT_SECRET_1:`: a key
// is never scanned as its own value.
func isKeyAt(text string, s, e int) bool {
	if text[e-1] == ':' {
		return e == len(text) || isSpace(text[e])
	}
	j := skipBlanks(text, skipQuote(text, e))
	return j < len(text) && text[j] == ':' && (j+1 == len(text) || isSpace(text[j+1]))
}

// isProseLabel reports a Title-case name after a Title-case word, as in the
// prose label `Brand Token: "Header/H2"`: a heading naming a design token or
// a field, not an assignment. `API Token:` and a lone `Token:` still count.
func isProseLabel(text string, l, r int) bool {
	if l < 3 || text[l-1] != ' ' || !isTitleWord(text[l:r]) {
		return false
	}
	w := l - 1
	for w > 0 && isLetter(text[w-1]) {
		w--
	}
	return (w == 0 || !isNameByte(text[w-1])) && isTitleWord(text[w:l-1])
}

// isTitleWord reports a capital followed by at least one lower-case letter
// and nothing else.
func isTitleWord(w string) bool {
	if len(w) < 2 || !isUpper(w[0]) {
		return false
	}
	for i := 1; i < len(w); i++ {
		if !isLower(w[i]) {
			return false
		}
	}
	return true
}

// dataKeyNames end names whose "key" is a key into data or a keyboard, not a
// credential: rowKey, partition_key, cacheKey, i18nKey, hotkey. Separators
// and case are ignored when they are compared.
var dataKeyNames = []string{
	"rowkey", "partitionkey", "sortkey", "rangekey", "primarykey", "foreignkey",
	"cachekey", "lookupkey", "idempotencykey", "dedupkey", "dedupekey", "routingkey",
	"groupkey", "objectkey", "messagekey", "translationkey", "i18nkey", "localekey",
	"hotkey", "shortcutkey",
}

// dataKeyQualifierEnds holds the last letter of each dataKeyNames word
// before its "key", for a quick reject.
const dataKeyQualifierEnds = "wnteypg"

// isSecretName reports whether name contains a secret-like word and does not
// end in a word that makes it metadata or a data key.
func isSecretName(name string) bool {
	if !hasSecretWord(name) || containsFold(name, "public") {
		return false
	}
	for _, s := range notSecretSuffixes {
		if hasSuffixFold(name, s) {
			return false
		}
	}
	return !isDataKeyName(name)
}

// isDataKeyName reports a name ending in one of dataKeyNames, its
// separators (_ - .) ignored.
func isDataKeyName(name string) bool {
	if !hasSuffixFold(name, "key") {
		return false
	}
	q := len(name) - len("key")
	for q > 0 && (name[q-1] == '_' || name[q-1] == '-' || name[q-1] == '.') {
		q--
	}
	if q == 0 || strings.IndexByte(dataKeyQualifierEnds, lower(name[q-1])) < 0 {
		return false // API_KEY, sshKey: no qualifier of dataKeyNames ends there
	}
	for _, w := range dataKeyNames {
		if hasSuffixFoldSkipping(name, w) {
			return true
		}
	}
	return false
}

// hasSuffixFoldSkipping is hasSuffixFold with the separators _ - . in s
// skipped: partition_key ends in "partitionkey".
func hasSuffixFoldSkipping(s, w string) bool {
	i := len(s)
	for j := len(w) - 1; j >= 0; j-- {
		for i > 0 && (s[i-1] == '_' || s[i-1] == '-' || s[i-1] == '.') {
			i--
		}
		if i == 0 || lower(s[i-1]) != w[j] {
			return false
		}
		i--
	}
	return true
}

// hasSecretWord reports a keyword in name, not counting the "auth" of
// "author" (but counting that of "authorization").
func hasSecretWord(name string) bool {
	for i := 0; ; {
		p, k := kw.next(name, i, genericMask)
		if p < 0 {
			return false
		}
		w := kw.words[k]
		rest := name[p+len(w):]
		if w != "auth" || !hasPrefixFold(rest, "or") || hasPrefixFold(rest, "oriz") {
			return true
		}
		i = p + len(w)
	}
}

// assignedValue parses `<quote>? <op> <quote>? value` after a name ending at p
// and returns the value's bounds; the value runs to the first byte that ends
// one, however far. The operators are ':' and '=' and the compound
// assignments of code and Makefiles (:=, ::=, ?=, +=, .=, ??=, =>).
func assignedValue(text string, p int) (int, int, bool) {
	j := skipQuote(text, p)
	j = skipBlanks(text, j)
	op := j
	for j < len(text) && j-op < 3 && strings.IndexByte(":?+.|", text[j]) >= 0 {
		j++
	}
	switch {
	case j < len(text) && text[j] == '=':
		if j+1 < len(text) && text[j+1] == '=' {
			return 0, 0, false // a comparison, not an assignment
		}
		j++
		if j == op+1 && j < len(text) && text[j] == '>' {
			j++
		}
	case j == op+1 && text[op] == ':':
		if k, ok := typedAssignment(text, skipBlanks(text, j)); ok {
			j = k // TypeScript, Kotlin: name: Type = value
		}
	default:
		k, ok := typedAssignment(text, op)
		if !ok {
			return 0, 0, false
		}
		j = k // Go: var name Type = value
	}
	j = skipQuote(text, skipBlanks(text, j))
	j = skipScheme(text, j)
	s := j
	for j < len(text) && isValueByte(text[j]) {
		j++
	}
	return s, j, j > s
}

// argumentValue parses `, "value"` after a quoted name that ends at p: a
// name and its value passed side by side, as in setProperty("API_TOKEN",
// "…") or headers.set("Authorization", "Bearer …"). The value must be a
// whole quoted string.
func argumentValue(text string, p int) (int, int, bool) {
	j := skipBlanks(text, p)
	if j == len(text) || text[j] != ',' {
		return 0, 0, false
	}
	j = skipBlanks(text, j+1)
	if j == len(text) || !isQuote(text[j]) {
		return 0, 0, false
	}
	q := text[j]
	s := skipScheme(text, j+1)
	e := s
	for e < len(text) && isValueByte(text[e]) {
		e++
	}
	return s, e, e > s && e < len(text) && text[e] == q
}

func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// maxTypeName bounds the type in a typed declaration.
const maxTypeName = 64

// typedAssignment parses `Type = ` at j, the type a declaration puts between
// a name and its value (string, String?, []byte), and returns the offset
// after the '='. A blank must precede the '=', so that base64 padding
// (dXNlcg==) is not read as a type and an operator.
func typedAssignment(text string, j int) (int, bool) {
	if j == len(text) || !isIdentStart(text[j]) && text[j] != '[' && text[j] != '*' {
		return 0, false
	}
	k := j
	for k < len(text) && k-j < maxTypeName && (isNameByte(text[k]) || strings.IndexByte("[]*?<>", text[k]) >= 0) {
		k++
	}
	t := k
	k = skipBlanks(text, k)
	if k == t || k == len(text) || text[k] != '=' || k+1 < len(text) && (text[k+1] == '=' || text[k+1] == '>') {
		return 0, false
	}
	return k + 1, true
}

// maxElementSpace bounds the white space around an XML element's text.
const maxElementSpace = 64

// elementValue parses the text of an XML element whose start tag's name ends
// at p (`<apiToken>value</apiToken>`, the value maybe on a line of its own)
// and returns the value's bounds.
func elementValue(text string, p int) (int, int, bool) {
	if p >= len(text) || text[p] != '>' {
		return 0, 0, false
	}
	s := skipSpaceUpTo(text, p+1, maxElementSpace)
	e := s
	for e < len(text) && isValueByte(text[e]) && text[e] != '<' {
		e++
	}
	tag := skipSpaceUpTo(text, e, maxElementSpace)
	return s, e, e > s && strings.HasPrefix(text[tag:], "</")
}

// skipSpaceUpTo skips at most n spaces, tabs and line breaks.
func skipSpaceUpTo(s string, j, n int) int {
	for k := 0; j < len(s) && k < n && isSpace(s[j]); k++ {
		j++
	}
	return j
}

// keyedValue picks the credential out of a decoded value whose name is
// secret-like: the whole value, or what follows an auth scheme word.
func keyedValue(v string) (int, int, bool) {
	s, e := 0, len(v)
	for s < e && isSpace(v[s]) {
		s++
	}
	for e > s && isSpace(v[e-1]) {
		e--
	}
	s = skipScheme(v[:e], s)
	if e-s > maxGenericValue || !isGeneratedValue(v[s:e]) {
		return 0, 0, false
	}
	for i := s; i < e; i++ {
		if !isValueByte(v[i]) {
			return 0, 0, false
		}
	}
	return s, e, true
}

// isGeneratedValue is the generic rule's test: long enough, mixing letters and
// digits, Shannon entropy of at least 3.5 bits per byte, and not a reference,
// placeholder, URL, documentation value, count through the alphabet, derived
// UUID, encoded placeholder or content digest with its algorithm.
func isGeneratedValue(v string) bool {
	if len(v) < minGenericValue || len(v) > maxGenericValue {
		return false
	}
	switch v[0] {
	case '$', '{', '<', '*':
		return false // a reference, template or placeholder; %VAR% is isReference's
	}
	if strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/") || v[0] == '/' {
		return false // a file path
	}
	if isFileName(v) {
		return false // a file: orchestration-log/2026-01-01T00-00-ada.md
	}
	if strings.ContainsAny(v, "([") {
		return false // code: a call or an index (match[1].trim(), base64url(bytes(16))), not a literal
	}
	return hasLetterAndDigit(v) && !strings.Contains(v, "://") && !isEmailShaped(v) &&
		entropy(v) >= minGenericBits && !isPlaceholder(v) && !isDocumentationValue(v) &&
		!isCountingValue(v) && !isDerivedUUIDs(v) && !isEncodedPlaceholder(v) && !isDigest(v)
}

// isFileName reports a relative path whose last segment ends in a file
// extension (docs/keys/rotation.md): base64 has no '.', base64url no '/',
// so a generated value does not take this shape.
func isFileName(v string) bool {
	slash := strings.LastIndexByte(v, '/')
	dot := strings.LastIndexByte(v, '.')
	if slash < 0 || dot < slash+2 || len(v)-dot-1 > 5 || dot == len(v)-1 {
		return false
	}
	for i := dot + 1; i < len(v); i++ {
		if !isLower(v[i]) && !isDigit(v[i]) {
			return false
		}
	}
	return true
}

// isEmailShaped reports local@domain.tld, an address rather than a password.
func isEmailShaped(v string) bool {
	at := strings.LastIndexByte(v, '@')
	dot := strings.LastIndexByte(v, '.')
	if at <= 0 || dot < at+2 || dot == len(v)-1 {
		return false
	}
	for i := dot + 1; i < len(v); i++ {
		if !isLetter(v[i]) {
			return false
		}
	}
	return true
}

// skipScheme skips an HTTP auth scheme ("Bearer ", "Basic ", "token ") so
// that the credential after it is what gets measured.
func skipScheme(s string, j int) int {
	for _, w := range []string{"bearer ", "basic ", "token "} {
		if hasPrefixFold(s[j:], w) {
			return skipBlanks(s, j+len(w))
		}
	}
	return j
}

// skipQuote skips one quote, including a JSON-escaped \" in raw file text.
func skipQuote(s string, j int) int {
	switch {
	case j < len(s) && isQuote(s[j]):
		return j + 1
	case strings.HasPrefix(s[j:], `\"`):
		return j + 2
	}
	return j
}

// skipBlanks skips a few spaces and tabs; a long run means no assignment.
func skipBlanks(s string, j int) int {
	for n := 0; j < len(s) && n < 16 && isBlank(s[j]); n++ {
		j++
	}
	return j
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }
func isSpace(c byte) bool { return isBlank(c) || c == '\n' || c == '\r' }

func isNameByte(c byte) bool { return isWord(c) || c == '.' }

func isPathSeparator(c byte) bool { return c == '/' || c == '\\' }

// isValueByte is any visible ASCII or UTF-8 byte except quotes, backslash and
// the separators that end a value in code, JSON, YAML and env files.
func isValueByte(c byte) bool {
	return c > ' ' && c != 0x7f && strings.IndexByte("\"'`\\,;)]}>", c) < 0
}
