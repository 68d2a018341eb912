package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// Reason codes a state records for a failed or unreachable task.
const (
	ReasonTampered       = "tampered"
	ReasonDeadline       = "deadline"
	ReasonRetryCap       = "retry-cap"
	ReasonInvalidResult  = "invalid-result"
	ReasonProducerFailed = "producer-failed"
)

var ruleStateReason = diag.Register(diag.Rule{
	ID: "CN418", Name: "state-reason", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state reason is not a known reason code",
	Full: "reason is a machine-readable code: tampered, deadline, retry-cap, invalid-result or " +
		"producer-failed. tampered and invalid-result may name the rules that failed after a colon, comma " +
		"separated, for example \"invalid-result:CN312,CN314\"; each must be a registered rule id.",
	Help:     stateHelp,
	Consumer: "squadci resume and the Squad coordinator read the reason code to tell the squad why a task ended; an unknown one is rejected. Error.",
})

// FormatReason renders a reason code with the rule ids that caused it.
func FormatReason(code string, rules []string) string {
	if len(rules) == 0 {
		return code
	}
	return code + ":" + strings.Join(rules, ",")
}

// ParseReason splits a reason into its code and rule ids; ok is false when
// the reason is not well formed.
func ParseReason(s string) (code string, rules []string, ok bool) {
	code, list, hasList := strings.Cut(s, ":")
	switch code {
	case ReasonTampered, ReasonInvalidResult:
	case ReasonDeadline, ReasonRetryCap, ReasonProducerFailed:
		if hasList {
			return code, nil, false
		}
	default:
		return code, nil, false
	}
	if !hasList {
		return code, nil, true
	}
	for id := range strings.SplitSeq(list, ",") {
		r, known := diag.Lookup(id)
		if !known || r.ID != id {
			return code, nil, false
		}
		rules = append(rules, id)
	}
	return code, rules, true
}

func checkStateReason(c *stateCheck) {
	v := c.str("reason")
	if v == nil {
		return
	}
	if _, _, ok := ParseReason(v.Str); !ok {
		c.report(ruleStateReason.At(c.path, v.Span,
			"reason %s is not a reason code (tampered, deadline, retry-cap, invalid-result, producer-failed; rule ids after a colon for tampered and invalid-result)", c.q(v)))
		return
	}
	c.s.Reason = v.Str
}
