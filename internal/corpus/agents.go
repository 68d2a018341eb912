package corpus

import (
	"fmt"
	"strings"
)

// agentSpec is one Copilot custom agent file (agentfile.md, shape 1). Some
// agents also carry the other host keys (argument-hint, metadata, a VS Code
// handoff to the next agent) and a final structured Examples section, so
// the benchmark exercises the whole agent-file parser.
type agentSpec struct {
	index         int
	path          string // .github/agents/agent-00001.agent.md
	name          string
	description   string
	tools         []string
	model         string
	userInvocable string // "", "true" or "false"
	target        string
	area, topic   string
	role          workRole
	argumentHint  bool
	metadata      bool
	handoff       string // the name of the agent this one hands off to, or ""
	tests         int    // structured Examples tests, 0 for none
}

// scribeAgent is agent 1: the HVE roster's Scribe row names it.
const scribeAgent = "Squad Scribe"

// planAgents names every agent. Agent 1 is the Scribe; the others take a work
// role and an area, and the number keeps every name unique.
func planAgents(seed uint64, n int) []agentSpec {
	out := make([]agentSpec, n)
	for i := range out {
		r := rngFor(seed, "agent", i+1)
		a := agentSpec{
			index: i + 1,
			path:  fmt.Sprintf(".github/agents/agent-%05d.agent.md", i+1),
			role:  agentRole(i),
			area:  pick(r, areas),
			topic: pick(r, topics),
			tools: pick(r, toolSets),
			model: pick(r, agentModels),
		}
		a.name = fmt.Sprintf("%s %s %05d", title(strings.Fields(a.area)[0]), a.role.title, a.index)
		a.description = fmt.Sprintf("%s for the %s. %s", a.role.title, a.area, pick(r, capabilityByFunction[a.role.function]))
		switch r.IntN(4) {
		case 0:
			a.userInvocable = "false"
		case 1:
			a.userInvocable = "true"
		}
		if r.IntN(6) == 0 {
			a.target = "vscode"
		}
		a.argumentHint = r.IntN(6) == 0
		a.metadata = r.IntN(7) == 0
		if r.IntN(5) == 0 {
			a.handoff = "next" // resolved below, once every name is known
		}
		if r.IntN(4) == 0 {
			a.tests = 1 + r.IntN(3)
		}
		if i == 0 {
			a.name = scribeAgent
			a.description = "Non-user-invocable squad state writer that appends decisions and history on the coordinator's behalf."
			a.userInvocable = "false"
			a.tools = []string{"read", "edit"}
			a.target = ""
			a.argumentHint, a.metadata, a.handoff, a.tests = false, false, "", 0
		}
		out[i] = a
	}
	for i := range out {
		if out[i].handoff != "" {
			out[i].handoff = out[(i+1)%n].name
		}
	}
	return out
}

// agentRole is the work role of the agent at 0-based index i; HVE member i is
// filled by agent i, so both agree. Index 0, the Scribe, gets the first role
// only for its (unused) prose.
func agentRole(i int) workRole { return workRoles[max(i-1, 0)%len(workRoles)] }

// writeAgents writes .github/agents/agent-NNNNN.agent.md.
func writeAgents(c *corpus, as []agentSpec) error {
	for _, a := range as {
		if err := c.writeString(a.path, agentMarkdown(a)); err != nil {
			return err
		}
	}
	return nil
}

// agentMarkdown renders frontmatter and a prompt body well under GitHub's
// 30,000-character cap.
func agentMarkdown(a agentSpec) string {
	var b strings.Builder
	b.WriteString("---\n")
	fmt.Fprintf(&b, "name: %s\n", a.name)
	fmt.Fprintf(&b, "description: %q\n", a.description)
	if a.target != "" {
		fmt.Fprintf(&b, "target: %s\n", a.target)
	}
	if a.argumentHint {
		fmt.Fprintf(&b, "argument-hint: Describe the %s task and its deadline\n", strings.ToLower(a.role.title))
	}
	fmt.Fprintf(&b, "tools: [%s]\n", strings.Join(a.tools, ", "))
	fmt.Fprintf(&b, "model: %s\n", a.model)
	if a.userInvocable != "" {
		fmt.Fprintf(&b, "user-invocable: %s\n", a.userInvocable)
	}
	if a.metadata {
		fmt.Fprintf(&b, "metadata:\n  area: %s\n  owner: %s-team\n", a.area, a.role.function)
	}
	if a.handoff != "" {
		fmt.Fprintf(&b, "handoffs:\n  - label: Hand off to %s\n    agent: %s\n    prompt: Continue from the note above.\n    send: false\n", a.handoff, a.handoff)
	}
	b.WriteString("---\n\n")
	fmt.Fprintf(&b, "# %s\n\n", a.name)
	if a.name == scribeAgent {
		b.WriteString("Persist squad state on behalf of the Squad Coordinator. Accept a payload, apply\n" +
			"the writes it names, and return a concise confirmation. Record exactly what the\n" +
			"coordinator hands over; never synthesize a decision of your own.\n")
		return b.String()
	}
	fmt.Fprintf(&b, "Act as the %s for the %s. Work only on the bounded task you are given and\n", strings.ToLower(a.role.title), a.area)
	fmt.Fprintf(&b, "write results under the supplied output root.\n\n")
	b.WriteString("## Completion and boundaries\n\n")
	for _, line := range capabilityByFunction[a.role.function] {
		fmt.Fprintf(&b, "* %s\n", line)
	}
	b.WriteString("* Report a missing prerequisite instead of inventing it.\n")
	b.WriteString("* Do not change squad state, council verdicts or release decisions.\n\n")
	b.WriteString("## Procedure\n\n")
	fmt.Fprintf(&b, "1. Read the task, its inputs and its deadline. Pay particular attention to %s.\n", a.topic)
	b.WriteString("2. Gather evidence from the repository and cite the file for each claim.\n")
	b.WriteString("3. Write a Markdown note with findings, alternatives and limitations.\n")
	b.WriteString("4. Return the note's relative path and a factual summary.\n")
	if a.tests > 0 {
		b.WriteString(agentTests(a))
	}
	return b.String()
}

// agentTests renders a final structured Examples section: tests with
// contains, regex and llmJudge assertions that the agent-file rules accept.
func agentTests(a agentSpec) string {
	var b strings.Builder
	b.WriteString("\n## Examples\n\n```yaml\nexamples:\n")
	for t := 1; t <= a.tests; t++ {
		fmt.Fprintf(&b, "  - id: %s-%d\n", a.role.function, t)
		fmt.Fprintf(&b, "    input: \"Review the %s of the %s, case %d.\"\n", a.topic, a.area, t)
		b.WriteString("    assertions:\n")
		b.WriteString("      - {id: cites-a-file, type: regex, pattern: '[A-Za-z0-9_/.-]+\\.[a-z]+'}\n")
		fmt.Fprintf(&b, "      - {id: names-topic, type: contains, value: %q}\n", a.topic)
		if t == 3 {
			fmt.Fprintf(&b, "      - id: judged\n        type: llmJudge\n        rubric: The note separates evidence from assumptions.\n"+
				"        minScore: 70\n        judgeModel: %s\n        judgeVersion: \"2026-03-01\"\n", a.model)
		}
	}
	b.WriteString("```\n")
	return b.String()
}
