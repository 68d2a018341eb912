package connector

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
)

// resumeAll runs one Resume at now and fails the test on its error.
func resumeAll(t *testing.T, root string, ms []*Manifest, now time.Time) *ResumeReport {
	t.Helper()
	rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Now: func() time.Time { return now },
		Lock: LockPolicy{Timeout: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// writeDeadLock writes the lock file of taskID in box as a process that
// has exited would have left it, long ago.
func writeDeadLock(t *testing.T, root, box, taskID string) string {
	t.Helper()
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	lock := lockPath(box, taskID)
	writeRel(t, root, lock, `{"pid":`+itoa(deadPID(t))+`,"host":"`+host+`","time":"2020-01-01T00:00:00Z"}`)
	old := time.Now().Add(-24 * time.Hour)
	if err := os.Chtimes(filepath.Join(root, filepath.FromSlash(lock)), old, old); err != nil {
		t.Fatal(err)
	}
	return lock
}

// Workers 0 means DefaultResumeWorkers (128), not forEach's GOMAXPROCS:
// GOMAXPROCS+1 tasks are all under way at once. Each task's Progress call
// waits until every task has made its own; with only GOMAXPROCS workers
// the last one never starts, and the wait gives up (a failure detector
// only: the passing run never waits on the clock).
func TestResumeDefaultWorkersRunAllAtOnce(t *testing.T) {
	n := runtime.GOMAXPROCS(0) + 1
	if n > DefaultResumeWorkers {
		testtool.Unsupported(t, "GOMAXPROCS "+itoa(n-1), errors.New("needs fewer CPUs than DefaultResumeWorkers"))
	}
	root, ms := resumeRepo(t)
	now := time.Now().UTC().Truncate(time.Second)
	for range n {
		dispatchAt(t, root, ms, now.Add(-time.Minute), 600, 2)
	}
	var mu sync.Mutex
	arrived := 0
	all := make(chan struct{})
	var failed atomic.Bool
	progress := func(done, total int) {
		mu.Lock()
		arrived++
		if arrived == n {
			close(all)
		}
		mu.Unlock()
		select {
		case <-all:
		case <-time.After(20 * time.Second):
			failed.Store(true)
		}
	}
	rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Now: func() time.Time { return now }, Progress: progress})
	if err != nil {
		t.Fatal(err)
	}
	if failed.Load() {
		t.Errorf("the %d tasks were not all under way at once with Workers 0 (DefaultResumeWorkers %d)", n, DefaultResumeWorkers)
	}
	if len(rep.Tasks) != n {
		t.Errorf("%d tasks reported, want %d", len(rep.Tasks), n)
	}
}

// hasError is about errors only: a warning or a note is none, and one
// error among them is enough.
func TestHasErrorOnlyCountsErrors(t *testing.T) {
	warn := diag.Diagnostic{Rule: "CN511", Severity: diag.SeverityWarning}
	note := diag.Diagnostic{Rule: "CN999", Severity: diag.SeverityNote}
	errd := diag.Diagnostic{Rule: "CN201", Severity: diag.SeverityError}
	for _, tc := range []struct {
		ds   []diag.Diagnostic
		want bool
	}{
		{nil, false},
		{[]diag.Diagnostic{warn, note}, false},
		{[]diag.Diagnostic{errd}, true},
		{[]diag.Diagnostic{errd, errd}, true},
		{[]diag.Diagnostic{warn, errd}, true},
	} {
		if got := hasError(tc.ds); got != tc.want {
			t.Errorf("hasError(%v) = %v, want %v", tc.ds, got, tc.want)
		}
	}
}

// Items are sorted by mailbox first, then taskId.
func TestSortItemsMailboxFirst(t *testing.T) {
	items := []resumeItem{{mailbox: "b/", taskID: "a-1"}, {mailbox: "a/", taskID: "z-1"}, {mailbox: "a/", taskID: "b-1"}}
	sortItems(items)
	var got []string
	for _, it := range items {
		got = append(got, it.mailbox+it.taskID)
	}
	if strings.Join(got, " ") != "a/b-1 a/z-1 b/a-1" {
		t.Errorf("sorted: %v", got)
	}
}

// A nil peek reads everything through read; a peek serves its own file
// (bytes and error) and reads the others.
func TestPeekedFileReadWith(t *testing.T) {
	var calls []string
	read := func(rel string, limit int64) ([]byte, error) {
		calls = append(calls, rel)
		return []byte("disk " + rel), nil
	}
	var none *peekedFile
	if b, err := none.readWith(read)("a", 1); err != nil || string(b) != "disk a" {
		t.Errorf("nil peek: %q %v", b, err)
	}
	boom := errors.New("boom")
	p := &peekedFile{rel: "s", src: []byte("peeked"), err: boom}
	if b, err := p.readWith(read)("s", 1); err != boom || string(b) != "peeked" {
		t.Errorf("peeked file: %q %v", b, err)
	}
	if b, err := p.readWith(read)("r", 1); err != nil || string(b) != "disk r" {
		t.Errorf("other file: %q %v", b, err)
	}
	if strings.Join(calls, " ") != "a r" {
		t.Errorf("reads: %v", calls)
	}
}

// A state that does not parse, with no request beside it, is still a task
// (decided without the lock, never written).
func TestResumeReportsAnUnparsableStateWithoutRequest(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(d.Request))); err != nil {
		t.Fatal(err)
	}
	writeRel(t, root, d.State, "{not json")
	o, ok := resumeAt(t, root, ms, time.Now())[d.TaskID]
	if !ok || o.Changed || o.State != d.State || o.Request != "" {
		t.Errorf("unparsable state without request: %v %+v", ok, o)
	}
	if src, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State))); string(src) != "{not json" {
		t.Errorf("state rewritten: %q", src)
	}
}

// An awaiting state whose request is gone is decided under the lock and
// reported (it is listed though it has no request).
func TestResumeReportsAStateWithoutRequest(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(d.Request))); err != nil {
		t.Fatal(err)
	}
	o, ok := resumeAt(t, root, ms, time.Now())[d.TaskID]
	if !ok || o.State != d.State || o.Request != "" || o.Provenance == nil || o.Provenance.ConnectorID != "acme-research-agent" {
		t.Errorf("state without request: %v %+v", ok, o)
	}
}

// A request without state but with a dead process's lock is decided under
// the lock: an orphan, reported, never written.
func TestResumeReportsAnOrphanBesideAStaleLock(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(d.State))); err != nil {
		t.Fatal(err)
	}
	lock := writeDeadLock(t, root, path0(d), d.TaskID)
	rep := resumeAll(t, root, ms, time.Now())
	if len(rep.Locks) != 1 || rep.Locks[0].Action != LockBroken || relExists(root, lock) {
		t.Errorf("stale lock not cleared: %+v", rep.Locks)
	}
	if len(rep.Tasks) != 1 || rep.Tasks[0].TaskID != d.TaskID || rep.Tasks[0].Status != StatusFailed ||
		rep.Tasks[0].Reason != ReasonOrphanRequest || rep.Tasks[0].Changed {
		t.Errorf("orphan beside a lock: %+v", rep.Tasks)
	}
	if relExists(root, d.State) {
		t.Errorf("an orphan's state was written")
	}
}

// A merge journal that cannot be trusted is an error on its task, which
// is then not judged.
func TestResumeReportsABadMergeJournal(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	writeRel(t, root, journalPath(path0(d), d.TaskID), "{garbage")
	before, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State)))
	o, ok := resumeAt(t, root, ms, time.Now())[d.TaskID]
	if !ok || !strings.Contains(o.Error, "merge journal") || o.Changed {
		t.Errorf("bad journal: %v %+v", ok, o)
	}
	if after, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State))); string(after) != string(before) {
		t.Errorf("state changed beside a bad journal")
	}
}

// An interrupted merge found beside a task is settled and listed in the
// report's Merges.
func TestResumeListsASettledMerge(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	half, journal := interruptedMerge(t, root, d)
	rep := resumeAll(t, root, ms, time.Now())
	if len(rep.Merges) != 1 || rep.Merges[0].Journal != journal || rep.Merges[0].TaskID != d.TaskID {
		t.Errorf("merges: %+v", rep.Merges)
	}
	if relExists(root, journal) || relExists(root, half) {
		t.Errorf("the interrupted merge was not settled")
	}
}

// A task one of whose files cannot be read is reported with the error and
// its manifest's connector.
func TestResumeReadErrorNamesTheConnector(t *testing.T) {
	root, ms := resumeRepo(t)
	d := dispatchAt(t, root, ms, time.Now(), 60, 2)
	injectReadError(t, d.State, &os.PathError{Op: "open", Path: path.Base(d.State), Err: syscall.EIO})
	o, ok := resumeAt(t, root, ms, time.Now())[d.TaskID]
	if !ok || o.Error == "" || o.ConnectorID != "acme-research-agent" || o.State != d.State {
		t.Errorf("read error: %v %+v", ok, o)
	}
}

// A finished task whose state breaks a state rule (an unknown field) is
// not trusted: Archive leaves it, and archives the other finished task.
func TestArchiveLeavesATaskWhoseStateHasErrors(t *testing.T) {
	root, ms := archiveRepo(t)
	rel := deliveryBox + stateDir + archCompleted + ".state.json"
	src := readRel(t, root, rel)
	bad := strings.Replace(src, "{", `{"surprise": 1,`, 1)
	if bad == src {
		t.Fatalf("state %s has no object", rel)
	}
	writeRel(t, root, rel, bad)
	if st, ds := ParseState(rel, []byte(bad)); st == nil || len(ds) == 0 {
		t.Fatalf("the edited state is not a parsed state with findings: %v", ds)
	}
	rep := runArchive(t, root, ms, ArchiveOptions{})
	if len(rep.Tasks) != 1 || rep.Tasks[0].TaskID != archFailed {
		t.Errorf("archived %+v", rep.Tasks)
	}
	readRel(t, root, deliveryBox+archCompleted+".request.json")
}
