package connector

import (
	"slices"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// Notification channels a resume announces a transition on.
const (
	ChannelDispatch = "dispatch" // repository_dispatch
	ChannelComment  = "comment"  // an issue or pull request comment
)

// MaxNotifyAttempts bounds the sends of one owed notification: after this
// many failed attempts the state records that it was given up.
const MaxNotifyAttempts = 5

// StateNotification is a task state's record of a notification the squad
// is still owed (spec §5 extension): the channels not yet sent, how many
// sends failed, the last failure, and whether the bound was reached. A
// state without one owes nothing.
type StateNotification struct {
	Owed      []string `json:"owed"`
	Attempts  int      `json:"attempts"`
	LastError string   `json:"lastError"`
	GaveUp    bool     `json:"gaveUp,omitempty"`
}

// Pending reports a notification a resume still tries to send.
func (n *StateNotification) Pending() bool { return n != nil && !n.GaveUp && len(n.Owed) > 0 }

var stateNotificationShape = newShape(
	field{name: "owed", kind: vStrings, need: always},
	field{name: "attempts", kind: vInteger, need: always},
	field{name: "lastError", kind: vString, need: always},
	field{name: "gaveUp", kind: vBool},
)

var ruleStateNotification = diag.Register(diag.Rule{
	ID: "CN421", Name: "state-notification", Severity: diag.SeverityError, Domain: "state",
	Short: "Task state notification record is malformed",
	Full: "A resume that tells the squad of a transition records the notification as owed in the task's state " +
		"before it sends anything, in the same write as the transition: notification {owed, attempts, lastError, " +
		"gaveUp?}. Only a finished task (completed, failed, unreachable) owes a notification. owed lists the " +
		"channels not yet sent, each once: dispatch, comment. attempts counts failed sends, 0–5 (a send the run " +
		"cut short or never started counts none; lastError is empty until one fails); the fifth failure sets " +
		"gaveUp true, and gaveUp is true only then. Each channel leaves the record once its send succeeded, and " +
		"the record is removed once everything is sent; a resume killed in between sends again (at least once).",
	Help:     stateHelp,
	Consumer: "squadci resume uses the notification record to tell the squad exactly once; a malformed one means a lost or repeated notification. Error.",
})

// checkStateNotification checks the notification member's values; its
// shape is the schema rules' to report.
func checkStateNotification(c *stateCheck) {
	v := c.root.Get("notification")
	if v == nil || v.Kind != source.KindObject {
		return
	}
	bad := func(at *source.Value, format string, args ...any) {
		c.report(ruleStateNotification.At(c.path, at.Span, format, args...))
	}
	ok := true
	if status := c.str("status"); status != nil && !isTerminal(status.Str) {
		bad(v, "a task that is %s owes no notification; only a finished task's transition is announced", c.q(status))
		ok = false
	}
	n := &StateNotification{}
	if owed := arrMember(v, "owed"); owed != nil {
		ok = checkOwedChannels(c, owed, n) && ok
	} else {
		ok = false
	}
	ok = checkNotifyAttempts(c, v, n) && ok
	if e := strMember(v, "lastError"); e != nil {
		n.LastError = e.Str
	} else {
		ok = false
	}
	if ok {
		c.s.Notification = n
	}
}

// checkOwedChannels reads notification.owed: known channels, each once, at
// least one.
func checkOwedChannels(c *stateCheck, owed *source.Value, n *StateNotification) bool {
	ok := len(owed.Elems) > 0
	if !ok {
		c.report(ruleStateNotification.At(c.path, owed.Span, "notification.owed is empty; a notification with nothing owed is removed, not kept"))
	}
	for i, el := range owed.Elems {
		if el.Kind != source.KindString {
			ok = false
			continue
		}
		switch {
		case el.Str != ChannelDispatch && el.Str != ChannelComment:
			c.report(ruleStateNotification.At(c.path, el.Span, "notification.owed[%d] %s is not a channel (dispatch, comment)", i, c.q(el)))
			ok = false
		case slices.Contains(n.Owed, el.Str):
			c.report(ruleStateNotification.At(c.path, el.Span, "notification.owed[%d] %s is listed twice", i, c.q(el)))
			ok = false
		default:
			n.Owed = append(n.Owed, el.Str)
		}
	}
	return ok
}

// checkNotifyAttempts reads attempts and gaveUp: gaveUp exactly when the
// bound is reached.
func checkNotifyAttempts(c *stateCheck, v *source.Value, n *StateNotification) bool {
	a, count, isInt := intMember(v, "attempts")
	if a == nil {
		return false
	}
	if !isInt || count < 0 || count > MaxNotifyAttempts {
		c.report(ruleStateNotification.At(c.path, a.Span, "notification.attempts %s is out of range; it must be between 0 and %d", cutText(a.Str), MaxNotifyAttempts))
		return false
	}
	n.Attempts = int(count)
	g := v.Get("gaveUp")
	if g != nil && g.Kind != source.KindBool {
		return false
	}
	n.GaveUp = g != nil && g.Bool
	switch {
	case n.GaveUp && n.Attempts < MaxNotifyAttempts:
		c.report(ruleStateNotification.At(c.path, g.Span, "notification.gaveUp is true after %s; a notification is given up only after %d", plural.Count(n.Attempts, "attempt"), MaxNotifyAttempts))
		return false
	case !n.GaveUp && n.Attempts == MaxNotifyAttempts:
		c.report(ruleStateNotification.At(c.path, a.Span, "notification.attempts reached %d but gaveUp is not true; a resume sends no more than %d times", MaxNotifyAttempts, MaxNotifyAttempts))
		return false
	}
	return true
}
