package connector

import "github.com/squadci/squadci/lint/diag"

var ruleResultNarrative = diag.Register(diag.Rule{
	ID: "CN306", Name: "result-narrative-blank", Severity: diag.SeverityError, Domain: "result",
	Short: "Result narrative is blank",
	Full: "narrative is the endpoint's factual summary of what it did, read by humans and validators as " +
		"data. It must say something: an empty or white-space narrative is an error, for failures too.",
	Help:     "Summarise what was done, what was produced and what is missing, in a few sentences.",
	Consumer: "squadci resume rejects a blank narrative: the squad would be told nothing of what the endpoint did. Error.",
})

func checkResultNarrative(c *resultCheck) {
	c.r.Narrative, _ = c.nonblank(ruleResultNarrative, "narrative", "narrative is blank; summarise what was done")
}
