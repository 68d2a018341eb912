package connector

import (
	"bytes"
	"time"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// DefaultLockTimeout is the lock timeout resume and poll use unless told
// otherwise, and the one lint judges stale locks by.
const DefaultLockTimeout = 10 * time.Minute

// maxLockSize bounds what is read of a lock file.
const maxLockSize = 4096

var ruleExchangeStaleLock = diag.Register(diag.Rule{
	ID: "CN511", Name: "exchange-stale-lock", Severity: diag.SeverityWarning, Domain: "exchange",
	Short: "A task lock is older than the task's deadline plus the lock timeout",
	Full: "A resume or a poll holds a task's lock (.squad-connector/<taskId>.lock) for one transition " +
		"only. A lock whose recorded time is older than the lock timeout while the task's deadline plus " +
		"that timeout (" + DefaultLockTimeout.String() + " unless configured) has passed was left by a process " +
		"that died, often on another host, whose pid cannot be checked. Resume and poll break such a lock " +
		"and report it; until one runs, the task cannot move on. A lock without readable content is " +
		"judged by resume alone (by its flock and file time), never by lint.",
	Help: "Run `squadci resume` (it breaks the stale lock, reports it and decides the task), or delete " +
		"the lock by hand once no squadci process works on the task. A lock is never committed: check " +
		"that .squad-connector/*.lock is ignored by git.",
	Consumer: "squadci poll, resume and merge break a lock past the task's deadline plus the lock timeout, so the task resumes on the next run; until then it waits. Warning: a crashed run, worth a look.",
})

// checkStaleLock reports the exchange's lock when it is past the age at
// which resume and poll break it whoever wrote it (staleLock): older than
// the lock timeout, with the task's deadline plus the timeout passed.
func checkStaleLock(c *exchangeCheck) {
	l := c.x.Lock
	if l == nil || l.Src == nil {
		return
	}
	owner := readLockOwner(bytes.NewReader(l.Src))
	if owner == nil {
		return
	}
	taken, err := time.Parse(time.RFC3339Nano, owner.Time)
	if err != nil {
		return
	}
	var deadline time.Time
	switch {
	case c.State != nil && !c.State.Deadline.IsZero():
		deadline = c.State.Deadline
	case c.Request != nil && !c.Request.Deadline.IsZero():
		deadline = c.Request.Deadline
	default:
		return
	}
	now := c.env.Now
	if now.IsZero() {
		now = time.Now()
	}
	limit := deadline.Add(DefaultLockTimeout)
	age := now.Sub(taken)
	if !now.After(limit) || age <= DefaultLockTimeout {
		return
	}
	c.report(ruleExchangeStaleLock.At(l.Path, lockTimeSpan(l.Src),
		"the lock of task %s was taken %s by pid %d on host %s, and the task's deadline %s plus the lock timeout %s "+
			"has passed: its owner is gone, and resume or poll will break it",
		quoteOrRedactName(c.x.TaskID), FormatTimestamp(taken), owner.PID, quoteOrRedactName(owner.Host), FormatTimestamp(deadline), DefaultLockTimeout))
}

// lockTimeSpan is the position of a lock's time value, else its start.
func lockTimeSpan(src []byte) diag.Span {
	doc := source.ParseJSON(src)
	if doc.Root != nil && doc.Root.Kind == source.KindObject {
		if v := strMember(doc.Root, "time"); v != nil {
			return v.Span
		}
	}
	return fileStart
}
