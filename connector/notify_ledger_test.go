package connector

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// A resume that announces writes each transition's state with the
// notification owed, in the same write; a task that only counts an
// attempt owes nothing, and without Announce nothing is owed. The owed
// state is a valid finished state (lint passes), and Resume reports it
// owed neither this run (the caller holds it) nor twice later.
func TestResumeOwesBeforeAnnouncing(t *testing.T) {
	root, ms := resumeRepo(t)
	start := time.Now().Add(-2 * time.Hour).UTC().Truncate(time.Second)
	done := dispatchAt(t, root, ms, start, 600, 2)
	expired := dispatchAt(t, root, ms, start, 60, 2)
	waiting := dispatchAt(t, root, ms, start, 600, 2)
	writeResult(t, root, done, "completed", "researcher", "reports/research/"+done.TaskID+".md")

	channels := []string{ChannelDispatch, ChannelComment}
	rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Announce: channels})
	if err != nil || len(rep.Owed) != 0 {
		t.Fatalf("resume: %v, owed %+v", err, rep.Owed)
	}
	for _, d := range []*Dispatched{done, expired} {
		st := readState(t, root, d)
		if n := st.Notification; !isTerminal(st.Status) || n == nil || !slices.Equal(n.Owed, channels) || n.Attempts != 0 || n.LastError != "" || n.GaveUp {
			t.Errorf("%s: status %s, notification %+v", d.TaskID, st.Status, st.Notification)
		}
	}
	if st := readState(t, root, waiting); st.Status != StatusAwaiting || st.Notification != nil {
		t.Errorf("a task still awaiting owes %+v", st.Notification)
	}
	for _, line := range checkTreeFindings(t, root) {
		t.Errorf("finding after an announcing resume: %s", line)
	}
	again, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Announce: channels})
	if err != nil || len(again.Owed) != 2 {
		t.Fatalf("the next resume finds %d owed, want 2: %v", len(again.Owed), err)
	}

	root2, ms2 := resumeRepo(t)
	plain := dispatchAt(t, root2, ms2, start, 60, 2)
	if _, err := Resume(context.Background(), root2, ResumeOptions{Manifests: ms2}); err != nil {
		t.Fatal(err)
	}
	if st := readState(t, root2, plain); st.Status != StatusUnreachable || st.Notification != nil {
		t.Errorf("without Announce the state owes %+v", st.Notification)
	}
}

// Settle keeps what failed, counts an attempt only for a send that was
// made (ErrNotSent counts none), and removes the record once everything
// is sent.
func TestSettleCountsOnlyMadeAttempts(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now().Add(-2*time.Hour), 60, 2)
	rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Announce: []string{ChannelDispatch, ChannelComment}})
	if err != nil || len(rep.Tasks) != 1 || !rep.Tasks[0].Transition {
		t.Fatalf("resume: %v %+v", err, rep.Tasks)
	}
	l := NewNotificationLedger(root, ms, LockPolicy{})
	defer l.Close()
	owed := OwedNotification{TaskID: d.TaskID, Mailbox: rep.Tasks[0].Mailbox, State: d.State, Owed: []string{ChannelDispatch, ChannelComment}}
	all := []string{ChannelDispatch, ChannelComment}
	var announced []*TaskOutcome
	fail := func(err error) SendFunc {
		return func(t *TaskOutcome, channels []string) ([]string, error) {
			announced = append(announced, t)
			return channels, err
		}
	}
	s := l.Settle(owed, all, fail(errors.Join(ErrNotSent, errors.New("the notification deadline passed"))))
	if n := readState(t, root, d).Notification; s.Attempts != 0 || n == nil || n.Attempts != 0 || !strings.Contains(n.LastError, "deadline passed") {
		t.Errorf("a send the run cut short: %+v, record %+v", s, n)
	}
	s = l.Settle(owed, all, fail(errors.New("502 Bad Gateway")))
	if n := readState(t, root, d).Notification; s.Attempts != 1 || n == nil || n.Attempts != 1 || len(n.Owed) != 2 {
		t.Errorf("a failed send: %+v, record %+v", s, n)
	}
	s = l.Settle(owed, all, func(_ *TaskOutcome, channels []string) ([]string, error) { return nil, nil })
	if readState(t, root, d).Notification != nil || len(s.Owed) != 0 || !slices.Equal(s.Sent, all) {
		t.Errorf("a good send: %+v, record %+v", s, readState(t, root, d).Notification)
	}
	if len(announced) != 2 || announced[0].Status != StatusUnreachable || announced[0].TaskID != d.TaskID {
		t.Errorf("announced %+v", announced)
	}
	if s := l.Settle(owed, all, fail(nil)); len(s.Owed) != 0 || len(s.Sent) != 0 || len(announced) != 2 {
		t.Errorf("a settled notification was sent again: %+v", s)
	}
}
