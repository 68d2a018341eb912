package agentfile

import (
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

// Front is the leading YAML block of a Markdown customization file (a
// skill, a prompt or instructions file), found and decoded exactly as an
// agent file's frontmatter is, with byte positions into the original file
// for every node. Other kinds check their own keys on it; the agent-file
// document rules (no anchors, no duplicate keys…) are kmx's and do not
// apply.
type Front struct {
	Present  bool       // the file opens with a line holding only ---
	Unclosed bool       // that line is never closed by another
	Open     diag.Span  // the opening delimiter line
	Block    diag.Span  // from the opening delimiter to the end of the closing one
	Body     int        // offset of the first byte after the block (the whole file when absent)
	Root     *yaml.Node // the document; nil when empty, unclosed or not parsed
	// Problem says why the YAML was not decoded ("" when it was): no
	// parser words and no authored text, at most the parser's line number.
	Problem   string
	ProblemAt diag.Span
	ys        *yamlSource
}

// ReadFront finds and decodes the frontmatter of src. A leading byte-order
// mark is skipped; CRLF line endings read like LF.
func ReadFront(src []byte) *Front {
	c := newChecker("", src, false)
	c.lines = splitLines(src, c.bom)
	f := &Front{Body: c.bom}
	if !isDelimiter(c.lineBytes(0)) {
		return f
	}
	first := c.lines[0]
	f.Present, f.Open = true, diag.Span{Start: first.start, End: first.end}
	if c.splitFrontmatter(); c.front == nil {
		f.Unclosed, f.Block, f.Body = true, diag.Span{Start: first.start, End: len(src)}, len(src)
		return f
	}
	closing := c.lines[c.front.close]
	f.Block, f.Body = diag.Span{Start: first.start, End: closing.end}, closing.next
	f.ys = c.front.ys
	root, extra, err := f.ys.decode()
	switch {
	case err == errMultipleDocuments:
		f.Problem, f.ProblemAt = "more than one YAML document", diag.Span{Start: f.ys.start, End: f.ys.lineEnd(1)}
		if extra != nil {
			f.ProblemAt = f.ys.span(extra)
		}
	case err != nil:
		f.Problem = "YAML does not parse" + yamlHint(err)
		f.ProblemAt = diag.Span{Start: f.ys.start, End: f.ys.lineEnd(1)}
	default:
		f.Root = root
	}
	return f
}

// Span is the extent of a node's first token in the file (see yamlSource.span).
func (f *Front) Span(n *yaml.Node) diag.Span {
	if f.ys == nil || n == nil {
		return f.Open
	}
	return f.ys.span(n)
}
