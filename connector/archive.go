package connector

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Archiving moves a finished task's public files out of its mailbox:
//
//	<dropPath>/<taskId>.request.json   →  <dropPath>/.squad-connector/archive/<taskId>/<taskId>.request.json
//	<dropPath>/<taskId>.snapshot.json  →  … /archive/<taskId>/<taskId>.snapshot.json
//	<dropPath>/<taskId>.claim.json     →  … /archive/<taskId>/<taskId>.claim.json
//	<dropPath>/<taskId>.result.json    →  … /archive/<taskId>/<taskId>.result.json
//
// The state stays at .squad-connector/<taskId>.state.json, so the taskId
// stays consumed: a new request reusing it is still a replay (CN510).
// Nothing under .squad-connector/archive/ is read as an exchange again (see
// ClassifyEntry). The request moves first: once it is gone no poll or
// resume treats the task as anything but finished, whatever else is left.

// archiveDir is the archive inside a mailbox's private directory.
const archiveDir = stateDir + "archive/"

// archivedFiles are the public files of a task, in the order they move.
var archivedFiles = [...]string{".request.json", ".snapshot.json", ".claim.json", ".result.json"}

// ArchiveOptions configure Archive.
type ArchiveOptions struct {
	Manifests []*Manifest
	// OlderThan keeps tasks finished (state updatedAt) less than this long
	// ago; zero archives every finished task.
	OlderThan time.Duration
	// DryRun reports what would move and changes nothing (no lock is taken).
	DryRun bool
	// Lock says who this process is and when another's lock is stale.
	Lock LockPolicy
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// ArchiveReport is everything one Archive did.
type ArchiveReport struct {
	// Tasks are the finished tasks with public files old enough to move:
	// archived, or left in place with the reason.
	Tasks []ArchivedTask `json:"tasks"`
	// Kept counts finished tasks younger than OlderThan.
	Kept int `json:"kept"`
}

// ArchivedTask is one task Archive moved (or would move, or could not).
type ArchivedTask struct {
	TaskID      string `json:"taskId"`
	ConnectorID string `json:"connectorId,omitempty"`
	Mailbox     string `json:"mailbox"`
	Status      string `json:"status"`
	// FinishedAt is the state's updatedAt.
	FinishedAt string `json:"finishedAt"`
	// Moved are the files moved (with DryRun: that would move).
	Moved []ArchivedFile `json:"moved"`
	// Skipped says why the task was left alone: another process holds its
	// lock, its state changed meanwhile, or its notification is still owed
	// (a resume needs its result to announce it).
	Skipped string `json:"skipped,omitempty"`
	// Refused lists files left in place because moving them would follow a
	// link or overwrite a different file already in the archive.
	Refused []string `json:"refused,omitempty"`
	// Error is an I/O problem that stopped the task part-way.
	Error string `json:"error,omitempty"`
}

// ArchivedFile is one move, repository-relative.
type ArchivedFile struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Archive moves the public files of every finished task of every mailbox
// under root into the mailbox's archive, each task under its lock, as a
// resume takes it. Only tasks whose state is finished, parses without
// error, owes no notification and is older than opts.OlderThan move; an
// awaiting task never does. Links
// are never followed, nothing in the archive is ever overwritten, and every
// move is a rename (or a link and an unlink) within the mailbox.
func Archive(ctx context.Context, root string, opts ArchiveOptions) (*ArchiveReport, error) {
	a := &archiver{mailboxRun: newMailboxRun(root, opts.Manifests, opts.Now, 1, 1), opts: opts, lock: opts.Lock.self()}
	defer a.files.close()
	loaded, err := LoadExchanges(ctx, &listingFS{ReadFS: a.fsys}, a.ix)
	if err != nil {
		return nil, err
	}
	rep := &ArchiveReport{Tasks: []ArchivedTask{}}
	for _, x := range loaded.Exchanges {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		if x.Example || x.State == nil || !IsTaskID(x.TaskID) || !a.hasPublicFiles(x) {
			continue
		}
		st, old := a.finished(x)
		switch {
		case st == nil:
			continue
		case !old:
			rep.Kept++
			continue
		}
		if st.Notification.Pending() {
			rep.Tasks = append(rep.Tasks, ArchivedTask{TaskID: x.TaskID, ConnectorID: st.ConnectorID, Mailbox: x.Mailbox,
				Status: st.Status, FinishedAt: FormatTimestamp(st.UpdatedAt), Moved: []ArchivedFile{},
				Skipped: "its notification is still owed; archived once a resume has sent it or given it up"})
			continue
		}
		t := a.archiveTask(x, st)
		if len(t.Moved) > 0 || t.Skipped != "" || len(t.Refused) > 0 || t.Error != "" {
			rep.Tasks = append(rep.Tasks, t)
		}
	}
	return rep, nil
}

type archiver struct {
	mailboxRun
	opts ArchiveOptions
	lock LockPolicy
}

// hasPublicFiles reports whether anything of the task is left in the
// mailbox: a request, snapshot or result as listed, or a claim.
func (a *archiver) hasPublicFiles(x *Exchange) bool {
	if x.Request != nil || x.Snapshot != nil || x.Result != nil {
		return true
	}
	_, err := a.fsys.Lstat(x.Mailbox + x.TaskID + ".claim.json")
	return err == nil
}

// finished reads the task's state and returns it when the task is
// finished and its state trustworthy; old says it finished long enough ago.
func (a *archiver) finished(x *Exchange) (st *State, old bool) {
	src, err := a.files.readFile(x.State.Path, MaxFileSize)
	if err != nil {
		return nil, false
	}
	st, ds := ParseState(x.State.Path, src)
	if st == nil || hasError(ds) || !isTerminal(st.Status) || st.UpdatedAt.IsZero() || st.TaskID != x.TaskID {
		return nil, false
	}
	return st, a.now().Sub(st.UpdatedAt) >= a.opts.OlderThan
}

// archiveTask moves one finished task's public files, under its lock.
func (a *archiver) archiveTask(x *Exchange, st *State) ArchivedTask {
	t := ArchivedTask{TaskID: x.TaskID, ConnectorID: st.ConnectorID, Mailbox: x.Mailbox, Status: st.Status,
		FinishedAt: FormatTimestamp(st.UpdatedAt), Moved: []ArchivedFile{}}
	if a.opts.DryRun {
		a.plan(&t)
		return t
	}
	if !a.files.isRealDir(x.Mailbox) || !a.files.isRealDir(x.Mailbox+stateDir) {
		t.Skipped = "the mailbox or its .squad-connector/ is reached through a link"
		return t
	}
	rel := lockPath(x.Mailbox, x.TaskID)
	lock, _, err := acquireTaskLock(a.abs(rel), rel, x.TaskID, a.lock, a.now(), st.Deadline)
	if errors.Is(err, errLockBusy) {
		t.Skipped = "another process holds the task lock"
		return t
	}
	if err != nil {
		t.Error = err.Error()
		return t
	}
	err = a.moveLocked(&t, x)
	if rerr := lock.release(); err == nil {
		err = rerr
	}
	if err != nil {
		t.Error = err.Error()
	}
	return t
}

// plan lists the moves a real run would make, touching nothing.
func (a *archiver) plan(t *ArchivedTask) {
	for _, suffix := range archivedFiles {
		from, to := t.Mailbox+t.TaskID+suffix, taskArchive(t.Mailbox, t.TaskID)+t.TaskID+suffix
		info, err := StatNoFollow(a.fsys, from)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil || !info.Mode().IsRegular():
			t.Refused = append(t.Refused, from+": "+refusal(err))
		default:
			t.Moved = append(t.Moved, ArchivedFile{From: from, To: to})
		}
	}
}

// moveLocked re-reads the state under the lock (a resume may have been
// between the look and the lock), then moves each public file.
func (a *archiver) moveLocked(t *ArchivedTask, x *Exchange) error {
	st, old := a.finished(x)
	if st == nil || !old || st.Status != t.Status || st.Notification.Pending() {
		t.Skipped = "its state changed while the lock was being taken"
		return nil
	}
	dir := taskArchive(x.Mailbox, x.TaskID)
	made := false
	for _, suffix := range archivedFiles {
		from, to := x.Mailbox+x.TaskID+suffix, dir+x.TaskID+suffix
		info, err := StatNoFollow(a.fsys, from)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil || !info.Mode().IsRegular() {
			t.Refused = append(t.Refused, from+": "+refusal(err))
			continue
		}
		if !made {
			if err := a.makeArchiveDirs(x.Mailbox, x.TaskID); err != nil {
				return err
			}
			made = true
		}
		switch err := moveNoReplace(a.abs(from), a.abs(to)); {
		case errors.Is(err, fs.ErrExist):
			t.Refused = append(t.Refused, from+": the archive already holds a different "+to+"; both are left as they are")
		case err != nil:
			return err
		default:
			t.Moved = append(t.Moved, ArchivedFile{From: from, To: to})
		}
	}
	if len(t.Moved) == 0 {
		return nil
	}
	if err := syncDir(a.abs(dir)); err != nil {
		return err
	}
	return syncDir(a.abs(x.Mailbox))
}

func refusal(err error) string {
	if err == nil {
		return "not a regular file; links and special files are never moved"
	}
	return err.Error() + "; links and special files are never moved"
}

// taskArchive is the archive directory of one task, "dir/".
func taskArchive(mailbox, taskID string) string { return mailbox + archiveDir + taskID + "/" }

// makeArchiveDirs creates .squad-connector/archive/<taskId>/ as needed and
// checks that neither is a link (the state directory was checked before
// the lock was taken in it).
func (a *archiver) makeArchiveDirs(mailbox, taskID string) error {
	for _, dir := range [...]string{mailbox + archiveDir, taskArchive(mailbox, taskID)} {
		err := os.Mkdir(a.abs(dir), 0o755)
		if err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if err == nil {
			if err := syncDir(parentDir(a.abs(dir[:len(dir)-1]))); err != nil {
				return err
			}
		}
		info, err := StatNoFollow(a.fsys, dir)
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		if !info.IsDir() {
			return fmt.Errorf("%s is not a directory", dir)
		}
	}
	return nil
}

// moveNoReplace moves the regular file from to the absent name to, never
// replacing anything: it links to to from (which fails when to exists),
// then removes from. A run killed between the two leaves both names on one
// file, which the next run recognises and finishes. Where hard links are
// unsupported it checks, then renames (the caller holds the task lock, so
// no other archiver is moving this task's files).
func moveNoReplace(from, to string) error {
	err := os.Link(from, to)
	switch {
	case err == nil:
		return os.Remove(from)
	case errors.Is(err, fs.ErrExist):
		fi, ferr := os.Lstat(from)
		ti, terr := os.Lstat(to)
		if ferr == nil && terr == nil && os.SameFile(fi, ti) {
			return os.Remove(from) // an earlier run linked it and was killed
		}
		return fs.ErrExist
	}
	if _, lerr := os.Lstat(to); lerr == nil {
		return fs.ErrExist
	}
	return os.Rename(from, to)
}
