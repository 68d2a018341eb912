package agentfile

import (
	"bytes"
	"errors"
	"io"
	"unicode/utf8"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

// yamlSource is one YAML document cut out of the file (the frontmatter, or
// an Examples fence with its indentation removed) and the map back from
// the parser's line and code-point column to byte offsets in the file.
type yamlSource struct {
	src    []byte
	starts []int // file offset of each content line's first byte
	ends   []int // file offset of each content line's end (before its line ending)
	buf    []byte
	start  int // where the document starts: its first content line
}

// newYAMLSource takes lines [first, end) of the file, removing up to strip
// leading spaces from each (a fence's own indentation). Line endings become
// "\n" so that CRLF files give the same document.
func newYAMLSource(c *checker, first, end, strip int) *yamlSource {
	ys := &yamlSource{src: c.src}
	if first < len(c.lines) {
		ys.start = c.lines[first].start
	} else {
		ys.start = len(c.src)
	}
	for i := first; i < end; i++ {
		l := c.lines[i]
		s := l.start
		for k := 0; k < strip && s < l.end && c.src[s] == ' '; k++ {
			s++
		}
		ys.starts = append(ys.starts, s)
		ys.ends = append(ys.ends, l.end)
		ys.buf = append(ys.buf, c.src[s:l.end]...)
		ys.buf = append(ys.buf, '\n')
	}
	return ys
}

// errMultipleDocuments is returned when the text holds more than one
// YAML document.
var errMultipleDocuments = errors.New("more than one YAML document")

// decode parses exactly one document. It returns a nil node for an empty
// document. A panic inside the YAML library becomes a syntax error.
func (ys *yamlSource) decode() (root *yaml.Node, extra *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, extra, err = nil, nil, errors.New("malformed YAML")
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(ys.buf))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	var next yaml.Node
	if err := dec.Decode(&next); err != io.EOF {
		if err == nil && len(next.Content) > 0 {
			return nil, next.Content[0], errMultipleDocuments
		}
		return nil, nil, errMultipleDocuments
	}
	if len(doc.Content) == 0 {
		return nil, nil, nil
	}
	return doc.Content[0], nil, nil
}

// offset maps a parser position (1-based line, 1-based code-point column)
// to a file offset, clamped to the document.
func (ys *yamlSource) offset(line, col int) int {
	if len(ys.starts) == 0 {
		return ys.start
	}
	if line < 1 {
		line = 1
	}
	if line > len(ys.starts) {
		return ys.ends[len(ys.ends)-1]
	}
	off, end := ys.starts[line-1], ys.ends[line-1]
	for k := 1; k < col && off < end; k++ {
		_, size := utf8.DecodeRune(ys.src[off:end])
		off += size
	}
	return off
}

// lineEnd is the end of the content line holding off.
func (ys *yamlSource) lineEnd(line int) int {
	if line < 1 || line > len(ys.ends) {
		if len(ys.ends) == 0 {
			return ys.start
		}
		return ys.ends[len(ys.ends)-1]
	}
	return ys.ends[line-1]
}

// docEnd is the end of the document's last line.
func (ys *yamlSource) docEnd() int {
	if len(ys.ends) == 0 {
		return ys.start
	}
	return ys.ends[len(ys.ends)-1]
}

// span is the source extent of a node's first token: a whole scalar
// (quotes included), an alias, a flow collection's bracket, or the rest of
// the line for block collections and block scalars.
func (ys *yamlSource) span(n *yaml.Node) diag.Span {
	start := ys.offset(n.Line, n.Column)
	le := max(ys.lineEnd(n.Line), start)
	end := le
	src := ys.src
	switch {
	case n.Kind == yaml.AliasNode:
		end = min(start+1+len(n.Value), le)
	case n.Anchor != "" || n.Style&yaml.TaggedStyle != 0:
		end = start
		for end < le && src[end] != ' ' && src[end] != '\t' {
			end++
		}
	case n.Kind == yaml.ScalarNode && n.Style&yaml.DoubleQuotedStyle != 0:
		end = quotedEnd(src, start, ys.docEnd(), '"')
	case n.Kind == yaml.ScalarNode && n.Style&yaml.SingleQuotedStyle != 0:
		end = quotedEnd(src, start, ys.docEnd(), '\'')
	case n.Kind == yaml.ScalarNode && n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0:
		if v := n.Value; start+len(v) <= le && string(src[start:start+len(v)]) == v && v != "" {
			end = start + len(v)
		}
	case n.Style&yaml.FlowStyle != 0:
		end = min(start+1, le)
	}
	for end > start && (src[end-1] == ' ' || src[end-1] == '\t') {
		end--
	}
	if end <= start {
		end = min(start+1, len(src))
	}
	return diag.Span{Start: start, End: end}
}

// quotedEnd finds the end of a quoted scalar opening at start: past the
// closing quote, honouring backslash escapes in double quotes and doubled
// quotes in single quotes; the document end when it never closes.
func quotedEnd(src []byte, start, limit int, q byte) int {
	if start >= limit || src[start] != q {
		return min(start+1, limit)
	}
	for i := start + 1; i < limit; i++ {
		switch {
		case q == '"' && src[i] == '\\':
			i++
		case src[i] == q && q == '\'' && i+1 < limit && src[i+1] == '\'':
			i++
		case src[i] == q:
			return i + 1
		}
	}
	return limit
}

// coreTags are the tags a node may carry explicitly; anything else is a
// custom tag.
var coreTags = map[string]bool{
	"!!str": true, "!!int": true, "!!bool": true, "!!null": true, "!!float": true, "!!map": true, "!!seq": true,
}
