package secrets

import "strings"

// findADOPassword finds the value of "Password=" or "Pwd=" in an ADO-style
// connection string: the name stands alone, a ';' separates it from a
// neighbouring setting, and the value is a real password.
func findADOPassword(text string, from int, dst []cand) []cand {
	var servers serverMemo
	i := from
	for {
		p, k := kw.next(text, i, adoMask)
		if p < 0 {
			return dst
		}
		i = p + len(kw.words[k])
		if p > 0 && (isAlnum(text[p-1]) || text[p-1] == '_') {
			continue
		}
		j := skipBlanks(text, i)
		if j == len(text) || text[j] != '=' {
			continue
		}
		s := skipBlanks(text, j+1)
		e := s
		// The whole value, however long: a span cut short would print the
		// rest of the password beside the finding.
		for e < len(text) && isADOValueByte(text[e]) {
			e++
		}
		before := p
		for before > 0 && isBlank(text[before-1]) {
			before--
		}
		separated := before > 0 && text[before-1] == ';' || e < len(text) && text[e] == ';'
		if separated && isRealPassword(text[s:e], "") && !servers.onDocumentationServer(text, p, e) {
			dst = append(dst, cand{start: s, end: e})
			i = e
		}
	}
}

// serverSettings name the host of an ADO-style connection string.
var serverSettings = []string{"server", "data source", "host", "hostname", "address", "addr", "network address"}

// serverMemo remembers the last connection string onDocumentationServer
// read, so that the many settings of one line read it once and the scan
// stays linear.
type serverMemo struct {
	lo, hi int
	doc    bool
	ok     bool
}

// onDocumentationServer reports whether the connection string around the
// setting text[p:e] names its server on a host reserved for documentation
// (Server=db.example.com;...;Password=...) or on the local machine, like
// findURLPassword's host check. The connection string is the run of
// settings on the same line, within quotes.
func (m *serverMemo) onDocumentationServer(text string, p, e int) bool {
	if m.ok && m.lo <= p && e <= m.hi {
		return m.doc
	}
	lo, hi := p, e
	for lo > 0 && !isConnStringEnd(text[lo-1]) {
		lo--
	}
	for hi < len(text) && !isConnStringEnd(text[hi]) {
		hi++
	}
	doc := namesDocumentationServer(text[lo:hi])
	// A setting that spans a quote (a quoted name before an unquoted value)
	// is not remembered: the settings after it read from that quote on, and
	// a remembered answer for the whole run would be theirs too.
	if strings.IndexAny(text[p:e], connStringEnds) < 0 {
		*m = serverMemo{lo: lo, hi: hi, doc: doc, ok: true}
	}
	return doc
}

// namesDocumentationServer reports a server setting of conn on a
// documentation host or a local SQL Server.
func namesDocumentationServer(conn string) bool {
	for setting := range strings.SplitSeq(conn, ";") {
		name, value, ok := strings.Cut(setting, "=")
		if !ok || !isServerSetting(strings.TrimSpace(name)) {
			continue
		}
		if host := connStringHost(strings.TrimSpace(value)); isDocumentationHost(host) || isLocalSQLServer(host) {
			return true
		}
	}
	return false
}

// isLocalSQLServer reports SQL Server's names for the local machine, "." and
// (local), and its developer instance, (localdb): like localhost, a
// password on one is a developer's, not an account's.
func isLocalSQLServer(host string) bool {
	return host == "." || strings.EqualFold(host, "(local)") || strings.EqualFold(host, "(localdb)")
}

// connStringEnds are the bytes isConnStringEnd reports.
const connStringEnds = "\n\r\"'`"

func isConnStringEnd(c byte) bool { return c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '`' }

func isServerSetting(name string) bool {
	for _, w := range serverSettings {
		if len(name) == len(w) && hasPrefixFold(name, w) {
			return true
		}
	}
	return false
}

// connStringHost returns the host of a Server value: without a protocol
// prefix (tcp:), a port (,1433 or :5432) or an instance (\\SQLEXPRESS).
func connStringHost(v string) string {
	if i := strings.Index(v, "://"); i >= 0 {
		v = v[i+3:]
	} else if hasPrefixFold(v, "tcp:") || hasPrefixFold(v, "np:") {
		v = v[strings.IndexByte(v, ':')+1:]
	}
	if i := strings.IndexAny(v, ",:\\/"); i >= 0 {
		v = v[:i]
	}
	return v
}

func isADOValueByte(c byte) bool {
	return c > ' ' && c != 0x7f && strings.IndexByte(";\"'`<>\\", c) < 0
}

// findURLPassword finds the password in scheme://user:password@host,
// unless the host is reserved for documentation (prod.example.com): a
// teaching example, as in Squad's shipped secret-handling skill.
// Userinfo cannot contain '/', so each search stops at the next "://" at the
// latest and the whole pass stays linear.
func findURLPassword(text string, from int, dst []cand) []cand {
	const maxUserinfo = 256
	i := from
	for {
		k := strings.Index(text[i:], "://")
		if k < 0 {
			return dst
		}
		sep := i + k
		i = sep + len("://")
		if !hasScheme(text[:sep]) {
			continue
		}
		at := -1
		for j := i; j < len(text) && j-i <= maxUserinfo; j++ {
			c := text[j]
			if c == '@' {
				at = j
				break
			}
			if c <= ' ' || strings.IndexByte("/?#\"'`<>\\,;", c) >= 0 {
				break
			}
		}
		if at < 0 || at+1 >= len(text) || !isAlnum(text[at+1]) && text[at+1] != '[' {
			continue
		}
		userinfo := text[i:at]
		colon := strings.IndexByte(userinfo, ':')
		if colon < 0 {
			continue
		}
		if user, pw := userinfo[:colon], userinfo[colon+1:]; isRealPassword(pw, user) && !isDocumentationHost(urlHost(text, at+1)) {
			dst = append(dst, cand{start: i + colon + 1, end: at})
		}
		i = at + 1
	}
}

// urlHost returns the host (with any port) that starts at text[from]: up
// to the path, query, fragment or the end of the URL.
func urlHost(text string, from int) string {
	e := from
	for e < len(text) && e-from <= 255 && text[e] > ' ' && strings.IndexByte("/?#\"'`<>\\,;)]", text[e]) < 0 {
		e++
	}
	return text[from:e]
}

// hasScheme reports whether s ends in a URL scheme: a letter, then letters,
// digits, '+', '-' or '.'.
func hasScheme(s string) bool {
	j := len(s)
	for j > 0 && (isAlnum(s[j-1]) || strings.IndexByte("+-.", s[j-1]) >= 0) {
		j--
	}
	return j < len(s) && isLetter(s[j])
}

// passwordWords are the words documentation writes where the password
// goes (https://user:token@host): a name for the value, not the value.
var passwordWords = []string{"pass", "pwd", "pw", "secret", "token", "key", "apikey", "api_key", "api-key", "pat", "access_token", "accesstoken"}

// isRealPassword rejects empty, templated and documentation passwords, and a
// password equal to its user name (postgres:postgres for a local database).
func isRealPassword(pw, user string) bool {
	if len(pw) < 3 || pw == user || isPlaceholder(pw) || isCountingValue(pw) {
		return false
	}
	switch c := pw[0]; c {
	case '$', '%', '{', '<', '*':
		return false
	}
	if containsFold(pw, "password") || containsFold(pw, "passwd") {
		return false
	}
	for seg := range splitSegments(pw) {
		if spellsSelfNamingWord(seg) {
			return false // passw0rd-here, s3cr3t
		}
	}
	for _, w := range passwordWords {
		if len(pw) == len(w) && hasPrefixFold(pw, w) {
			return false
		}
	}
	return true
}
