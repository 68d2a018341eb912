package source

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
)

// ProblemKind classifies what the JSON reader found wrong with the bytes.
type ProblemKind uint8

const (
	ProblemSyntax ProblemKind = iota + 1
	ProblemDuplicateKey
	ProblemBOM
	ProblemInvalidUTF8
	ProblemTrailingData
	ProblemTooDeep
)

// Problem is a defect of the JSON text itself. For a duplicate key, Span is
// the repeated name and First the earlier one.
type Problem struct {
	Kind    ProblemKind
	Span    diag.Span
	First   diag.Span
	Message string
}

// Document is a parsed JSON file. Root is nil when the text is not JSON at
// all (a syntax error or too deep); Problems lists every defect found.
type Document struct {
	Src      []byte
	Root     *Value
	Problems []Problem
	lines    *Lines
}

// Lines returns the file's line index, built once.
func (d *Document) Lines() *Lines {
	if d.lines == nil {
		d.lines = NewLines(d.Src)
	}
	return d.lines
}

// ParseJSON reads one JSON text. It never panics and never recurses deeper
// than MaxJSONDepth.
func ParseJSON(src []byte) *Document {
	p := &jsonParser{doc: &Document{Src: src}, src: src}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.problem(ProblemBOM, 0, 3, "file starts with a UTF-8 byte order mark")
		p.pos = 3
	}
	p.skipSpace()
	if p.pos >= len(src) {
		p.problem(ProblemSyntax, p.pos, p.pos, "empty document: expected a JSON value")
		return p.doc
	}
	root, ok := p.value(nil, 0, 1)
	if !ok {
		return p.doc
	}
	p.doc.Root = root
	p.skipSpace()
	if p.pos < len(src) {
		end := p.pos
		for end < len(src) && !isSpace(src[end]) {
			end++
		}
		p.problem(ProblemTrailingData, p.pos, end, "unexpected data after the top-level value")
	}
	return p.doc
}

type jsonParser struct {
	doc *Document
	src []byte
	pos int
	buf []byte
}

func (p *jsonParser) problem(k ProblemKind, start, end int, format string, args ...any) {
	if end < start {
		end = start
	}
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	p.doc.Problems = append(p.doc.Problems, Problem{Kind: k, Span: diag.Span{Start: start, End: end}, Message: msg})
}

// fail records a syntax error at the current byte and stops the parse.
func (p *jsonParser) fail(what string) bool {
	end := p.pos
	if end < len(p.src) {
		_, size := utf8.DecodeRune(p.src[end:])
		end += size
		p.problem(ProblemSyntax, p.pos, end, "expected %s, found %s", what, describeByte(p.src[p.pos:]))
	} else {
		p.problem(ProblemSyntax, p.pos, end, "expected %s, found end of file", what)
	}
	return false
}

func describeByte(b []byte) string {
	r, _ := utf8.DecodeRune(b)
	if r == utf8.RuneError || r < 0x20 || r == 0x7f {
		return fmt.Sprintf("byte 0x%02x", b[0])
	}
	return fmt.Sprintf("%q", r)
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.src) && isSpace(p.src[p.pos]) {
		p.pos++
	}
}

func (p *jsonParser) value(parent *Value, index, depth int) (*Value, bool) {
	if p.pos >= len(p.src) {
		return nil, p.fail("a value")
	}
	v := &Value{Parent: parent, Index: index}
	start := p.pos
	var ok bool
	switch c := p.src[p.pos]; {
	case c == '{' || c == '[':
		if depth > MaxJSONDepth {
			p.problem(ProblemTooDeep, p.pos, p.pos+1, "nesting deeper than %d levels", MaxJSONDepth)
			return nil, false
		}
		if c == '{' {
			ok = p.object(v, depth)
		} else {
			ok = p.array(v, depth)
		}
	case c == '"':
		v.Kind = KindString
		v.Str, ok = p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		v.Kind = KindNumber
		ok = p.number(v)
	case c == 't' || c == 'f' || c == 'n':
		ok = p.literal(v)
	default:
		return nil, p.fail("a value")
	}
	v.Span = diag.Span{Start: start, End: p.pos}
	return v, ok
}

func (p *jsonParser) object(v *Value, depth int) bool {
	v.Kind = KindObject
	p.pos++ // {
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return true
	}
	var seen map[string]diag.Span
	for {
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			return p.fail("a string member name")
		}
		keyStart := p.pos
		key, ok := p.str()
		if !ok {
			return false
		}
		keySpan := diag.Span{Start: keyStart, End: p.pos}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return p.fail("':' after a member name")
		}
		p.pos++
		p.skipSpace()
		m, ok := p.value(v, len(v.Members), depth+1)
		if !ok {
			return false
		}
		m.Key, m.KeySpan = key, keySpan
		if seen == nil {
			seen = make(map[string]diag.Span, 8)
		}
		if first, dup := seen[key]; dup {
			p.duplicate(key, keySpan, first)
		} else {
			seen[key] = keySpan
			v.Members = append(v.Members, m)
		}
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			return true
		}
		return p.fail("',' or '}'")
	}
}

func (p *jsonParser) duplicate(key string, at, first diag.Span) {
	pos := p.doc.Lines().Position(first.Start)
	p.doc.Problems = append(p.doc.Problems, Problem{
		Kind: ProblemDuplicateKey, Span: at, First: first,
		Message: fmt.Sprintf("duplicate key %q; first defined at line:%d,col:%d", key, pos.Line, pos.Column),
	})
}

func (p *jsonParser) array(v *Value, depth int) bool {
	v.Kind = KindArray
	p.pos++ // [
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		return true
	}
	for {
		p.skipSpace()
		e, ok := p.value(v, len(v.Elems), depth+1)
		if !ok {
			return false
		}
		v.Elems = append(v.Elems, e)
		p.skipSpace()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == ']' {
			p.pos++
			return true
		}
		return p.fail("',' or ']'")
	}
}

func (p *jsonParser) literal(v *Value) bool {
	for _, lit := range [...]string{"true", "false", "null"} {
		if strings.HasPrefix(string(p.src[p.pos:min(len(p.src), p.pos+5)]), lit) {
			p.pos += len(lit)
			switch lit {
			case "null":
				v.Kind = KindNull
			default:
				v.Kind, v.Bool = KindBool, lit == "true"
			}
			return true
		}
	}
	return p.fail("a value")
}

func (p *jsonParser) number(v *Value) bool {
	start := p.pos
	if p.src[p.pos] == '-' {
		p.pos++
	}
	intStart := p.pos
	if !p.digits() {
		return p.fail("a digit")
	}
	if p.src[intStart] == '0' && p.pos-intStart > 1 {
		p.pos = intStart
		return p.fail("a number without leading zeros")
	}
	if p.pos < len(p.src) && p.src[p.pos] == '.' {
		p.pos++
		if !p.digits() {
			return p.fail("a digit after '.'")
		}
	}
	if p.pos < len(p.src) && (p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.src) && (p.src[p.pos] == '+' || p.src[p.pos] == '-') {
			p.pos++
		}
		if !p.digits() {
			return p.fail("a digit in the exponent")
		}
	}
	v.Str = string(p.src[start:p.pos])
	return true
}

// digits consumes one or more ASCII digits, reporting whether any were found.
func (p *jsonParser) digits() bool {
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	return p.pos > start
}

// str reads a string starting at the opening quote and returns it decoded.
// Invalid UTF-8 is reported once per string and kept as U+FFFD.
func (p *jsonParser) str() (string, bool) {
	p.pos++ // opening quote
	start := p.pos
	// Fast path: no escapes, all ASCII printable.
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c == '"' {
			s := string(p.src[start:p.pos])
			p.pos++
			return s, true
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			break
		}
		p.pos++
	}
	buf := append(p.buf[:0], p.src[start:p.pos]...)
	reportedUTF8 := false
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == '"':
			p.pos++
			p.buf = buf
			return string(buf), true
		case c == '\\':
			var ok bool
			if buf, ok = p.escape(buf); !ok {
				return "", false
			}
		case c < 0x20:
			p.fail("a closing '\"' (control characters must be escaped in strings)")
			return "", false
		case c < 0x80:
			buf = append(buf, c)
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.src[p.pos:])
			if r == utf8.RuneError && size == 1 {
				if !reportedUTF8 {
					p.problem(ProblemInvalidUTF8, p.pos, p.pos+1, "invalid UTF-8 byte 0x%02x", c)
					reportedUTF8 = true
				}
				buf = utf8.AppendRune(buf, utf8.RuneError)
			} else {
				buf = append(buf, p.src[p.pos:p.pos+size]...)
			}
			p.pos += size
		}
	}
	p.buf = buf
	return "", p.fail("a closing '\"'")
}

var simpleEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

func (p *jsonParser) escape(buf []byte) ([]byte, bool) {
	if p.pos+1 >= len(p.src) {
		p.pos = len(p.src)
		return buf, p.fail("an escape sequence")
	}
	c := p.src[p.pos+1]
	if r, ok := simpleEscapes[c]; ok {
		p.pos += 2
		return append(buf, r), true
	}
	if c != 'u' {
		p.pos++
		return buf, p.fail("a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
	}
	r, ok := p.hex4(p.pos + 2)
	if !ok {
		return buf, false
	}
	p.pos += 6
	if utf16.IsSurrogate(r) {
		if r2, ok2 := p.lowSurrogate(); ok2 {
			r = utf16.DecodeRune(r, r2)
		} else {
			r = utf8.RuneError
		}
	}
	return utf8.AppendRune(buf, r), true
}

func (p *jsonParser) lowSurrogate() (rune, bool) {
	if p.pos+6 > len(p.src) || p.src[p.pos] != '\\' || p.src[p.pos+1] != 'u' {
		return 0, false
	}
	save := len(p.doc.Problems)
	r, ok := p.hex4(p.pos + 2)
	if !ok {
		p.doc.Problems = p.doc.Problems[:save]
		return 0, false
	}
	if r < 0xDC00 || r > 0xDFFF {
		return 0, false
	}
	p.pos += 6
	return r, true
}

func (p *jsonParser) hex4(at int) (rune, bool) {
	if at+4 > len(p.src) {
		p.pos = at
		return 0, p.fail("four hex digits after \\u")
	}
	var r rune
	for i := 0; i < 4; i++ {
		c := p.src[at+i]
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			p.pos = at + i
			return 0, p.fail("a hex digit")
		}
		r = r<<4 | rune(d)
	}
	return r, true
}
