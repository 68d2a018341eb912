package connector

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/squadci/squadci/internal/atomicfile"
	"github.com/squadci/squadci/internal/nofollow"
)

// A merge writes a task's files under its lock, and first a journal of
// what it is about to create: <mailbox>/.squad-connector/<taskId>.merge.json.
// The journal goes before the first file and is removed after the last one
// is durable, so a journal left behind means that merge died part way. The
// next merge, resume or poll that takes the task's lock finishes the job
// (every journalled file present with its content: only the journal and
// temporary files go) or rolls it back (every file it created that still
// holds what it wrote, their temporary files, the directories it created
// once empty): the task is then absent or whole again, never half.

// mergeJournal is the content of a merge journal.
type mergeJournal struct {
	Version int    `json:"version"`
	TaskID  string `json:"taskId"`
	Mailbox string `json:"mailbox"`
	Started string `json:"started"`
	// Files are created in this order, each with its SHA-256.
	Files []journalFile `json:"files"`
	// Dirs are the directories merge creates, parents first.
	Dirs []string `json:"dirs"`
}

type journalFile struct {
	Path   string `json:"path"`
	Sha256 string `json:"sha256"`
}

// maxJournalSize bounds a journal read back: a task's files are capped
// (maxArtifacts plus its claim and result), and so are their paths.
const maxJournalSize = 256 << 10

// RolledBackMerge is an interrupted merge found, under its task's lock,
// and settled.
type RolledBackMerge struct {
	TaskID  string `json:"taskId"`
	Mailbox string `json:"mailbox"`
	Journal string `json:"journal"`
	// Action is "completed" (every file was in place: the journal and
	// temporary files were removed) or "rolled back".
	Action string `json:"action"`
	// Removed lists what was deleted, repository-relative.
	Removed []string `json:"removed"`
}

// Actions of a RolledBackMerge.
const (
	MergeCompleted  = "completed"
	MergeRolledBack = "rolled back"
)

// journalPath is where the merge journal of a task lives.
func journalPath(mailbox, taskID string) string {
	return mailbox + stateDir + taskID + ".merge.json"
}

// recoverMerge settles the interrupted merge of the task, if its journal
// is there; the caller holds the task's lock. root is the checkout.
func recoverMerge(root, mailbox, taskID string) (*RolledBackMerge, error) {
	rel := journalPath(mailbox, taskID)
	abs := filepath.Join(root, filepath.FromSlash(rel))
	data, err := nofollow.ReadFile(abs, maxJournalSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, removeJournalTemps(root, mailbox, taskID)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the merge journal %s: %w", rel, err)
	}
	var j mergeJournal
	if err := json.Unmarshal(data, &j); err != nil || j.Version != 1 || j.TaskID != taskID || j.Mailbox != mailbox {
		return nil, fmt.Errorf("the merge journal %s is not one merge wrote for task %s; "+
			"check the task's files by hand, then delete it", rel, taskID)
	}
	if why := j.unsafe(); why != "" {
		return nil, fmt.Errorf("the merge journal %s names %s; check the task's files by hand, then delete it", rel, why)
	}
	rb, err := settle(root, &j, false)
	if err != nil {
		return nil, err
	}
	rb.Journal = rel
	return rb, nil
}

// unsafe names a journal entry merge would never have written: the
// journal is then not trusted to delete anything.
func (j *mergeJournal) unsafe() string {
	claim, result := j.Mailbox+j.TaskID+".claim.json", j.Mailbox+j.TaskID+".result.json"
	for _, f := range j.Files {
		if _, ok := CheckSafePath(f.Path, false); !ok || hasSegment(strings.ToLower(f.Path), ".git") {
			return f.Path
		}
		if strings.HasPrefix(f.Path, j.Mailbox) && f.Path != claim && f.Path != result {
			return f.Path
		}
	}
	for _, d := range j.Dirs {
		if _, ok := CheckSafePath(d, true); !ok || hasSegment(strings.ToLower(d), ".git") {
			return d
		}
	}
	return ""
}

// settle completes a merge whose every file is in place, and rolls back
// any other (every one when undo is set: the merge itself failed); the
// journal goes last.
func settle(root string, j *mergeJournal, undo bool) (*RolledBackMerge, error) {
	rb := &RolledBackMerge{TaskID: j.TaskID, Mailbox: j.Mailbox, Action: MergeCompleted, Removed: []string{}}
	if undo {
		rb.Action = MergeRolledBack
	}
	for _, f := range j.Files {
		if !holds(root, f) {
			rb.Action = MergeRolledBack
			break
		}
	}
	var firstErr error
	keep := func(err error) {
		if err != nil && firstErr == nil {
			firstErr = err
		}
	}
	dirs := map[string]bool{}
	for _, f := range slices.Backward(j.Files) {
		abs := filepath.Join(root, filepath.FromSlash(f.Path))
		dirs[filepath.Dir(abs)] = true
		removed, err := removeTemps(abs)
		keep(err)
		for _, r := range removed {
			rb.Removed = append(rb.Removed, relTo(root, r))
		}
		if rb.Action == MergeRolledBack && holds(root, f) {
			if err := ignoreMissing(os.Remove(abs)); err != nil {
				keep(err)
			} else {
				rb.Removed = append(rb.Removed, f.Path)
			}
		}
	}
	if rb.Action == MergeRolledBack {
		for _, d := range slices.Backward(j.Dirs) {
			abs := filepath.Join(root, filepath.FromSlash(d))
			if info, err := os.Lstat(abs); err != nil || !info.IsDir() {
				continue
			}
			if err := os.Remove(abs); err == nil {
				rb.Removed = append(rb.Removed, d+"/")
				dirs[filepath.Dir(abs)] = true
			} else if !errors.Is(err, syscall.ENOTEMPTY) && !errors.Is(err, syscall.EEXIST) {
				keep(err)
			}
		}
	}
	for _, d := range sortedKeys(dirs) {
		if _, err := os.Lstat(d); err == nil {
			keep(syncDir(d))
		}
	}
	if firstErr != nil {
		return nil, fmt.Errorf("settling the interrupted merge of task %s: %w", j.TaskID, firstErr)
	}
	jabs := filepath.Join(root, filepath.FromSlash(journalPath(j.Mailbox, j.TaskID)))
	if err := ignoreMissing(inDir(filepath.Dir(jabs), func() error { return os.Remove(jabs) })); err != nil {
		return nil, err
	}
	if err := syncDir(filepath.Dir(jabs)); err != nil {
		return nil, err
	}
	slices.Sort(rb.Removed)
	return rb, nil
}

// holds reports whether the checkout's file at f.Path is a regular file
// with f's content.
func holds(root string, f journalFile) bool {
	abs := filepath.Join(root, filepath.FromSlash(f.Path))
	info, err := os.Lstat(abs)
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	sum, err := hashShardFile(abs, info.Size())
	return err == nil && sum == f.Sha256
}

// removeTemps deletes the temporary files a killed atomic write of abs
// leaves beside it (atomicfile.TempPrefix).
func removeTemps(abs string) ([]string, error) {
	dir, base := filepath.Dir(abs), filepath.Base(abs)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	prefix := atomicfile.TempPrefix(base)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix) || e.IsDir() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if err := ignoreMissing(inDir(dir, func() error { return os.Remove(p) })); err != nil {
			return removed, err
		}
		removed = append(removed, p)
	}
	return removed, nil
}

// removeJournalTemps deletes what a merge killed while writing its journal
// left: the journal's own temporary files (nothing else was written yet).
func removeJournalTemps(root, mailbox, taskID string) error {
	_, err := removeTemps(filepath.Join(root, filepath.FromSlash(journalPath(mailbox, taskID))))
	return err
}

func relTo(root, abs string) string {
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return abs
	}
	return filepath.ToSlash(rel)
}

// newJournal starts the journal of a task's merge.
func newJournal(t *mergeTask, now time.Time) *mergeJournal {
	return &mergeJournal{Version: 1, TaskID: t.id, Mailbox: t.mailbox, Started: now.UTC().Format(time.RFC3339),
		Files: []journalFile{}, Dirs: []string{}}
}
