package connector

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// injectReadError makes every read of rel through a run's directory
// readers fail with err, as an unreadable file (EACCES, EIO) would.
func injectReadError(t *testing.T, rel string, err error) {
	t.Helper()
	readErrorHook = func(got string) error {
		if got == rel {
			return err
		}
		return nil
	}
	t.Cleanup(func() { readErrorHook = nil })
}

// An I/O error on a task's file is an error naming the file and the
// error, never a verdict about the task: the state is not "tampered", the
// task keeps its status, nothing is written.
func TestResumeIOErrorIsNoVerdict(t *testing.T) {
	for _, errno := range []syscall.Errno{syscall.EACCES, syscall.EIO} {
		t.Run(errno.Error(), func(t *testing.T) {
			root, ms := resumeRepo(t)
			start := time.Now().Add(-2 * time.Hour).UTC().Truncate(time.Second)
			now := time.Now().UTC().Truncate(time.Second)
			done := dispatchAt(t, root, ms, start, 600, 2)
			waiting := dispatchAt(t, root, ms, start, 600, 2)
			writeResult(t, root, done, "completed", "researcher", "reports/research/"+done.TaskID+".md")
			if o := resumeAt(t, root, ms, now)[done.TaskID]; o.Status != StatusCompleted {
				t.Fatalf("first resume: %+v", o)
			}
			for _, d := range []*Dispatched{done, waiting} {
				before, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State)))
				if err != nil {
					t.Fatal(err)
				}
				injectReadError(t, d.State, &os.PathError{Op: "open", Path: filepath.Base(d.State), Err: errno})
				rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Now: func() time.Time { return now }})
				if err != nil {
					t.Fatal(err)
				}
				var o *TaskOutcome
				for i := range rep.Tasks {
					if rep.Tasks[i].TaskID == d.TaskID {
						o = &rep.Tasks[i]
					}
				}
				if o == nil {
					t.Fatalf("%s: not reported: %+v", d.TaskID, rep.Tasks)
				}
				if !strings.Contains(o.Error, d.State) || !strings.Contains(o.Error, errno.Error()) {
					t.Errorf("%s: error %q does not name %s and %q", d.TaskID, o.Error, d.State, errno.Error())
				}
				if o.Reason == ReasonTampered || o.Status == StatusFailed || o.Changed || o.Transition {
					t.Errorf("%s: an I/O error became a verdict: %+v", d.TaskID, o)
				}
				after, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State)))
				if err != nil || string(after) != string(before) {
					t.Errorf("%s: state changed: %v", d.TaskID, err)
				}
			}
		})
	}
}

// Content problems stay verdicts: a state too large is tampered.
func TestResumeOversizedStateStaysTampered(t *testing.T) {
	root, ms := resumeRepo(t)
	now := time.Now().UTC().Truncate(time.Second)
	d := dispatchAt(t, root, ms, now.Add(-time.Hour), 600, 2)
	injectReadError(t, d.State, &FileTooLargeError{Size: MaxFileSize + 1, Limit: MaxFileSize})
	o := resumeAt(t, root, ms, now)[d.TaskID]
	if o.Error != "" || o.Status != StatusFailed || o.Reason != ReasonTampered {
		t.Errorf("oversized state: %+v", o)
	}
}

// errFS fails one file's reads with an I/O error.
type errFS struct {
	ReadFS
	rel string
	err error
}

func (e errFS) ReadFile(rel string, limit int64) ([]byte, error) {
	if rel == e.rel {
		return nil, e.err
	}
	return e.ReadFS.ReadFile(rel, limit)
}

// Resolve (connector status) and Poll report an I/O error, naming the
// file; neither turns it into a decision.
func TestResolveAndPollIOError(t *testing.T) {
	root, ms := resumeRepo(t)
	now := time.Now().UTC().Truncate(time.Second)
	d := dispatchAt(t, root, ms, now.Add(-time.Hour), 600, 2)
	fsys := errFS{DirFS(root), d.State, &os.PathError{Op: "open", Path: d.State, Err: syscall.EIO}}
	_, err := Resolve(context.Background(), fsys, ResolveOptions{Manifests: ms, Now: now})
	var re *ReadError
	if !errors.As(err, &re) || re.Path != d.State || !strings.Contains(err.Error(), d.State+": input/output error") {
		t.Errorf("Resolve: %v", err)
	}

	injectReadError(t, d.State, syscall.EACCES)
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "result")}}
	got := pollOnce(t, root, ms, adapters)[d.TaskID]
	if got.Action == PollRan || !strings.Contains(got.Error, d.State) || !strings.Contains(got.Error, "permission denied") {
		t.Errorf("poll: %+v", got)
	}
	if n := adapterCalls(t, root); n != 0 {
		t.Errorf("adapter ran %d times", n)
	}
}
