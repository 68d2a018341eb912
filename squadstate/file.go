package squadstate

import (
	"fmt"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// doc is one loaded file, parsed on first use as Markdown or JSON.
type doc struct {
	path  string
	src   []byte
	md    *source.Markdown
	json  *source.Document
	lines *source.Lines
}

func (d *doc) markdown() *source.Markdown {
	if d.md == nil {
		d.md = source.ParseMarkdown(d.src)
	}
	return d.md
}

func (d *doc) jsonDoc() *source.Document {
	if d.json == nil {
		d.json = source.ParseJSON(d.src)
	}
	return d.json
}

// line is the 1-based line holding byte offset off.
func (d *doc) line(off int) int {
	if d.lines == nil {
		d.lines = source.NewLines(d.src)
	}
	return d.lines.Position(off).Line
}

// at names a position for a message: "path:line".
func (d *doc) at(off int) string { return fmt.Sprintf("%s:%d", d.path, d.line(off)) }

// head is the file's first line: where a finding about the whole file sits.
func (d *doc) head() diag.Span {
	end := 0
	for end < len(d.src) && d.src[end] != '\n' && d.src[end] != '\r' {
		end++
	}
	start := 0
	if len(d.src) >= 3 && d.src[0] == 0xEF && d.src[1] == 0xBB && d.src[2] == 0xBF {
		start = 3
	}
	return diag.Span{Start: start, End: max(start, end)}
}
