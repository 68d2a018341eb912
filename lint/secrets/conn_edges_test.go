package secrets

import (
	"strings"
	"testing"
)

// Connection-string passwords at their edges: a setting at the very start
// of the text, a name glued to another word, the blanks before a setting, a
// userinfo as long as the walk reads, an '@' that ends the text (the
// mutation run found these untested).

func spans(text string, cs []cand) []string {
	var out []string
	for _, c := range cs {
		out = append(out, text[c.start:c.end])
	}
	return out
}

func TestADOPasswordEdges(t *testing.T) {
	pw := "Zq7xK2mP9w"
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Pwd=" + pw + ";", []string{pw}},                // the name at offset 0
		{"Password=" + pw + ";Server=db", []string{pw}},  // ...
		{"Server=db;  Password=" + pw, []string{pw}},     // blanks between the ';' and the name
		{"Server=db;DB_Password=" + pw + ";", nil},       // another name that ends in Password
		{"Server=db;xPassword=" + pw + ";", nil},         // ...
		{"Server=db Password=" + pw + " x;", nil},        // no ';' on either side
		{"Server=db;Password=" + pw + ";", []string{pw}}, // ...
	} {
		if got := spans(tc.text, findADOPassword(tc.text, 0, nil)); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("findADOPassword(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	// A password longer than any generic value is still one value: the span
	// covers all of it, so the redacted line shows none of it.
	long := strings.Repeat("Zq7xK2mP9wR4tY8v", 20) + "x"
	text := "Server=db;Password=" + long + ";"
	if got := spans(text, findADOPassword(text, 0, nil)); len(got) != 1 || got[0] != long {
		t.Errorf("a %d-byte password: spans %q", len(long), got)
	}
	if red := RedactMatches(text, Scan(text)); strings.Contains(red, "x;") || red != "Server=db;Password=[REDACTED];" {
		t.Errorf("redacted line %q", red)
	}
	if isADOValueByte(' ') || isADOValueByte(';') || !isADOValueByte('!') {
		t.Error("isADOValueByte: a blank and ';' end a value, '!' does not")
	}
}

func TestConnStringHostEdges(t *testing.T) {
	for v, want := range map[string]string{
		"tcp:db.example.com,1433": "db.example.com",
		"np:host":                 "host",
		"://db.example.com":       "db.example.com", // a scheme separator first
		"postgres://h:5432/x":     "h",
		",1433":                   "", // a port alone
		":5432":                   "",
		`.\SQLEXPRESS`:            ".",
		"db":                      "db",
	} {
		if got := connStringHost(v); got != want {
			t.Errorf("connStringHost(%q) = %q, want %q", v, got, want)
		}
	}
}

func TestURLPasswordEdges(t *testing.T) {
	pw := "Zq7xK2mP9w"
	long := fake(base62, 254, 31) // with "u:", a userinfo of 256 bytes: the most read
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"https://u:" + pw + "@db.prod.net", []string{pw}},
		{"https://u:" + pw + "!@db.prod.net", []string{pw + "!"}}, // a password ending in a symbol
		{"https://u:" + pw + "@.prod.net", nil},                   // no host after the '@'
		{"https://u:" + pw + "@[::1]:5432", []string{pw}},         // an IPv6 host
		{"https://u:" + pw + "@", nil},                            // the '@' ends the text
		{"https://u:Zq7x K2mP9w@db.prod.net", nil},                // a blank is not in userinfo
		{"https://u:" + long + "@db.prod.net", []string{long}},    // the longest userinfo read
		{"https://u:" + long + "x@db.prod.net", nil},              // one byte more
		{"https://u:" + pw + "@db.example.com/x", nil},            // a documentation host
		{"https://u:" + pw + "@a.b https://v:" + pw + "@c.d", []string{pw, pw}},
	} {
		if got := spans(tc.text, findURLPassword(tc.text, 0, nil)); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("findURLPassword(%.60q) = %.60q, want %.60q", tc.text, got, tc.want)
		}
	}
	long256 := strings.Repeat("a", 244) + ".example.com" // 256 bytes: the longest host read
	for _, tc := range []struct{ text, want string }{
		{long256 + "/x", long256},
		{"db.test x", "db.test"},
		{"db.test\tx", "db.test"},
		{"db.test:5432/x", "db.test:5432"},
	} {
		if got := urlHost(tc.text, 0); got != tc.want {
			t.Errorf("urlHost(%.40q...) = %d bytes %.40q, want %d bytes", tc.text, len(got), got, len(tc.want))
		}
	}
	for s, want := range map[string]bool{"https": true, "git+ssh": true, "h+2": true, "x-1.y": true, "2x": false, "": false, "+": false} {
		if got := hasScheme(s); got != want {
			t.Errorf("hasScheme(%q) = %v, want %v", s, got, want)
		}
	}
	for _, tc := range []struct {
		pw, user string
		want     bool
	}{
		{"Zq7", "u", true}, // three bytes: the shortest password
		{"Zq", "u", false},
		{"Zq7", "Zq7", false},
	} {
		if got := isRealPassword(tc.pw, tc.user); got != tc.want {
			t.Errorf("isRealPassword(%q, %q) = %v, want %v", tc.pw, tc.user, got, tc.want)
		}
	}
}

// A setting that spans a quote ends one connection string and starts the
// next: the settings after it are judged on their own, whatever the one
// before it remembered (the remembered answer once covered them too, and
// hid the token here behind the Server of the text before the quote).
func TestDocumentationServerAfterAQuotedName(t *testing.T) {
	a, b := fake(base62, 20, 51), fake(base62, 20, 52)
	text := "Server=db.example.com;password\": " + a + ";token=" + b + "\n"
	if got := genericSpans(text); len(got) != 1 || got[0] != b {
		t.Errorf("generic = %q, want only the token's %q", got, b)
	}
	// Each setting's answer is the one a fresh look gives.
	var m serverMemo
	for _, name := range []string{"password", "token"} {
		p := strings.Index(text, name)
		e := p + strings.IndexAny(text[p:], ";\n")
		var fresh serverMemo
		if got, want := m.onDocumentationServer(text, p, e), fresh.onDocumentationServer(text, p, e); got != want {
			t.Errorf("%s: remembered %v, a fresh look %v", name, got, want)
		}
	}
}

// RedactMatches hides each run it is given and nothing else: an empty, an
// out-of-order or an out-of-bounds match changes nothing.
func TestRedactMatchesSkipsWhatHidesNothing(t *testing.T) {
	text := "key=abcdef rest"
	for _, c := range []struct {
		ms   []Match
		want string
	}{
		{[]Match{{Start: 4, End: 10}}, "key=[REDACTED] rest"},
		{[]Match{{Start: 4, End: 4}}, text},                                       // empty
		{[]Match{{Start: 6, End: 4}}, text},                                       // reversed
		{[]Match{{Start: 4, End: 99}}, text},                                      // past the end
		{[]Match{{Start: 4, End: 10}, {Start: 5, End: 8}}, "key=[REDACTED] rest"}, // overlaps the one before
		{[]Match{{Start: 0, End: 3}, {Start: 11, End: 15}}, "[REDACTED]=abcdef [REDACTED]"},
	} {
		if got := RedactMatches(text, c.ms); got != c.want {
			t.Errorf("RedactMatches(%v) = %q, want %q", c.ms, got, c.want)
		}
	}
}
