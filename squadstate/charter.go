package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// IsKmxCharter reports whether a Markdown file is a complete kmx charter
// (agentfile.md): an "## Identity" holding **ID:** or **Purpose:**, or one
// of the kmx-only sections. Model, Tools and Examples alone do not decide,
// since Squad's own charters use them too. Such files under .squad/agents/
// are the agent-file rules' business; every other charter there is
// Squad's own and gets the lenient charter rules here.
func IsKmxCharter(md *source.Markdown) bool {
	for _, h := range md.Headings {
		if h.Level != 2 {
			continue
		}
		switch h.Text {
		case "Accountable Responsibilities", "Non-Responsibilities", "Collaboration and Review Authority":
			return true
		case "Identity":
			body := string(md.Src[h.Span.End:md.SectionEnd(h)])
			if strings.Contains(body, "**ID:**") || strings.Contains(body, "**Purpose:**") {
				return true
			}
		}
	}
	return false
}

// section returns the body span [start, end) of the first H2 titled name
// (case-insensitive) and the heading itself; h is nil when there is none.
func section(md *source.Markdown, name string) (start, end int, h *source.Heading) {
	for _, x := range md.Headings {
		if x.Level == 2 && strings.EqualFold(x.Text, name) {
			return x.Span.End, md.SectionEnd(x), x
		}
	}
	return 0, 0, nil
}

// charterField is a "**Key:** value" line of a charter section.
type charterField struct {
	key   string
	bold  bool      // written as **Key:** (what the SDK reads)
	head  diag.Span // the key as written, markers and colon included ("Preferred:", "**Preferred**:")
	value spanText
	line  source.MarkdownLine
}

// charterFields reads "Key: value" lines (bold or plain, bulleted or not)
// of the section [start, end), outside fences and comments.
func charterFields(md *source.Markdown, start, end int) []charterField {
	var out []charterField
	for i := md.LineOf(start); i < len(md.Lines) && md.Lines[i].Span.Start < end; i++ {
		l := md.Lines[i]
		if l.Kind != source.LineText || l.Span.Start < start {
			continue
		}
		text := string(md.Src[l.Span.Start:l.Span.End])
		off := 0
		t := strings.TrimLeft(text, " \t")
		off += len(text) - len(t)
		if strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
			t, off = strings.TrimLeft(t[2:], " "), off+2+len(t[2:])-len(strings.TrimLeft(t[2:], " "))
		}
		f, ok := parseCharterField(t)
		if !ok {
			continue
		}
		vs := off + f.valueOff
		f.value.span.Start, f.value.span.End = l.Span.Start+vs, l.Span.End
		f.head = diag.Span{Start: l.Span.Start + off, End: l.Span.Start + off + f.headLen}
		f.line = l
		out = append(out, f.charterField)
	}
	return out
}

type parsedField struct {
	charterField
	valueOff int
	headLen  int // bytes of the key as written
}

// parseCharterField recognises "**Key:** v", "**Key**: v" and "Key: v"
// for the keys Squad's charter parser reads.
func parseCharterField(t string) (parsedField, bool) {
	var p parsedField
	for _, key := range charterKeys {
		for _, form := range []struct {
			prefix string
			bold   bool
		}{{"**" + key + ":**", true}, {"**" + key + "**:", false}, {key + ":", false}} {
			if strings.HasPrefix(t, form.prefix) {
				rest := t[len(form.prefix):]
				trimmed := strings.TrimLeft(rest, " \t")
				p.key, p.bold, p.headLen = key, form.bold, len(form.prefix)
				p.value.text = strings.TrimSpace(trimmed)
				p.valueOff = len(form.prefix) + len(rest) - len(trimmed)
				return p, true
			}
		}
	}
	return p, false
}

var charterKeys = []string{"Preferred", "Rationale", "Fallback", "Reasoning Effort", "Name", "Role", "Expertise", "Style"}

// charterTitle returns the first heading line when it is an H1 before any
// other content (leading HTML comments and blank lines skipped).
func charterTitle(md *source.Markdown) *source.Heading {
	for i, l := range md.Lines {
		switch l.Kind {
		case source.LineBlank, source.LineComment, source.LineFront:
			continue
		case source.LineHeading:
			for _, h := range md.Headings {
				if h.Line == i && h.Level == 1 {
					return h
				}
			}
		}
		return nil
	}
	return nil
}
