package connector

import (
	"slices"

	"github.com/squadci/squadci/lint/diag"
)

// Failure is one reason a task failed, as a reader needs it: the rule, the
// file it was found on, and the finding's message (the rule's short
// description when the finding itself is not at hand, as for a finished
// task whose state names rules its files no longer show).
type Failure struct {
	Rule    string `json:"rule"`
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

// failures lists, for each rule id, the error findings of c that carry it
// (one per distinct message), in the order of ids. A rule without a finding
// gets one entry: the read error of an unreadable file for exchange-tampered,
// else the rule's short description.
func (c *Checked) failures(ids []string, unreadable map[string]error) []Failure {
	var out []Failure
	for _, id := range ids {
		n := len(out)
		for _, d := range c.Diagnostics {
			if d.Rule != id || d.Severity != diag.SeverityError {
				continue
			}
			f := Failure{Rule: id, Path: d.Path, Message: d.Message}
			if !slices.Contains(out[n:], f) {
				out = append(out, f)
			}
		}
		if len(out) > n {
			continue
		}
		out = append(out, c.unfoundFailure(id, unreadable))
	}
	return out
}

// unfoundFailure explains a rule no finding of c carries.
func (c *Checked) unfoundFailure(id string, unreadable map[string]error) Failure {
	if id == ruleExchangeTampered.ID {
		for _, f := range c.Exchange.Files() {
			if err := unreadable[f.Path]; err != nil {
				return Failure{Rule: id, Path: f.Path, Message: "the file cannot be read: " + err.Error()}
			}
		}
	}
	f := Failure{Rule: id}
	if r, ok := diag.Lookup(id); ok {
		f.Message = r.Short
	}
	return f
}

// reasonFailures explains the rule ids a finished task's recorded reason
// names ("invalid-result:CN312,CN314"), from its files as they are now.
func (c *Checked) reasonFailures(reason string, unreadable map[string]error) []Failure {
	_, ids, ok := ParseReason(reason)
	if !ok || len(ids) == 0 {
		return nil
	}
	return c.failures(ids, unreadable)
}
