package connector

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

const (
	archCompleted = "t-8d21c4e09a7f3b65" // acme-delivery-orchestrator-v3, completed
	archFailed    = "t-61f0d3a8b2c9e4d7" // acme-research-agent, failed (producer-failed)
	archAwaiting  = "t-c07e5b1d92a46f13" // acme-research-agent, awaiting, with a claim
	researchBox   = ".connector-drops/acme-research-agent/"
	deliveryBox   = ".connector-drops/acme-delivery-orchestrator-v3/"
)

// archiveRepo is a copy of the ok-lifecycle fixture and its manifests.
func archiveRepo(t *testing.T) (string, []*Manifest) {
	t.Helper()
	root := t.TempDir()
	copyTree(t, filepath.Join(exchangeFixtures, "ok-lifecycle"), root)
	ms, _, _, err := LoadManifests(context.Background(), DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	return root, ms
}

// finishedAt is a clock one day after the fixture's tasks finished.
var archiveNow = func() time.Time { return at("2026-03-03T12:00:00Z") }

func runArchive(t *testing.T, root string, ms []*Manifest, opts ArchiveOptions) *ArchiveReport {
	t.Helper()
	opts.Manifests = ms
	if opts.Now == nil {
		opts.Now = archiveNow
	}
	rep, err := Archive(context.Background(), root, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func movedFrom(t ArchivedTask) []string {
	var out []string
	for _, m := range t.Moved {
		out = append(out, m.From)
	}
	return out
}

// Finished tasks' public files move to archive/<taskId>/; states stay; the
// awaiting task is untouched; the tree is then as clean as before and every
// decision is the same.
func TestArchiveMovesFinishedTasks(t *testing.T) {
	root, ms := archiveRepo(t)
	before := resolveAll(t, root, ms)
	states := map[string]string{}
	for _, id := range []string{archCompleted, archFailed} {
		box := researchBox
		if id == archCompleted {
			box = deliveryBox
		}
		states[id] = readRel(t, root, box+stateDir+id+".state.json")
	}
	awaitingFiles := snapshotTree(t, filepath.Join(root, filepath.FromSlash(researchBox)))
	rep := runArchive(t, root, ms, ArchiveOptions{})
	if len(rep.Tasks) != 2 {
		t.Fatalf("archived %+v", rep.Tasks)
	}
	for _, task := range rep.Tasks {
		box := researchBox
		if task.TaskID == archCompleted {
			box = deliveryBox
		}
		want := []string{box + task.TaskID + ".request.json", box + task.TaskID + ".snapshot.json", box + task.TaskID + ".result.json"}
		if !reflect.DeepEqual(movedFrom(task), want) || task.Skipped != "" || task.Refused != nil || task.Error != "" {
			t.Errorf("task %s: %+v", task.TaskID, task)
		}
		for _, m := range task.Moved {
			if m.To != box+".squad-connector/archive/"+task.TaskID+"/"+filepath.Base(m.From) {
				t.Errorf("moved to %s", m.To)
			}
			if _, err := os.Lstat(filepath.Join(root, m.From)); !os.IsNotExist(err) {
				t.Errorf("%s is still in the mailbox", m.From)
			}
			readRel(t, root, m.To)
		}
		if got := readRel(t, root, box+stateDir+task.TaskID+".state.json"); got != states[task.TaskID] {
			t.Errorf("the state of %s changed", task.TaskID)
		}
	}
	for _, name := range []string{archAwaiting + ".request.json", archAwaiting + ".snapshot.json", archAwaiting + ".claim.json"} {
		if _, ok := awaitingFiles[name]; !ok {
			t.Fatalf("fixture lacks %s", name)
		}
		readRel(t, root, researchBox+name)
	}
	if got := checkTreeFindings(t, root); len(got) != 0 {
		t.Errorf("findings after archiving: %q", got)
	}
	if after := resolveAll(t, root, ms); !reflect.DeepEqual(stripArtifacts(before), stripArtifacts(after)) {
		t.Errorf("decisions changed:\n before %+v\n after  %+v", before, after)
	}
	if again := runArchive(t, root, ms, ArchiveOptions{}); len(again.Tasks) != 0 {
		t.Errorf("a second run moved %+v", again.Tasks)
	}
}

// resolveAll decides every task, finished ones included, by task id.
func resolveAll(t *testing.T, root string, ms []*Manifest) map[string]TaskDecision {
	t.Helper()
	ds, err := Resolve(context.Background(), DirFS(root), ResolveOptions{Manifests: ms, All: true, Now: archiveNow()})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]TaskDecision{}
	for _, d := range ds {
		out[d.TaskID] = d
	}
	return out
}

// stripArtifacts drops what depends on the result still being in the
// mailbox: a finished task's decision never carries artifacts or failures
// that matter once it is archived.
func stripArtifacts(m map[string]TaskDecision) map[string]TaskDecision {
	out := map[string]TaskDecision{}
	for k, d := range m {
		d.Artifacts, d.Failures = nil, nil
		out[k] = d
	}
	return out
}

func readRel(t *testing.T, root, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The state stays, so the archived taskId is consumed forever: a new
// request reusing it is a replay, and resume, poll and status ignore the
// archive.
func TestArchivedTaskIDStaysConsumed(t *testing.T) {
	root, ms := archiveRepo(t)
	runArchive(t, root, ms, ArchiveOptions{})
	archived := readRel(t, root, researchBox+archiveDir+archFailed+"/"+archFailed+".request.json")
	var req map[string]any
	if err := json.Unmarshal([]byte(archived), &req); err != nil {
		t.Fatal(err)
	}
	req["task"] = "Do it again."
	b, _ := json.MarshalIndent(req, "", "  ")
	writeRel(t, root, researchBox+archFailed+".request.json", string(b))
	d := resolveAll(t, root, ms)[archFailed]
	if d.Reason != ReasonReplay || !reflect.DeepEqual(d.Rules, []string{ruleExchangeTaskIDReused.ID}) || d.Status != StatusFailed {
		t.Errorf("a request reusing an archived taskId: %+v", d)
	}
	pending, err := Resolve(context.Background(), DirFS(root), ResolveOptions{Manifests: ms, Now: archiveNow()})
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{}
	for _, p := range pending {
		ids = append(ids, p.TaskID)
	}
	if !reflect.DeepEqual(ids, []string{archFailed, archAwaiting}) {
		t.Errorf("pending tasks %v: the replay and the awaiting task, nothing from the archive", ids)
	}
	rep, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms, Now: archiveNow, Lock: LockPolicy{Timeout: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range rep.Tasks {
		if o.TaskID == archFailed && (o.Reason != ReasonReplay || o.Changed || o.Transition) {
			t.Errorf("resume of the replay: %+v", o)
		}
		if o.TaskID == archCompleted {
			t.Errorf("resume reported an archived task: %+v", o)
		}
	}
	polled, err := Poll(context.Background(), root, PollOptions{Manifests: ms, Now: archiveNow})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range polled.Tasks {
		if o.TaskID == archFailed || o.TaskID == archCompleted {
			t.Errorf("poll listed an archived task: %+v", o)
		}
	}
}

// --older-than compares with the state's updatedAt; a dry run reports the
// moves and changes nothing.
func TestArchiveAgeAndDryRun(t *testing.T) {
	root, ms := archiveRepo(t)
	before := snapshotTree(t, root)
	young := runArchive(t, root, ms, ArchiveOptions{OlderThan: 48 * time.Hour})
	if len(young.Tasks) != 0 || young.Kept != 2 {
		t.Errorf("tasks finished a day ago, --older-than 48h: %+v", young)
	}
	dry := runArchive(t, root, ms, ArchiveOptions{OlderThan: 24 * time.Hour, DryRun: true})
	if len(dry.Tasks) != 2 || len(dry.Tasks[0].Moved) != 3 || dry.Kept != 0 {
		t.Errorf("dry run: %+v", dry)
	}
	if after := snapshotTree(t, root); !reflect.DeepEqual(before, after) {
		t.Errorf("an age-limited or dry run changed the tree")
	}
}

// A claim moves whatever its content; a file the archive already holds is
// never overwritten; a run killed between link and unlink is finished.
func TestArchiveNeverOverwrites(t *testing.T) {
	root, ms := archiveRepo(t)
	writeRel(t, root, researchBox+archFailed+".claim.json", "not even JSON")
	dir := researchBox + archiveDir + archFailed + "/"
	writeRel(t, root, dir+archFailed+".snapshot.json", "an older archive's snapshot\n")
	if err := os.Link(filepath.Join(root, researchBox+archFailed+".result.json"), filepath.Join(root, dir+archFailed+".result.json")); err != nil {
		testtool.Unsupported(t, "hard links", err)
	}
	rep := runArchive(t, root, ms, ArchiveOptions{})
	i := slices.IndexFunc(rep.Tasks, func(t ArchivedTask) bool { return t.TaskID == archFailed })
	if i < 0 {
		t.Fatalf("not archived: %+v", rep.Tasks)
	}
	task := rep.Tasks[i]
	want := []string{researchBox + archFailed + ".request.json", researchBox + archFailed + ".claim.json", researchBox + archFailed + ".result.json"}
	if !reflect.DeepEqual(movedFrom(task), want) || len(task.Refused) != 1 {
		t.Errorf("moves %v, refused %q", movedFrom(task), task.Refused)
	}
	if got := readRel(t, root, dir+archFailed+".snapshot.json"); got != "an older archive's snapshot\n" {
		t.Errorf("the archive's snapshot was overwritten: %q", got)
	}
	readRel(t, root, researchBox+archFailed+".snapshot.json") // left in place
	if got := readRel(t, root, dir+archFailed+".claim.json"); got != "not even JSON" {
		t.Errorf("claim: %q", got)
	}
}

// A symlink is never moved nor followed; a task whose lock another live
// process holds is skipped.
func TestArchiveLinksAndLocks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symlinks")
	}
	root, ms := archiveRepo(t)
	res := filepath.Join(root, researchBox+archFailed+".result.json")
	if err := os.Remove(res); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../connectors/research-agent.json", res); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	owner, _ := json.Marshal(LockOwner{PID: os.Getpid(), Host: host, Time: FormatTimestamp(archiveNow())})
	writeRel(t, root, deliveryBox+stateDir+archCompleted+".lock", string(owner))
	rep := runArchive(t, root, ms, ArchiveOptions{Lock: LockPolicy{PID: os.Getpid() + 1, Timeout: time.Hour}})
	byID := map[string]ArchivedTask{}
	for _, task := range rep.Tasks {
		byID[task.TaskID] = task
	}
	if task := byID[archCompleted]; task.Skipped == "" || len(task.Moved) != 0 {
		t.Errorf("locked task: %+v", task)
	}
	readRel(t, root, deliveryBox+archCompleted+".request.json")
	task := byID[archFailed]
	if len(task.Moved) != 2 || len(task.Refused) != 1 {
		t.Errorf("task with a symlinked result: %+v", task)
	}
	if info, err := os.Lstat(res); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was moved or replaced: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(root, researchBox+archiveDir+archFailed+"/"+archFailed+".result.json")); !os.IsNotExist(err) {
		t.Errorf("something was archived in the symlink's place: %v", err)
	}
}

// A task whose notification is still owed stays: the resume that sends it
// reads its result for the artifacts.
func TestArchiveKeepsOwedNotifications(t *testing.T) {
	root, ms := archiveRepo(t)
	rel := researchBox + stateDir + archFailed + ".state.json"
	st, ds := ParseState(rel, []byte(readRel(t, root, rel)))
	if st == nil || hasError(ds) {
		t.Fatalf("fixture state: %v", ds)
	}
	next := stateFileFrom(st)
	next.Notification = &StateNotification{Owed: []string{ChannelDispatch}, Attempts: 1, LastError: "HTTP 502"}
	writeRel(t, root, rel, string(next.Encode()))
	rep := runArchive(t, root, ms, ArchiveOptions{})
	for _, task := range rep.Tasks {
		if task.TaskID == archFailed && (task.Skipped == "" || len(task.Moved) != 0) {
			t.Errorf("owed task: %+v", task)
		}
	}
	readRel(t, root, researchBox+archFailed+".result.json")
}
