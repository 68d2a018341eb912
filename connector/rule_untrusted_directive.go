package connector

import "github.com/squadci/squadci/lint/diag"

var ruleUntrustedDirective = diag.Register(diag.Rule{
	ID: "CN322", Name: "untrusted-directive", Severity: diag.SeverityWarning, Domain: "result",
	Short: "Envelope text carries a directive or an authority claim",
	Full: "A result's narrative, artifact descriptions and provenance are untrusted data (spec §8): nothing " +
		"in them can steer a gate, override a policy or stand for an approval. Text such as \"skip this " +
		"gate\", \"mark as approved\", \"ignore previous instructions\", \"council verdict: Go\" or \"gate " +
		"passed\" is reported at the phrase so a reviewer sees the attempt; it changes nothing about the " +
		"outcome, which only the shim's own validation decides.",
	Help: "Rewrite the text as a factual summary of what was done; external endpoints never claim gates, " +
		"council verdicts or approvals.",
	Consumer: "Nothing breaks in squadci, which treats the text as data, but the Squad coordinator or a reviewer reading the narrative could follow an injected directive. Warning: the user should look before it is acted on.",
})
