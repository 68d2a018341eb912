package connector

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

// mergeRepo is a checkout with n pending research tasks (deliverable root
// reports/research/).
func mergeRepo(t *testing.T, n int) (string, []*Manifest, []*Dispatched) {
	t.Helper()
	root, ms := resumeRepo(t)
	var ds []*Dispatched
	for range n {
		ds = append(ds, dispatchAt(t, root, ms, time.Now(), 60, 2))
	}
	return root, ms, ds
}

// shardWith writes into a new shard directory what a poll of d leaves:
// its claim, the artifacts (path → content) and a completed result
// listing them.
func shardWith(t *testing.T, shard string, d *Dispatched, artifacts map[string]string) {
	t.Helper()
	res := ResultFile{SchemaVersion: "1.1", ConnectorID: "acme-research-agent", TaskID: d.TaskID, Role: "researcher",
		BindingID: "research-agent", Status: "completed", Narrative: "Read the calculator and wrote a cited note.",
		Artifacts: []ArtifactEntry{}, CompletedAt: FormatTimestamp(time.Now())}
	for _, p := range sortedKeys(artifacts) {
		writeRel(t, shard, p, artifacts[p])
		res.Artifacts = append(res.Artifacts, ArtifactEntry{Path: p})
	}
	writeRel(t, shard, claimPathOf(d), `{"pid":1,"host":"h","time":"2026-01-01T00:00:00Z","attempt":1,"outcome":"exited"}`+"\n")
	writeRel(t, shard, resultPathOf(d), string(encodeJSON(res)))
}

func claimPathOf(d *Dispatched) string { return path.Dir(d.Request) + "/" + d.TaskID + ".claim.json" }

func runMerge(t *testing.T, root string, ms []*Manifest, dirs ...string) *MergeReport {
	t.Helper()
	var shards []MergeShard
	for _, d := range dirs {
		shards = append(shards, MergeShard{Name: filepath.Base(d), Dir: d})
	}
	rep, err := Merge(context.Background(), root, ms, shards, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func relExists(root, rel string) bool {
	_, err := os.Lstat(filepath.Join(root, filepath.FromSlash(rel)))
	return err == nil
}

// leftovers lists temporary files and merge journals anywhere under root.
func leftovers(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && (strings.Contains(d.Name(), ".tmp-") || strings.HasSuffix(d.Name(), ".merge.json")) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// A file in one shard where another shard needs a directory refuses both
// tasks whole; the resume after keeps both pending with their reports
// still to come.
func TestMergeFileDirectoryConflictRefusesBothWhole(t *testing.T) {
	root, ms, ds := mergeRepo(t, 2)
	a, b := ds[0], ds[1]
	one, two := t.TempDir(), t.TempDir()
	shardWith(t, one, a, map[string]string{"reports/research/x": "a file\n"})
	shardWith(t, two, b, map[string]string{"reports/research/x/y.md": "# under x\n"})
	rep := runMerge(t, root, ms, one, two)
	if !slices.Equal(rep.RefusedTasks, []string{a.TaskID, b.TaskID}) && !slices.Equal(rep.RefusedTasks, sortedIDs(a, b)) {
		t.Fatalf("refused tasks %v, want both", rep.RefusedTasks)
	}
	if len(rep.Copied) != 0 {
		t.Errorf("copied %v", rep.Copied)
	}
	for _, f := range rep.Refused {
		if !strings.Contains(f.Reason, "needs a directory") || strings.Contains(f.Reason, "symlink") {
			t.Errorf("refused %s: %q", f.Path, f.Reason)
		}
	}
	for _, rel := range []string{"reports/research/x", resultPathOf(a), resultPathOf(b), claimPathOf(a)} {
		if relExists(root, rel) {
			t.Errorf("%s was written", rel)
		}
	}
	out := resumeAt(t, root, ms, time.Now())
	for _, d := range ds {
		if o := out[d.TaskID]; o.Status != "awaiting" {
			t.Errorf("%s after resume: %s (%s)", d.TaskID, o.Status, o.Reason)
		}
	}
}

func sortedIDs(ds ...*Dispatched) []string {
	var ids []string
	for _, d := range ds {
		ids = append(ids, d.TaskID)
	}
	slices.Sort(ids)
	return ids
}

// Any write error (a full disk, a read-only folder) undoes the task's
// files: none stays, no temporary file or journal, and the next merge
// copies it whole.
func TestMergeWriteErrorRollsBackTheTask(t *testing.T) {
	for _, step := range []string{"journal", "mkdir", "write", "fill", "sync", "done"} {
		t.Run(step, func(t *testing.T) {
			root, ms, ds := mergeRepo(t, 1)
			d := ds[0]
			shard := t.TempDir()
			arts := map[string]string{"reports/research/deep/a.md": "# A\n", "reports/research/b.md": strings.Repeat("b", 9000)}
			shardWith(t, shard, d, arts)
			n := 0
			mergeFault = func(s, p string) error {
				if s == step {
					n++
					if n == 2 || s == "journal" || s == "sync" || s == "done" || s == "mkdir" {
						return syscall.ENOSPC
					}
				}
				return nil
			}
			rep := runMerge(t, root, ms, shard)
			mergeFault = nil
			if !slices.Equal(rep.RefusedTasks, []string{d.TaskID}) || len(rep.Copied) != 0 {
				t.Fatalf("refused %v copied %v", rep.RefusedTasks, rep.Copied)
			}
			if !strings.Contains(rep.Refused[0].Reason, "none of them were kept") {
				t.Errorf("reason %q", rep.Refused[0].Reason)
			}
			for _, rel := range []string{"reports/research/deep/a.md", "reports/research/deep", "reports/research/b.md", claimPathOf(d), resultPathOf(d)} {
				if relExists(root, rel) {
					t.Errorf("%s stayed", rel)
				}
			}
			if l := leftovers(t, root); len(l) > 0 {
				t.Errorf("left behind: %v", l)
			}
			rep = runMerge(t, root, ms, shard)
			if len(rep.Copied) != 4 || len(rep.RefusedTasks) != 0 {
				t.Errorf("second merge: copied %v refused %v", rep.Copied, rep.Refused)
			}
		})
	}
}

func TestMergeReadOnlyTargetRollsBack(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	shard := t.TempDir()
	shardWith(t, shard, d, map[string]string{"reports/research/a.md": "# A\n"})
	ro := filepath.Join(root, "reports", "research")
	if err := os.MkdirAll(ro, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(ro, 0o555)
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	rep := runMerge(t, root, ms, shard)
	if len(rep.Copied) != 0 || !slices.Equal(rep.RefusedTasks, []string{d.TaskID}) {
		t.Fatalf("copied %v refused %v", rep.Copied, rep.Refused)
	}
	if relExists(root, claimPathOf(d)) || relExists(root, resultPathOf(d)) || len(leftovers(t, root)) > 0 {
		t.Errorf("claim, result or temporary files stayed: %v", leftovers(t, root))
	}
}

// Merge copies only what a result lists: an unlisted file, even over the
// 4 MiB file cap, is skipped and does not refuse the task; what the result
// lists is held to the exchange's caps.
func TestMergeCopiesOnlyListedArtifacts(t *testing.T) {
	root, ms, ds := mergeRepo(t, 2)
	a, b := ds[0], ds[1]
	shard := t.TempDir()
	shardWith(t, shard, a, map[string]string{"reports/research/a.md": "# A\n"})
	writeRel(t, shard, "reports/research/huge.bin", strings.Repeat("x", 5<<20))
	shardWith(t, shard, b, map[string]string{"reports/research/b.md": strings.Repeat("b", maxArtifactBytes+1)})
	rep := runMerge(t, root, ms, shard)
	if !relExists(root, "reports/research/a.md") || !relExists(root, resultPathOf(a)) {
		t.Errorf("a was not copied: %+v", rep)
	}
	if relExists(root, "reports/research/huge.bin") {
		t.Error("the unlisted file was copied")
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Path != "reports/research/huge.bin" || !strings.Contains(rep.Skipped[0].Reason, "does not list it") {
		t.Errorf("skipped %+v", rep.Skipped)
	}
	if !slices.Equal(rep.RefusedTasks, []string{b.TaskID}) || relExists(root, resultPathOf(b)) {
		t.Errorf("refused tasks %v, want b for its oversized artifact", rep.RefusedTasks)
	}
	for _, f := range rep.Refused {
		if !strings.Contains(f.Reason, "1 MiB") {
			t.Errorf("refused %s: %q", f.Path, f.Reason)
		}
	}
}

func TestMergeCapsArtifactCount(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	shard := t.TempDir()
	arts := map[string]string{}
	for i := range maxArtifacts + 1 {
		arts["reports/research/"+strings.Repeat("n", i+1)+".md"] = "x\n"
	}
	shardWith(t, shard, ds[0], arts)
	rep := runMerge(t, root, ms, shard)
	if len(rep.Copied) != 0 || len(rep.RefusedTasks) != 1 || !strings.Contains(rep.Refused[0].Reason, "more than 20 artifacts") {
		t.Errorf("copied %d, refused %+v", len(rep.Copied), rep.Refused)
	}
}

func TestCheckShardDirRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	os.Mkdir(real, 0o755)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	for _, arg := range []string{link, link + "/", link + "//"} {
		if err := CheckShardDir(arg); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("%s: %v", arg, err)
		}
	}
	for _, arg := range []string{real, real + "/"} {
		if err := CheckShardDir(arg); err != nil {
			t.Errorf("%s: %v", arg, err)
		}
	}
	os.WriteFile(filepath.Join(dir, "f"), nil, 0o644)
	if err := CheckShardDir(filepath.Join(dir, "f") + "/"); err == nil {
		t.Error("a file passed")
	}
}

// A task in an artifact named for a shard it does not hash to is refused.
func TestMergeRefusesTaskOfAnotherShard(t *testing.T) {
	root, ms, ds := mergeRepo(t, 6)
	var in1, in2 *Dispatched
	for _, d := range ds {
		switch ShardOf(d.TaskID, 2) {
		case 1:
			in1 = d
		case 2:
			in2 = d
		}
	}
	if in1 == nil || in2 == nil {
		t.Skip("no task of each shard")
	}
	shard := filepath.Join(t.TempDir(), "connector-shard-1-of-2")
	shardWith(t, shard, in1, map[string]string{"reports/research/one.md": "1\n"})
	shardWith(t, shard, in2, map[string]string{"reports/research/two.md": "2\n"})
	rep := runMerge(t, root, ms, shard)
	if !slices.Equal(rep.RefusedTasks, []string{in2.TaskID}) || !relExists(root, resultPathOf(in1)) {
		t.Fatalf("refused %v", rep.RefusedTasks)
	}
	if !strings.Contains(rep.Refused[0].Reason, "belongs to shard 2/2") {
		t.Errorf("reason %q", rep.Refused[0].Reason)
	}
}

// A task whose lock another live process holds is not written (a resume
// might be judging it); the merge says to run again.
func TestMergeWaitsForTheTaskLock(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	shard := t.TempDir()
	shardWith(t, shard, d, map[string]string{"reports/research/a.md": "# A\n"})
	rel := lockPath(path.Dir(d.Request)+"/", d.TaskID)
	held, _, err := acquireLock(filepath.Join(root, rel), rel, d.TaskID, LockPolicy{Timeout: time.Hour}.self(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	rep := runMerge(t, root, ms, shard)
	held.release()
	if len(rep.Copied) != 0 || !strings.Contains(rep.Refused[0].Reason, "run merge again") {
		t.Errorf("copied %v refused %+v", rep.Copied, rep.Refused)
	}
	if relExists(root, "reports/research/a.md") {
		t.Error("written under another's lock")
	}
}

// errors.Is keeps the injected errno visible in the refusal.
var _ = errors.Is

// A task whose deliverable root reaches a protected folder (here the
// adapter command's scripts/) is refused whole: merge never writes there.
func TestMergeRefusesProtectedRoot(t *testing.T) {
	root, ms := resumeRepo(t)
	d, err := Dispatch(context.Background(), root, ms, nil, DispatchOptions{
		ConnectorID: "acme-research-agent", Role: "researcher", Task: "Research invoice rounding.",
		DeliverableRoot: "scripts/", BindingID: "research-agent", MemberName: "Consumer Research Agent",
		SquadRoot: ".copilot-tracking/squad/", DeadlineMinutes: 60, RetryCap: 2, Now: time.Now(),
	})
	if err != nil {
		t.Fatal(err)
	}
	shard := t.TempDir()
	shardWith(t, shard, d, map[string]string{"scripts/run.sh": "#!/bin/sh\ncurl evil\n"})
	p := NewProtected(".squadci.yml", map[string][]string{"acme-research-agent": {"sh", "scripts/acme-adapter"}})
	rep, err := Merge(context.Background(), root, ms, []MergeShard{{Name: "s", Dir: shard}}, MergeOptions{Protected: p})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Copied) != 0 || !slices.Equal(rep.RefusedTasks, []string{d.TaskID}) || relExists(root, "scripts/run.sh") {
		t.Fatalf("copied %v refused %v", rep.Copied, rep.RefusedTasks)
	}
	if !strings.Contains(rep.Refused[0].Reason, "CN218") {
		t.Errorf("reason %q", rep.Refused[0].Reason)
	}
	// Without the adapter's folder protected, the same task merges.
	if rep := runMerge(t, root, ms, shard); len(rep.Copied) != 3 {
		t.Errorf("unprotected: copied %v refused %v", rep.Copied, rep.Refused)
	}
}

// A path with a control character is never merged: in a shard it is
// refused, and the task whose result lists it is refused whole.
func TestMergeRefusesControlCharacters(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	shard := t.TempDir()
	shardWith(t, shard, ds[0], map[string]string{"reports/research/report\n/proc/self/environ": "x\n"})
	rep := runMerge(t, root, ms, shard)
	if len(rep.Copied) != 0 || len(rep.RefusedTasks) != 1 {
		t.Fatalf("copied %v refused %+v", rep.Copied, rep.Refused)
	}
	found := false
	for _, f := range rep.Refused {
		if strings.Contains(f.Reason, "control character") {
			found = true
		}
	}
	if !found {
		t.Errorf("no refusal names the control character: %+v", rep.Refused)
	}
	if relExists(root, "reports/research/report\n") {
		t.Error("the hostile folder was created")
	}
}

func TestCheckSafePathRefusesControlCharacters(t *testing.T) {
	for _, p := range []string{"a/b\nc", "a\tb.md", "x\x1b[31m.md", "a\u2028b", "a\x7fb", "a\u0085b"} {
		if _, ok := CheckSafePath(p, false); ok {
			t.Errorf("%q passed", p)
		}
	}
	if _, ok := CheckSafePath("reports/résumé é.md", false); !ok {
		t.Error("a printable non-ASCII name was refused")
	}
}
