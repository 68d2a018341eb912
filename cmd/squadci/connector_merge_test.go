package main

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// mergeReport is `connector merge --format json`.
type mergeReport struct {
	Version                    int
	Copied, Unchanged, Refused []struct {
		Path, Shard, Reason string
		TaskIDs             []string
	}
	RefusedTasks []string
}

func merge(t *testing.T, dir string, shards ...string) (int, mergeReport, string) {
	t.Helper()
	code, out, stderr := run(t, dir, append([]string{"connector", "merge", "--format", "json"}, shards...)...)
	var rep mergeReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Version != 1 {
		t.Fatalf("merge output: %v\n%s%s", err, out, stderr)
	}
	return code, rep, out
}

// mailboxOf is the directory of a dispatched task's request, with its '/'.
func mailboxOf(d dispatched) string { return path.Dir(d.Request) + "/" }

// shardResult writes, in shard, what a poll of d leaves: its claim, its
// artifact (content body) and its result listing it.
func shardResult(t *testing.T, shard string, d dispatched, artifact, body string) {
	t.Helper()
	writeFile(t, shard, artifact, body)
	writeFile(t, shard, mailboxOf(d)+d.TaskID+".result.json", resultFor(d, "researcher", artifact))
}

func exists(dir, rel string) bool {
	_, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil
}

func paths(files []struct {
	Path, Shard, Reason string
	TaskIDs             []string
}) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Path)
	}
	return out
}

func TestConnectorMergeCopiesTaskFilesAndRefusesTheRest(t *testing.T) {
	dir := newRepo(t)
	a := dispatch(t, dir, researchArgs...)
	linked := dispatch(t, dir, append(slices.Clone(researchArgs[:6]), "--deliverable-root", "reports/linked/",
		"--binding", "research-agent", "--member", "Consumer Research Agent", "--squad-root", ".copilot-tracking/squad/")...)
	good, bad := t.TempDir(), t.TempDir()
	box := mailboxOf(a)
	claim := box + a.TaskID + ".claim.json"
	artifact := "reports/research/" + a.TaskID + "-note.md"
	writeFile(t, good, claim, `{"pid":1,"host":"h","time":"2026-01-01T00:00:00Z","attempt":1,"outcome":"exited"}`+"\n")
	shardResult(t, good, a, artifact, "# Note\n")

	refused := map[string]string{
		"elsewhere/x.md": "outside every pending task's deliverable roots",
		box + ".squad-connector/" + a.TaskID + ".state.json": "only resume and merge write it",
		box + a.TaskID + ".snapshot.json":                    "a snapshot",
		box + "t-made-up.request.json":                       "a request",
		"reports/linked/" + linked.TaskID + "-note.md":       "a symlink",
		mailboxOf(linked) + linked.TaskID + ".result.json":   "a symlink",
		"../escape.md": "",
	}
	for rel := range refused {
		if rel == "../escape.md" || strings.HasPrefix(rel, "reports/linked/") {
			continue
		}
		writeFile(t, bad, rel, "{}\n")
	}
	writeFile(t, bad, "target.md", "x\n")
	delete(refused, "../escape.md")
	refused["target.md"] = "outside every pending task's deliverable roots"
	if err := os.MkdirAll(filepath.Join(bad, "reports", "linked"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(bad, "target.md"), filepath.Join(bad, "reports", "linked", linked.TaskID+"-note.md")); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	// The linked task's result lists the link: the task is refused whole,
	// its result with it.
	writeFile(t, bad, mailboxOf(linked)+linked.TaskID+".result.json", resultFor(linked, "researcher", "reports/linked/"+linked.TaskID+"-note.md"))

	code, rep, out := merge(t, dir, good, bad)
	if code != exitFindings {
		t.Fatalf("exit %d, want %d\n%s", code, exitFindings, out)
	}
	want := []string{claim, box + a.TaskID + ".result.json", artifact}
	slices.Sort(want)
	if got := paths(rep.Copied); !reflect.DeepEqual(got, want) {
		t.Errorf("copied %v, want %v", got, want)
	}
	for _, f := range rep.Refused {
		if w, ok := refused[f.Path]; !ok || !strings.Contains(f.Reason, w) {
			t.Errorf("refused %s: %q, want a reason with %q", f.Path, f.Reason, w)
		}
		delete(refused, f.Path)
		if exists(dir, f.Path) && !strings.Contains(f.Path, ".squad-connector/") && !strings.HasSuffix(f.Path, ".snapshot.json") {
			t.Errorf("refused %s was written", f.Path)
		}
	}
	if len(refused) > 0 {
		t.Errorf("not refused: %v", refused)
	}
	if !reflect.DeepEqual(rep.RefusedTasks, []string{linked.TaskID}) {
		t.Errorf("refused tasks %v, want the symlink's owner %s", rep.RefusedTasks, linked.TaskID)
	}
	info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(artifact)))
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("copied artifact: %v %v, want mode 0644", info, err)
	}

	// Again: everything is there with the same content, a no-op.
	if code, rep, out := merge(t, dir, good); code != exitOK || len(rep.Copied) != 0 || len(rep.Unchanged) != 3 {
		t.Errorf("second merge: exit %d\n%s", code, out)
	}
	// A path the checkout holds with different content refuses its task whole.
	b := dispatch(t, dir, researchArgs...)
	other := t.TempDir()
	theirs := "reports/research/" + b.TaskID + "-note.md"
	writeFile(t, dir, theirs, "mine\n")
	shardResult(t, other, b, theirs, "theirs\n")
	code, rep, out = merge(t, dir, other)
	if code != exitFindings || !reflect.DeepEqual(rep.RefusedTasks, []string{b.TaskID}) || len(rep.Copied) != 0 ||
		exists(dir, mailboxOf(b)+b.TaskID+".result.json") || !strings.Contains(out, "different content") {
		t.Errorf("checkout conflict: exit %d\n%s", code, out)
	}
}

// Two shards writing the same artifact path with different content: both
// tasks are refused whole, the others are copied, and the resume that
// follows completes only the others.
func TestConnectorMergeConflictKeepsBothTasksPending(t *testing.T) {
	dir := newRepo(t)
	a, b, c := dispatch(t, dir, researchArgs...), dispatch(t, dir, researchArgs...), dispatch(t, dir, researchArgs...)
	one, two := t.TempDir(), t.TempDir()
	shared := "reports/research/shared-note.md"
	shardResult(t, one, a, shared, "# From shard one\n")
	shardResult(t, one, c, "reports/research/"+c.TaskID+"-note.md", "# C\n")
	shardResult(t, two, b, shared, "# From shard two\n")

	code, out, _ := run(t, dir, "connector", "merge", one, two)
	if code != exitFindings {
		t.Fatalf("exit %d, want %d\n%s", code, exitFindings, out)
	}
	if !strings.Contains(out, a.TaskID) || !strings.Contains(out, b.TaskID) || !strings.Contains(out, "copied reports/research/"+c.TaskID) {
		t.Errorf("text output does not name both tasks and c's copy:\n%s", out)
	}
	for _, rel := range []string{shared, mailboxOf(a) + a.TaskID + ".result.json", mailboxOf(b) + b.TaskID + ".result.json"} {
		if exists(dir, rel) {
			t.Errorf("%s was copied", rel)
		}
	}
	if code, out, stderr := run(t, dir, "resume"); code != exitOK {
		t.Fatalf("resume: exit %d\n%s%s", code, out, stderr)
	}
	byID := map[string]decision{}
	for _, d := range status(t, dir, "--all") {
		byID[d.TaskID] = d
	}
	if byID[c.TaskID].Current != "completed" {
		t.Errorf("c after resume: %+v", byID[c.TaskID])
	}
	for _, d := range []dispatched{a, b} {
		if got := byID[d.TaskID]; got.Current == "completed" || got.Current != "awaiting" {
			t.Errorf("%s after resume: %+v, want still awaiting", d.TaskID, got)
		}
	}
}

func TestConnectorMergeJSONShape(t *testing.T) {
	dir := newRepo(t)
	a := dispatch(t, dir, researchArgs...)
	shard := t.TempDir()
	shardResult(t, shard, a, "reports/research/"+a.TaskID+"-note.md", "# Note\n")
	writeFile(t, shard, "stray.md", "x\n")
	_, _, out := merge(t, dir, shard)
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range doc {
			if !yield(k) {
				return
			}
		}
	})
	if !reflect.DeepEqual(keys, []string{"copied", "refused", "refusedTasks", "rolledBack", "skipped", "unchanged", "version"}) {
		t.Errorf("keys %v", keys)
	}
	first := doc["copied"].([]any)[0].(map[string]any)
	if first["shard"] != shard || first["taskIds"].([]any)[0] != a.TaskID || first["path"] == nil {
		t.Errorf("copied[0] = %v", first)
	}
	if r := doc["refused"].([]any)[0].(map[string]any); r["path"] != "stray.md" || r["reason"] == "" {
		t.Errorf("refused[0] = %v", r)
	}
}
