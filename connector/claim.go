package connector

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// The poller's claim, <dropPath>/<taskId>.claim.json (spec §9): created
// with O_EXCL before an adapter runs, and never removed, so an adapter runs
// at most once per task however many pollers race for it. It holds the
// claimant's pid, host and time, as a lock does. A claimant killed before
// it wrote anything leaves an empty claim: the task stays claimed, which is
// the safe side (the adapter may have started).

// claimPath is where a task's claim lives: beside its request.
func claimPath(mailbox, taskID string) string { return mailbox + taskID + ".claim.json" }

// errClaimed is returned by claimTask when the task is already claimed.
var errClaimed = errors.New("task already claimed")

// claimTask creates the claim at path durably (file and directory synced)
// or returns errClaimed.
func claimTask(path string, p LockPolicy, now time.Time) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return errClaimed
	}
	if err != nil {
		return err
	}
	data, _ := json.Marshal(LockOwner{PID: p.PID, Host: p.Host, Time: now.UTC().Format(time.RFC3339Nano)})
	_, err = f.Write(append(data, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err // the claim stays: better never run than run twice
	}
	return syncDir(filepath.Dir(path))
}
