package agentfile

import (
	"bytes"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// The complete charter's canonical H2 sections.
const (
	secIdentity    = "Identity"
	secAccountable = "Accountable Responsibilities"
	secNon         = "Non-Responsibilities"
	secCollab      = "Collaboration and Review Authority"
	secModel       = "Model"
	secTools       = "Tools"
	secExamples    = "Examples"
)

var (
	requiredSections = []string{secIdentity, secAccountable, secNon, secCollab}
	knownSections    = []string{secIdentity, secAccountable, secNon, secCollab, secModel, secTools, secExamples}
	// kmxOnlySections decide that a file is a complete charter: Squad's own
	// charters also use Identity, Model, Tools and Examples.
	kmxOnlySections = []string{secAccountable, secNon, secCollab}
)

func isKnownSection(name string) bool {
	for _, s := range knownSections {
		if s == name {
			return true
		}
	}
	return false
}

// isCharter reports a complete kmx charter: one of the kmx-only sections,
// or an Identity section holding an **ID:** or **Purpose:** field (the same
// test the squad-state rules use to leave such charters to these rules).
func (c *checker) isCharter(secs []section) bool {
	for _, s := range secs {
		for _, k := range kmxOnlySections {
			if s.name == k {
				return true
			}
		}
		if s.name != secIdentity {
			continue
		}
		for i := s.first; i < s.end; i++ {
			if b := c.lineBytes(i); bytes.Contains(b, []byte("**ID:**")) || bytes.Contains(b, []byte("**Purpose:**")) {
				return true
			}
		}
	}
	return false
}

// charter checks a complete charter. Refusals come in this order: fences,
// HTML comments, the title, section headings, missing sections, section
// order, then each section's content in document order (Examples last),
// then placement.
func (c *checker) charter(secs []section) {
	c.agent.Shape = ShapeCharter
	steps := []func([]section){c.charterFences, c.charterComments, c.charterTitle, c.charterHeadings, c.charterMissing, c.charterOrder}
	for _, step := range steps {
		if step(secs); c.stopped() {
			return
		}
	}
	seen := map[string]bool{}
	var examples *section
	for i := range secs {
		s := &secs[i]
		if seen[s.name] || !isKnownSection(s.name) {
			continue
		}
		seen[s.name] = true
		switch s.name {
		case secIdentity:
			c.identity(*s)
		case secAccountable, secNon, secCollab:
			c.responsibility(*s)
		case secModel:
			c.modelSection(*s)
		case secTools:
			c.toolsSection(*s)
		case secExamples:
			examples = s
		}
		if c.stopped() {
			return
		}
	}
	if examples != nil {
		c.examplesSection(*examples)
		if c.stopped() {
			return
		}
	}
	c.placement()
	for _, s := range secs {
		if s.name == secTools || s.name == secExamples {
			c.cut = s.heading
			break
		}
	}
}

// charterFences refuses fences that never close: they would swallow every
// heading after them.
func (c *checker) charterFences([]section) {
	for _, f := range c.md.fences {
		if f.close < 0 {
			c.unclosedFence(f)
			if c.stopped() {
				return
			}
		}
	}
}

func (c *checker) unclosedFence(f fence) {
	for _, o := range c.unclosed {
		if o == f.open {
			return
		}
	}
	c.unclosed = append(c.unclosed, f.open)
	l := c.lines[f.open]
	c.fail(ruleFence, diag.Span{Start: l.start, End: l.end}, "",
		"close the fence with a line of at least as many of the same marker and nothing after it",
		"fence is never closed")
}

// charterComments refuses "<!--" outside fences: an HTML comment could hide
// or fake a section boundary.
func (c *checker) charterComments([]section) {
	for i := c.body; i < len(c.lines); i++ {
		if k := c.md.kinds[i].kind; k != lineText && k != lineHeading {
			continue
		}
		if j := bytes.Index(c.lineBytes(i), []byte("<!--")); j >= 0 {
			at := c.lines[i].start + j
			c.fail(ruleHTMLComment, diag.Span{Start: at, End: at + 4}, "",
				"delete the comment or move it into a fenced block", "HTML comments are not allowed in a complete charter")
			if c.stopped() {
				return
			}
		}
	}
}

// firstNonblank returns the index of the first nonblank body line, or -1.
func (c *checker) firstNonblank() int {
	for i := c.body; i < len(c.lines); i++ {
		if c.md.kinds[i].kind != lineBlank {
			return i
		}
	}
	return -1
}

// charterTitle checks the single H1 and that nothing but blank lines sits
// between it and the first section.
func (c *checker) charterTitle(secs []section) {
	t := c.firstNonblank()
	if t < 0 || c.md.kinds[t].kind != lineHeading || c.md.kinds[t].level != 1 || !bytes.HasPrefix(c.lineBytes(t), []byte("# ")) {
		c.fail(ruleTitle, diag.Span{}, "title", "start the file with a line such as: # Name — Role",
			"complete charter must start with one H1 title")
		return
	}
	name, role := splitTitle(headingText(c.lineBytes(t)))
	if name == "" {
		c.fail(ruleTitle, c.lineSpan(t), "title", "write a name after '# '", "title has no name")
		if c.stopped() {
			return
		}
	}
	c.agent.Title, c.agent.Role = name, role
	for i := t + 1; i < len(c.lines); i++ {
		if k := c.md.kinds[i]; k.kind == lineHeading && k.level == 1 {
			c.fail(ruleTitle, c.lineSpan(i), "title", "make it an H2 section or H3 heading, or delete it",
				"complete charter has more than one H1")
			if c.stopped() {
				return
			}
		}
	}
	end := len(c.lines)
	if len(secs) > 0 {
		end = secs[0].heading
	}
	for i := t + 1; i < end; i++ {
		if k := c.md.kinds[i]; k.kind != lineBlank && !(k.kind == lineHeading && k.level == 1) {
			c.fail(ruleTitle, c.lineSpan(i), "title", "move this text into a section below the title",
				"nothing but blank lines may come between the title and the first section")
			return
		}
	}
}

// splitTitle splits "Name — Role": the role is display text, never
// identity.
func splitTitle(text string) (name, role string) {
	if i := strings.Index(text, "—"); i >= 0 {
		return strings.TrimSpace(text[:i]), strings.TrimSpace(text[i+len("—"):])
	}
	return strings.TrimSpace(text), ""
}

// charterHeadings refuses non-canonical spellings, unknown sections and
// repeated ones.
func (c *checker) charterHeadings(secs []section) {
	first := map[string]int{}
	for _, s := range secs {
		span := c.lineSpan(s.heading)
		switch {
		case !isKnownSection(s.name):
			c.fail(ruleSections, span, "", "use one of the canonical sections, or make this an H3 inside one",
				"unknown section; a complete charter has only %s%s", strings.Join(knownSections, ", "),
				diag.DidYouMean(s.name, knownSections))
		case !s.canonical:
			c.fail(ruleSections, span, s.name, "write the heading unindented as '## "+s.name+"'",
				"section heading is not written exactly as ## %s", s.name)
		default:
			if at, dup := first[s.name]; dup {
				c.fail(ruleSections, span, s.name, "merge the two sections",
					"duplicate section (first at line %d)", at+1)
			} else {
				first[s.name] = s.heading
			}
		}
		if c.stopped() {
			return
		}
	}
}

// charterMissing reports the required sections that are absent, at 1:1.
func (c *checker) charterMissing(secs []section) {
	var missing []string
	for _, want := range requiredSections {
		found := false
		for _, s := range secs {
			found = found || s.name == want
		}
		if !found {
			missing = append(missing, want)
		}
	}
	if len(missing) > 0 {
		c.fail(ruleSections, diag.Span{}, strings.Join(missing, ", "), "add the missing sections, each with its content",
			"complete charter is missing required sections")
	}
}

// charterOrder: Examples is last; Tools comes directly before Examples (or
// last without Examples).
func (c *checker) charterOrder(secs []section) {
	for i, s := range secs {
		switch s.name {
		case secExamples:
			if i != len(secs)-1 {
				c.fail(ruleSections, c.lineSpan(s.heading), secExamples, "move ## Examples to the end of the file",
					"Examples must be the last section")
			}
		case secTools:
			if i != len(secs)-1 && secs[i+1].name != secExamples {
				c.fail(ruleSections, c.lineSpan(s.heading), secTools, "move ## Tools directly before ## Examples, or to the end",
					"Tools must come directly before Examples")
			}
		}
		if c.stopped() {
			return
		}
	}
}

// responsibility requires nonblank Markdown; fenced code is prose here.
func (c *checker) responsibility(s section) {
	for i := s.first; i < s.end; i++ {
		if c.md.kinds[i].kind != lineBlank {
			return
		}
	}
	c.fail(ruleResponsibility, c.lineSpan(s.heading), s.name, "describe this part of the agent's remit in Markdown",
		"section is blank")
}

// lineSpan is the text of line i.
func (c *checker) lineSpan(i int) diag.Span {
	l := c.lines[i]
	return diag.Span{Start: l.start, End: l.end}
}

// bulletField parses "- **Label:** value" at the start of a line; vstart
// is the value's offset in b.
func bulletField(b []byte) (label, value string, vstart int, ok bool) {
	rest, found := bytes.CutPrefix(b, []byte("- **"))
	if !found {
		return "", "", 0, false
	}
	end := bytes.Index(rest, []byte(":**"))
	if end <= 0 {
		return "", "", 0, false
	}
	label = string(rest[:end])
	v := rest[end+3:]
	lead := len(v) - len(bytes.TrimLeft(v, " \t"))
	vstart = len(b) - len(v) + lead
	return label, strings.TrimRight(string(v[lead:]), " \t"), vstart, true
}
