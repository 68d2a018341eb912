package secrets

// selfNamingWords make a value documentation when one is a whole word of it:
// a value that says it is a key (actual_secret_key_12345, myApiToken2024)
// names the thing it stands in for; generated credentials do not spell it.
var selfNamingWords = []string{
	"secret", "secrets", "token", "tokens", "key", "keys", "apikey",
	"password", "passwords", "passwd", "pwd",
}

// isDocumentationValue reports a value written by a person to show a shape
// rather than generated: one naming itself a secret/token/key/password, or one
// made only of separated words, path segments and short, sequential or date
// numbers (Desktop/Title/H1, your-api-key-here, build_v2_12345, nightly_20260101). A JWT header segment
// counts as a word: it is public metadata ({"alg":"HS256"}), so a header
// followed by words (eyJhbGciOiJIUzI1NiJ9.payload.sig) is a shape, not a token.
func isDocumentationValue(v string) bool {
	if namesItself(v) {
		return true
	}
	segments := 0
	for seg := range splitSegments(v) {
		if !isWordSegment(seg) && !isJWTHeader(seg) {
			return false
		}
		segments++
	}
	return segments >= 2
}

// namesItself reports a selfNamingWords word bounded by separators, case
// changes (apiKey, API_KEY, ApiKey) or digits, or a segment spelling one in
// leetspeak (s3cr3t, P@ssw0rd1, t0k3n).
func namesItself(v string) bool {
	for seg := range splitSegments(v) {
		if spellsSelfNamingWord(seg) {
			return true
		}
		for i := 0; i < len(seg); {
			j := wordEnd(seg, i)
			for _, w := range selfNamingWords {
				if j-i == len(w) && hasPrefixFold(seg[i:], w) {
					return true
				}
			}
			i = j
		}
	}
	return false
}

// leet maps the digits and symbols leetspeak writes for letters.
var leet = [256]byte{'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's'}

// spellsSelfNamingWord reports a segment that, a trailing number aside, reads
// as a selfNamingWords word once leetspeak is undone: s3cr3t, P@ssw0rd123.
func spellsSelfNamingWord(seg string) bool {
	e := len(seg)
	for e > 0 && isDigit(seg[e-1]) {
		e--
	}
	var buf [16]byte
	if e == 0 || e > len(buf) {
		return false
	}
	w := buf[:e]
	for i := range e {
		w[i] = lower(seg[i])
		if r := leet[seg[i]]; r != 0 {
			w[i] = r
		}
	}
	for _, sw := range selfNamingWords {
		if string(w) == sw {
			return true
		}
	}
	return false
}

// wordEnd returns the end of the word starting at seg[i]: a digit run, an
// UPPER run, or a capital or lower letter followed by lower letters.
func wordEnd(seg string, i int) int {
	j := i + 1
	switch c := seg[i]; {
	case isDigit(c):
		for j < len(seg) && isDigit(seg[j]) {
			j++
		}
	case isUpper(c) && j < len(seg) && isUpper(seg[j]):
		for j < len(seg) && isUpper(seg[j]) && (j+1 == len(seg) || !isLower(seg[j+1])) {
			j++
		}
	case isLetter(c):
		for j < len(seg) && isLower(seg[j]) {
			j++
		}
	}
	return j
}

// splitSegments yields the runs of v between the separators people put
// between words: _ - . / :
func splitSegments(v string) func(func(string) bool) {
	return func(yield func(string) bool) {
		start := 0
		for i := 0; i <= len(v); i++ {
			if i < len(v) && !isSegmentSeparator(v[i]) {
				continue
			}
			if i > start && !yield(v[start:i]) {
				return
			}
			start = i + 1
		}
	}
}

func isSegmentSeparator(c byte) bool { return c == '_' || c == '-' || c == '.' || c == '/' || c == ':' }

// isWordSegment reports a segment that reads as a word, maybe numbered: one
// casing throughout (lower, UPPER or Title), a vowel in any run of four or
// more letters, then at most a short or sequential number; or such a number
// alone.
func isWordSegment(seg string) bool {
	n := 0
	for n < len(seg) && isLetter(seg[n]) {
		n++
	}
	word, num := seg[:n], seg[n:]
	for i := 0; i < len(num); i++ {
		if !isDigit(num[i]) {
			return false
		}
	}
	if num != "" && len(num) > 4 && !isSequential(num) && !isDate(num) {
		return false
	}
	return word == "" || oneCasing(word) && (len(word) < 4 || hasVowel(word))
}

// oneCasing reports lower, UPPER or Title case.
func oneCasing(w string) bool {
	lowerSeen, upperSeen := false, false
	for i := 1; i < len(w); i++ {
		lowerSeen = lowerSeen || isLower(w[i])
		upperSeen = upperSeen || isUpper(w[i])
	}
	return !(lowerSeen && upperSeen) && !(upperSeen && isLower(w[0]))
}

func hasVowel(w string) bool {
	for i := 0; i < len(w); i++ {
		switch lower(w[i]) {
		case 'a', 'e', 'i', 'o', 'u', 'y':
			return true
		}
	}
	return false
}

// isSequential reports digits counting up or down by one (12345, 9876,
// 7890): the numbers examples are made of.
func isSequential(d string) bool {
	up, down := true, true
	for i := 1; i < len(d); i++ {
		step := (int(d[i]) - int(d[i-1]) + 10) % 10
		up = up && step == 1
		down = down && step == 9
	}
	return up || down
}

// isDate reports eight digits that read as a date, YYYYMMDD (20260101), as
// people stamp names with.
func isDate(d string) bool {
	if len(d) != 8 || d[:2] != "19" && d[:2] != "20" {
		return false
	}
	month := int(d[4]-'0')*10 + int(d[5]-'0')
	day := int(d[6]-'0')*10 + int(d[7]-'0')
	return 1 <= month && month <= 12 && 1 <= day && day <= 31
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
