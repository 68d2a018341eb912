package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleStateSession = diag.Register(diag.Rule{
	ID: "SS115", Name: "hve-state-session", Severity: diag.SeverityNote, Domain: "squad-state",
	Short: "state.json has an unresolved session model or an unknown trigger key",
	Full: "currentRun.sessionModel is \"auto\" or a resolved model name; the literal \"unknown\" means the " +
		"coordinator never recorded the model. The optional trigger object Watch Mode adds holds only " +
		"source, ref, eventId, actor, receivedAt and runId (a legacy \"sub\" is reported as SS120).",
	Help: "record the session's model (or auto); remove keys the trigger object does not define",

	Consumer: "nothing breaks today: the ledger prices blocks by priced_as, and Tier-1 SQ-03 checks " +
		"neither sessionModel's value nor the trigger's members",
	Since: "HVE Squad v0.11.4 (7e9724b, sessionModel); v0.9.0 (c4b58bf, trigger)",
})

var triggerKeys = []string{"source", "ref", "eventId", "actor", "receivedAt", "runId"}

func checkStateSession(c *checker, h *hveRoot) {
	if h.state == nil || h.state.root == nil {
		return
	}
	d := h.state.doc
	if sm := h.state.root.Get("currentRun").Get("sessionModel"); sm != nil && sm.Str == "unknown" {
		c.report(ruleStateSession.At(d.path, sm.Span, "currentRun.sessionModel is \"unknown\"; record \"auto\" or the session's model name"))
	}
	tr := h.state.root.Get("trigger")
	if tr == nil {
		return
	}
	for _, m := range tr.Members {
		switch {
		case isOneOf(m.Key, triggerKeys):
		case m.Key == "sub":
			c.report(ruleLegacy.At(d.path, m.KeySpan, "trigger.sub is a legacy key; the trigger object holds %s", strings.Join(triggerKeys, ", ")))
		default:
			c.report(ruleStateSession.At(d.path, m.KeySpan, "trigger has no member %s; it holds %s%s", quote(m.Key), strings.Join(triggerKeys, ", "), diag.DidYouMean(m.Key, triggerKeys)))
		}
	}
}
