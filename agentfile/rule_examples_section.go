package agentfile

import "github.com/squadci/squadci/lint/diag"

var ruleExamplesSection = diag.Register(diag.Rule{
	ID: "AF020", Name: "agentfile-examples-section", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Examples section is not exactly one yaml fence",
	Full: "A structured ## Examples section holds exactly one ```yaml fence and otherwise only blank lines; " +
		"additional text, fences or sections are refused rather than entering the instructions. In a " +
		"complete charter ## Examples is always structured. In a frontmatter agent or a minimal prompt it is " +
		"structured when it is the final section and opens with a yaml fence; a prose Examples heading " +
		"stays prompt text.",
	Help:     "Keep only the ```yaml fence (and blank lines) under ## Examples; move prose above the section.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the Examples section rather than letting stray text enter the instructions. Error: the contract refuses it.",
})

// structuredExamples returns the index of a prompt's final structured
// Examples section, or -1.
func (c *checker) structuredExamples(secs []section) int {
	n := len(secs)
	if n == 0 {
		return -1
	}
	s := secs[n-1]
	if s.name != secExamples || !s.canonical || s.end != len(c.lines) {
		return -1
	}
	for i := s.first; i < s.end; i++ {
		switch k := c.md.kinds[i]; k.kind {
		case lineBlank:
			continue
		case lineFenceOpen:
			if c.md.fences[k.fence].info == "yaml" {
				return n - 1
			}
		}
		return -1
	}
	return -1
}

// examplesSection checks the section's layout, then its YAML.
func (c *checker) examplesSection(s section) {
	fi := -1
	before := len(c.out)
	for i := s.first; i < s.end; i++ {
		k := c.md.kinds[i]
		switch k.kind {
		case lineBlank, lineFenceBody, lineFenceClose:
			continue
		case lineFenceOpen:
			if fi >= 0 {
				c.fail(ruleExamplesSection, c.lineSpan(i), secExamples, "merge the tests into the one yaml fence",
					"Examples holds exactly one yaml fence")
				break
			}
			fi = k.fence
			f := c.md.fences[fi]
			if f.info != "yaml" {
				c.fail(ruleExamplesSection, c.lineSpan(i), secExamples, "open the fence with ```yaml",
					"the Examples fence must be a yaml fence")
			}
			if f.close < 0 {
				c.unclosedFence(f)
			}
		default:
			c.fail(ruleExamplesSection, c.lineSpan(i), secExamples, "move prose above ## Examples",
				"Examples holds only the yaml fence and blank lines")
		}
		if c.stopped() {
			return
		}
	}
	if fi < 0 {
		c.fail(ruleExamplesSection, c.lineSpan(s.heading), secExamples, "add a ```yaml fence holding examples:",
			"Examples has no yaml fence")
		return
	}
	f := c.md.fences[fi]
	if len(c.out) > before {
		return
	}
	c.agent.HasExamples = true
	c.mark("examples", c.lines[s.heading].start)
	c.checkExamplesYAML(newYAMLSource(c, f.open+1, f.close, f.indent), f.open)
}
