package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleAgentsDeployed = diag.Register(diag.Rule{
	ID: "SS110", Name: "hve-agent-not-deployed", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a roster agent name matches no deployed agent",
	Full: "Agent Name (Primary) and every Alternate Agent are the exact name: of a deployed " +
		".github/agents/**/*.agent.md (spaces and capitalisation intact), and that agent must not set " +
		"disable-model-invocation: true, or Copilot CLI's task tool cannot dispatch it (the CLI leaves such agents " +
		"out of the ones it dispatches; VS Code's runSubagent finds a custom agent by its name alone and does not " +
		"check the flag, so the member fails on the CLI " +
		"only). HVE Squad v0.11.0 added a Dispatchability rule and reseeds the roster with dispatchable agents; its " +
		"upgrade notes say to re-seed team.md and routing.md. The check runs only when " +
		"the repository has deployed agent files (apm install may keep them out of git).",
	Help: "copy the agent's name: exactly, deploy the agent, or choose a model-invocable agent",

	Consumer: "the HVE coordinator cannot dispatch the agent: the name matches no deployed agent or " +
		"one with disable-model-invocation: true",
	Since: "HVE Squad v0.2.0 (29f6aab) (disable-model-invocation from v0.11.0, d31152f)",
})

func checkAgentsDeployed(c *checker, h *hveRoot) {
	if len(c.repo.Agents) == 0 {
		return
	}
	byName := make(map[string]*Agent, len(c.repo.Agents))
	names := make([]string, 0, len(c.repo.Agents))
	for i := range c.repo.Agents {
		a := &c.repo.Agents[i]
		if _, dup := byName[a.Name]; !dup {
			byName[a.Name] = a
			names = append(names, a.Name)
		}
	}
	for _, m := range h.wellFormed() {
		for i, name := range m.agentNames() {
			cell := m.alternates
			if i == 0 && !isNone(m.primaryText) {
				cell = m.primary
			}
			name = unbacktick(name)
			a := byName[name]
			switch {
			case a == nil:
				c.report(ruleAgentsDeployed.At(h.team.doc.path, cell.Span,
					"no deployed agent file has name: %s%s", quote(name), diag.DidYouMean(name, names)))
			case a.DisableModelInvocation:
				c.report(ruleAgentsDeployed.At(h.team.doc.path, cell.Span,
					"agent %s sets disable-model-invocation: true in %s: Copilot CLI's task tool cannot dispatch it (VS Code's runSubagent can), "+
						"so this member fails when the squad runs on the CLI; name a dispatchable agent, or, with a roster seeded before "+
						"HVE Squad v0.11.0 (which checks dispatchability), upgrade and re-seed it (delete team.md and routing.md, then run /squad)",
					quote(name), a.Path))
			}
		}
	}
}
