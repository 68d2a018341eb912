package connector

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The stale-lock rules of spec §5, with the task's deadline known: another
// host's lock, and one whose pid now belongs to a live process, are broken
// once the deadline plus the lock timeout has passed, never before.
func TestStaleLockPastTheDeadline(t *testing.T) {
	self := LockPolicy{Timeout: 10 * time.Minute}.self()
	now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	ancient := now.Add(-8000 * time.Hour)
	alive := func(pid int) bool { return pid == 1 }
	owner := func(pid int, host string, at time.Time) *LockOwner {
		return &LockOwner{PID: pid, Host: host, Time: at.Format(time.RFC3339Nano)}
	}
	for _, tc := range []struct {
		name     string
		owner    *LockOwner
		mtime    time.Time
		deadline time.Time
		stale    bool
		why      string
	}{
		{"other host, past deadline+timeout", owner(99, "elsewhere", ancient), now, now.Add(-11 * time.Minute), true, `taken on host "elsewhere"`},
		{"other host, deadline+timeout not yet", owner(99, "elsewhere", ancient), now, now.Add(-9 * time.Minute), false, "may be broken after 2026-03-02T12:01:00Z"},
		{"other host, no deadline known", owner(99, "elsewhere", ancient), now, time.Time{}, false, "cannot be checked from here"},
		{"other host, young lock past deadline", owner(99, "elsewhere", now.Add(-time.Minute)), now, now.Add(-time.Hour), false, "cannot be checked"},
		{"other host, future time, old file", owner(99, "elsewhere", now.Add(1000*time.Hour)), ancient, now.Add(-time.Hour), true, "past the task's deadline"},
		{"live pid, 8000 hours old, past deadline", owner(1, self.Host, ancient), now, now.Add(-time.Hour), true, "that pid is another process now"},
		{"live pid, before deadline", owner(1, self.Host, ancient), now, now.Add(time.Hour), false, "pid 1 is running"},
		{"dead pid, old", owner(99, self.Host, ancient), now, now.Add(time.Hour), true, "pid 99 is gone"},
		{"dead pid, young", owner(99, self.Host, now.Add(-time.Minute)), now, now.Add(-time.Hour), false, "younger than the lock timeout"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := staleLock(tc.owner, tc.mtime, self, now, tc.deadline, alive)
			if v.stale != tc.stale || !strings.Contains(v.why, tc.why) {
				t.Errorf("stale %v (%s), want %v (%q)", v.stale, v.why, tc.stale, tc.why)
			}
		})
	}
}

// A lock another host left, 8,000 hours old, no longer keeps resume from a
// task past its deadline: it is broken (and reported) and the task decided.
// Two resumes racing to break it never both win.
func TestResumeBreaksAForeignLockPastTheDeadline(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now().Add(-3*time.Hour), 60, 2)
	lock := lockPath(path.Dir(d.Request)+"/", d.TaskID)
	ancient := time.Now().Add(-8000 * time.Hour).UTC().Format(time.RFC3339)
	writeRel(t, root, lock, `{"pid":4242,"host":"runner-elsewhere","time":"`+ancient+`"}`)
	var wg sync.WaitGroup
	reps := make([]*ResumeReport, 2)
	for i := range reps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Lock: LockPolicy{Timeout: 10 * time.Minute}})
			if err != nil {
				t.Error(err)
			}
			reps[i] = rep
		}()
	}
	wg.Wait()
	broken, changed := 0, 0
	for _, rep := range reps {
		for _, ev := range rep.Locks {
			if ev.Action == LockBroken {
				broken++
				if !strings.Contains(ev.Why, `host "runner-elsewhere"`) || ev.Path != lock {
					t.Errorf("broken lock event %+v", ev)
				}
			}
		}
		for _, o := range rep.Tasks {
			if o.Changed {
				changed++
			}
		}
	}
	if broken != 1 || changed != 1 {
		t.Fatalf("broken %d times, decided %d times; reports %+v %+v", broken, changed, reps[0], reps[1])
	}
	if st := readState(t, root, d); st.Status != StatusUnreachable {
		t.Errorf("state %s, want unreachable", st.Status)
	}
	if _, err := os.Stat(filepath.Join(root, lock)); !os.IsNotExist(err) {
		t.Errorf("the lock is still there: %v", err)
	}
}

// Before the deadline plus the timeout, another host's lock keeps a poll
// off the task, and the poll says when the lock may be broken.
func TestPollKeepsOffAForeignLockBeforeTheDeadline(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	lock := lockPath(path.Dir(d.Request)+"/", d.TaskID)
	writeRel(t, root, lock, `{"pid":4242,"host":"runner-elsewhere","time":"2020-01-01T00:00:00Z"}`)
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "good"), Timeout: time.Minute}}
	rep, err := Poll(context.Background(), root, PollOptions{Manifests: ms, Adapters: adapters, Claim: LockPolicy{Timeout: 10 * time.Minute},
		Env: []string{"PATH=" + os.Getenv("PATH")}})
	if err != nil || len(rep.Tasks) != 1 {
		t.Fatal(err, rep)
	}
	if o := rep.Tasks[0]; o.Action != PollBusy || o.Lock == nil || !strings.Contains(o.Lock.Why, "may be broken after") {
		t.Errorf("outcome %+v lock %+v", o, o.Lock)
	}
}

// Lint reports a lock only once resume and poll would break it whoever
// wrote it; a younger one, one before the deadline plus the timeout, and
// one it cannot read are not its business (CN511).
func TestStaleLockFinding(t *testing.T) {
	dir := filepath.Join(exchangeFixtures, "exchange-stale-lock")
	fsys := DirFS(dir)
	ms, _, _, err := LoadManifests(context.Background(), fsys)
	if err != nil {
		t.Fatal(err)
	}
	ix := NewMailboxIndex(ms)
	deadline := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, lock string
		now        time.Time
		want       bool
	}{
		{"past deadline+timeout", `{"pid":1,"host":"h","time":"2026-03-02T08:00:00Z"}`, deadline.Add(11 * time.Minute), true},
		{"deadline+timeout not yet", `{"pid":1,"host":"h","time":"2026-03-02T08:00:00Z"}`, deadline.Add(9 * time.Minute), false},
		{"young lock past deadline", `{"pid":1,"host":"h","time":"2026-03-03T08:00:00Z"}`, time.Date(2026, 3, 3, 8, 5, 0, 0, time.UTC), false},
		{"unreadable", `garbage`, deadline.Add(time.Hour), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := LoadExchanges(context.Background(), fsys, ix)
			if err != nil || len(l.Exchanges) != 1 || l.Exchanges[0].Lock == nil {
				t.Fatalf("%v %+v", err, l)
			}
			x := l.Exchanges[0]
			x.Lock.Src = []byte(tc.lock)
			got := false
			for _, d := range CheckExchange(x, &Env{Mailboxes: ix, Now: tc.now}).Diagnostics {
				if d.Rule == "CN511" {
					got = true
					if d.Path != x.Lock.Path || d.Span.Start == 0 || !strings.Contains(d.Message, "resume or poll will break it") {
						t.Errorf("finding %+v", d)
					}
				}
			}
			if got != tc.want {
				t.Errorf("CN511 reported %v, want %v", got, tc.want)
			}
		})
	}
}
