package agentfile

import "bytes"

// prompt handles the free-form shapes: a frontmatter agent's body and a
// minimal prompt. Only a final structured Examples section (and, in a
// minimal prompt, a Tools section directly before it and a Model section
// holding Preferred) are declarations; everything else is prompt text.
func (c *checker) prompt(secs []section) {
	if c.front != nil {
		c.agent.Shape = ShapeFrontmatter
	} else {
		c.agent.Shape = ShapePrompt
	}
	if t := c.firstNonblank(); t >= 0 && c.md.kinds[t].kind == lineHeading && c.md.kinds[t].level == 1 {
		c.agent.Title, c.agent.Role = splitTitle(headingText(c.lineBytes(t)))
	}
	ex := c.structuredExamples(secs)
	cut := len(c.lines)
	if ex >= 0 {
		cut = secs[ex].heading
	}
	if c.front == nil {
		c.promptModel(secs, ex)
		if c.stopped() {
			return
		}
		if ex > 0 && secs[ex-1].name == secTools && secs[ex-1].canonical {
			cut = secs[ex-1].heading
			c.toolsSection(secs[ex-1])
			if c.stopped() {
				return
			}
		}
	}
	if ex >= 0 {
		c.examplesSection(secs[ex])
	}
	c.cut = cut
}

// promptModel checks the Model declarations of a minimal prompt; a second
// declaration is refused.
func (c *checker) promptModel(secs []section, ex int) {
	first := -1
	for i, s := range secs {
		if i == ex || s.name != secModel || !s.canonical || !c.isModelDeclaration(s) {
			continue
		}
		if first >= 0 {
			c.fail(ruleModel, c.lineSpan(s.heading), secModel, "keep one Model section",
				"duplicate Model section (first at line %d)", secs[first].heading+1)
			return
		}
		first = i
		c.modelSection(s)
		if c.stopped() {
			return
		}
	}
}

// instructionText is the projection: from the start of the body (past a
// byte-order mark and frontmatter) to the cut line, CRLF normalised to LF.
func (c *checker) instructionText() string {
	start, end := len(c.src), len(c.src)
	if c.body < len(c.lines) {
		start = c.lines[c.body].start
	}
	if c.cut < len(c.lines) {
		end = c.lines[c.cut].start
	}
	if start >= end {
		return ""
	}
	b := c.src[start:end]
	if bytes.IndexByte(b, '\r') < 0 {
		return string(b)
	}
	return string(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")))
}
