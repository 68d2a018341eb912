package connector

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/atomicfile"
)

// b2Result is a completed result of d listing paths, padded with trailing
// blanks (which JSON allows) to size bytes when size is larger.
func b2Result(t *testing.T, d *Dispatched, size int, paths ...string) []byte {
	t.Helper()
	res := ResultFile{SchemaVersion: "1.1", ConnectorID: "acme-research-agent", TaskID: d.TaskID, Role: "researcher",
		BindingID: "research-agent", Status: "completed", Narrative: "Read the calculator and wrote a cited note.",
		Artifacts: []ArtifactEntry{}, CompletedAt: FormatTimestamp(time.Now())}
	for _, p := range paths {
		res.Artifacts = append(res.Artifacts, ArtifactEntry{Path: p})
	}
	data := encodeJSON(res)
	if len(data) < size {
		data = append(data, strings.Repeat(" ", size-len(data))...)
	}
	return data
}

// b2Claim is a claim of exactly size bytes (a JSON object padded with
// trailing blanks).
func b2Claim(size int) string {
	c := `{"pid":1,"host":"h","time":"2026-01-01T00:00:00Z","attempt":1,"outcome":"exited"}`
	return c + strings.Repeat(" ", size-len(c))
}

// b2Merger is a merger over root as Merge sets it up, its pending tasks
// loaded.
func b2Merger(t *testing.T, root string, ms []*Manifest) *merger {
	t.Helper()
	m := &merger{root: root, opts: MergeOptions{Now: time.Now, Lock: LockPolicy{}.self()}, ix: NewMailboxIndex(ms),
		tasks: map[string]*mergeTask{}, report: &MergeReport{Version: 1}, refused: map[string]bool{}}
	if err := m.loadPending(context.Background()); err != nil {
		t.Fatal(err)
	}
	return m
}

// shardOfName reads every shard a name declares, the first and the last
// of a count included, and nothing out of range.
func TestShardOfNameBounds(t *testing.T) {
	for name, want := range map[string]Shard{
		"connector-shard-1-of-1": {Index: 1, Count: 1},
		"connector-shard-1-of-2": {Index: 1, Count: 2},
		"connector-shard-2-of-2": {Index: 2, Count: 2},
		"x/shard-7-of-7":         {Index: 7, Count: 7},
	} {
		if got, ok := shardOfName(name); !ok || got != want {
			t.Errorf("%s: %v %v, want %v", name, got, ok, want)
		}
	}
	for _, name := range []string{"connector-shard-0-of-2", "connector-shard-3-of-2", "connector-shard-1-of-0", "connector-shard-0-of-0", "shards"} {
		if got, ok := shardOfName(name); ok {
			t.Errorf("%s: %v, want none", name, got)
		}
	}
}

// The last shard of a count (shard-2-of-2) is a shard like any other: a
// task it brings that hashes to shard 1 is refused, its own task merges.
func TestMergeRefusesTaskOfAnotherShardInTheLastShard(t *testing.T) {
	root, ms := resumeRepo(t)
	var in1, in2 *Dispatched
	for i := 0; i < 64 && (in1 == nil || in2 == nil); i++ {
		d := dispatchAt(t, root, ms, time.Now(), 60, 2)
		if ShardOf(d.TaskID, 2) == 1 && in1 == nil {
			in1 = d
		} else if ShardOf(d.TaskID, 2) == 2 && in2 == nil {
			in2 = d
		}
	}
	if in1 == nil || in2 == nil {
		t.Fatal("64 dispatches gave no task of each of 2 shards")
	}
	shard := filepath.Join(t.TempDir(), "connector-shard-2-of-2")
	shardWith(t, shard, in1, map[string]string{"reports/research/one.md": "1\n"})
	shardWith(t, shard, in2, map[string]string{"reports/research/two.md": "2\n"})
	rep := runMerge(t, root, ms, shard)
	if !slices.Equal(rep.RefusedTasks, []string{in1.TaskID}) || relExists(root, resultPathOf(in1)) || !relExists(root, resultPathOf(in2)) {
		t.Fatalf("refused %v copied %v", rep.RefusedTasks, rep.Copied)
	}
	if !strings.Contains(rep.Refused[0].Reason, "belongs to shard 1/2") {
		t.Errorf("reason %q", rep.Refused[0].Reason)
	}
}

// A claim of exactly the claim cap merges; one byte more refuses the task.
func TestMergeClaimAtItsCap(t *testing.T) {
	for _, size := range []int{maxClaimSize, maxClaimSize + 1} {
		root, ms, ds := mergeRepo(t, 1)
		d := ds[0]
		shard := t.TempDir()
		writeRel(t, shard, "reports/research/a.md", "# A\n")
		writeRel(t, shard, claimPathOf(d), b2Claim(size))
		writeRel(t, shard, resultPathOf(d), string(b2Result(t, d, 0, "reports/research/a.md")))
		rep := runMerge(t, root, ms, shard)
		if size == maxClaimSize {
			if len(rep.Copied) != 3 || len(rep.RefusedTasks) != 0 {
				t.Errorf("claim of %d bytes: copied %v refused %+v", size, rep.Copied, rep.Refused)
			}
			continue
		}
		if len(rep.Copied) != 0 || !slices.Equal(rep.RefusedTasks, []string{d.TaskID}) || !strings.Contains(rep.Refused[0].Reason, "-byte cap") {
			t.Errorf("claim of %d bytes: copied %v refused %+v", size, rep.Copied, rep.Refused)
		}
	}
}

// A unit refused for another reason (here its oversized claim) still
// takes in the artifacts its result lists, a result of up to the file cap
// included: they are refused with the task, not reported as skipped
// files no result lists.
func TestMergeRefusedUnitHoldsItsListedArtifacts(t *testing.T) {
	for _, size := range []int{0, MaxFileSize} {
		root, ms, ds := mergeRepo(t, 1)
		d := ds[0]
		shard := t.TempDir()
		writeRel(t, shard, "reports/research/a.md", "# A\n")
		writeRel(t, shard, claimPathOf(d), b2Claim(maxClaimSize+1))
		res := b2Result(t, d, size, "reports/research/a.md")
		if size > 0 && len(res) != size {
			t.Fatalf("result of %d bytes, want %d", len(res), size)
		}
		writeRel(t, shard, resultPathOf(d), string(res))
		rep := runMerge(t, root, ms, shard)
		if len(rep.Copied) != 0 || !slices.Equal(rep.RefusedTasks, []string{d.TaskID}) {
			t.Fatalf("result of %d bytes: copied %v refused %v", len(res), rep.Copied, rep.RefusedTasks)
		}
		if len(rep.Skipped) != 0 {
			t.Errorf("result of %d bytes: skipped %+v", len(res), rep.Skipped)
		}
		paths := []string{}
		for _, f := range rep.Refused {
			paths = append(paths, f.Path)
			if !strings.Contains(f.Reason, "-byte cap") {
				t.Errorf("refused %s: %q", f.Path, f.Reason)
			}
		}
		want := []string{claimPathOf(d), resultPathOf(d), "reports/research/a.md"}
		slices.Sort(want)
		if !slices.Equal(paths, want) {
			t.Errorf("result of %d bytes: refused %v, want %v", len(res), paths, want)
		}
	}
}

// A result seen over the file cap is never read, even if it shrank since
// (a shard written to while merge reads it): what it lists stays loose.
func TestClaimListedDoesNotReadAnOversizedResult(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	shard := t.TempDir()
	small := b2Result(t, d, 0, "reports/research/a.md")
	writeRel(t, shard, "reports/research/a.md", "# A\n")
	writeRel(t, shard, claimPathOf(d), b2Claim(100))
	writeRel(t, shard, resultPathOf(d), string(b2Result(t, d, MaxFileSize+1, "reports/research/a.md")))
	m := b2Merger(t, root, ms)
	sh := MergeShard{Name: "s", Dir: shard}
	units := map[*mergeTask]*mergeUnit{}
	loose := map[string]shardEntry{}
	for _, rel := range []string{claimPathOf(d), resultPathOf(d), "reports/research/a.md"} {
		m.place(sh, shardEntry{rel: rel}, units, loose)
	}
	if len(units) != 1 || len(loose) != 1 {
		t.Fatalf("units %v loose %v", units, loose)
	}
	var u *mergeUnit
	for _, u = range units {
	}
	if !strings.Contains(u.refused, "-byte cap") {
		t.Fatalf("unit not refused for its result: %q", u.refused)
	}
	if err := os.Truncate(filepath.Join(shard, filepath.FromSlash(resultPathOf(d))), int64(len(small))); err != nil {
		t.Fatal(err)
	}
	m.claimListed(sh, u, loose, map[string]string{})
	if _, ok := loose["reports/research/a.md"]; !ok || len(u.files) != 2 {
		t.Errorf("the oversized result was read: loose %v, unit files %d", loose, len(u.files))
	}
}

// collect leaves a unit's files in write order (artifacts, claim, result),
// which is the order hashing reads them in: the first file found changed
// in that order is the one the refusal names.
func TestCollectKeepsUnitFilesInWriteOrder(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	shard := t.TempDir()
	shardWith(t, shard, d, map[string]string{"reports/research/b.md": "# B\n", "reports/research/a.md": "# A\n"})
	m := b2Merger(t, root, ms)
	if err := m.collect(MergeShard{Name: "s", Dir: shard}); err != nil {
		t.Fatal(err)
	}
	if len(m.units) != 1 {
		t.Fatalf("units %v", m.units)
	}
	u := m.units[0]
	var got []string
	for _, c := range u.files {
		got = append(got, c.role.String()+" "+c.Path)
	}
	want := []string{"artifact reports/research/a.md", "artifact reports/research/b.md", "claim " + claimPathOf(d), "result " + resultPathOf(d)}
	if !slices.Equal(got, want) {
		t.Errorf("unit files %v, want %v", got, want)
	}
	// The claim and an artifact grow after collect saw them.
	for _, rel := range []string{claimPathOf(d), "reports/research/b.md"} {
		f, err := os.OpenFile(filepath.Join(shard, filepath.FromSlash(rel)), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("more\n")
		f.Close()
	}
	m.hashUnits()
	if !strings.HasPrefix(u.refused, "its artifact reports/research/b.md is unreadable") {
		t.Errorf("refusal %q, want the artifact named", u.refused)
	}
}

// b2Journal writes the journal of an interrupted merge of d.
func b2Journal(t *testing.T, root string, d *Dispatched, files []journalFile, dirs []string) string {
	t.Helper()
	j := newJournal(&mergeTask{id: d.TaskID, mailbox: path0(d)}, time.Now())
	j.Files, j.Dirs = files, dirs
	rel := journalPath(path0(d), d.TaskID)
	writeRel(t, root, rel, string(encodeJSON(j)))
	return rel
}

// A merge that finds an interrupted one rolls it back and reports it: the
// journal, and, repository-relative, every file, temporary file and
// directory it removed.
func TestMergeReportsTheMergeItRolledBack(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	half := "reports/research/half.md"
	writeRel(t, root, half, "# half\n")
	sum, err := hashShardFile(filepath.Join(root, filepath.FromSlash(half)), int64(len("# half\n")))
	if err != nil {
		t.Fatal(err)
	}
	temp := "reports/research/" + atomicfile.TempPrefix("half.md") + "123"
	writeRel(t, root, temp, "# ha")
	if err := os.MkdirAll(filepath.Join(root, "reports", "research", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	jrel := b2Journal(t, root, d, []journalFile{{Path: half, Sha256: sum}, {Path: resultPathOf(d), Sha256: sum}},
		[]string{"reports/research/deep"})
	rep, err := Merge(context.Background(), root, ms, nil, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.RolledBack) != 1 {
		t.Fatalf("rolled back %+v", rep.RolledBack)
	}
	rb := rep.RolledBack[0]
	if rb.TaskID != d.TaskID || rb.Journal != jrel || rb.Action != MergeRolledBack {
		t.Errorf("rolled back %+v", rb)
	}
	want := []string{"reports/research/" + atomicfile.TempPrefix("half.md") + "123", "reports/research/deep/", half}
	slices.Sort(want)
	if !slices.Equal(rb.Removed, want) {
		t.Errorf("removed %q, want %q", rb.Removed, want)
	}
	for _, rel := range append(want, jrel) {
		if relExists(root, rel) {
			t.Errorf("%s stayed", rel)
		}
	}
}

// A journal that cannot be settled (a file it names lies under what is
// now a file, so its temporary files cannot be looked for) fails the merge
// and stays for a person to check.
func TestMergeKeepsAJournalItCannotSettle(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	writeRel(t, root, "reports/research/x", "a file where a directory was\n")
	jrel := b2Journal(t, root, d, []journalFile{{Path: "reports/research/x/a.md", Sha256: strings.Repeat("0", 64)}}, []string{})
	rep, err := Merge(context.Background(), root, ms, nil, MergeOptions{})
	if err == nil || !strings.Contains(err.Error(), "settling the interrupted merge of task "+d.TaskID) {
		t.Errorf("merge: %+v, %v", rep, err)
	}
	if !relExists(root, jrel) {
		t.Error("the journal went")
	}
}
