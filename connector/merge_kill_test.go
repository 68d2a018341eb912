package connector

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/squadci/squadci/lint/diag"
)

// TestMergeKillHelper is the merge a parent test kills: it runs only in
// the child process, and SIGKILLs itself at the Nth commit step.
func TestMergeKillHelper(t *testing.T) {
	at, err := strconv.Atoi(os.Getenv("SQUADCI_MERGE_KILL_AT"))
	if err != nil {
		t.Skip("the child of TestMergeKilledAnywhereLeavesTaskAbsentOrWhole")
	}
	root, shard := os.Getenv("SQUADCI_MERGE_ROOT"), os.Getenv("SQUADCI_MERGE_SHARD")
	ms, _, _, err := LoadManifests(context.Background(), DirFS(root))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	mergeFault = func(string, string) error {
		if n++; n == at {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			time.Sleep(time.Minute)
		}
		return nil
	}
	if _, err := Merge(context.Background(), root, ms, []MergeShard{{Name: "s", Dir: shard}}, MergeOptions{}); err != nil {
		t.Fatal(err)
	}
}

// A merge SIGKILLed at any step — every step once, then at random steps —
// leaves each task absent or whole once the next resume (or merge) has
// run: no half task, no temporary file, no journal. Until then lint
// reports the interrupted merge (CN520).
func TestMergeKilledAnywhereLeavesTaskAbsentOrWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a child process per kill point")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	arts := map[string]string{"reports/research/deep/a.md": "# A\n", "reports/research/b.md": string(make([]byte, 70000))}
	setup := func(t *testing.T) (string, []*Manifest, *Dispatched, string) {
		root, ms, ds := mergeRepo(t, 1)
		shard := t.TempDir()
		shardWith(t, shard, ds[0], arts)
		return root, ms, ds[0], shard
	}
	// Count the steps of one merge.
	steps := 0
	{
		root, ms, _, shard := setup(t)
		mergeFault = func(string, string) error { steps++; return nil }
		runMerge(t, root, ms, shard)
		mergeFault = nil
	}
	if steps < 8 {
		t.Fatalf("only %d fault points", steps)
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("%d steps; random kill points from seed %d", steps, seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	var points []int
	for k := 1; k <= steps; k++ {
		points = append(points, k)
	}
	for range 10 {
		points = append(points, 1+rng.IntN(steps))
	}
	files := []string{"reports/research/deep/a.md", "reports/research/b.md"}
	for i, k := range points {
		t.Run(fmt.Sprintf("%d-step%d", i, k), func(t *testing.T) {
			root, ms, d, shard := setup(t)
			want := append([]string{claimPathOf(d), resultPathOf(d)}, files...)
			cmd := exec.Command(exe, "-test.run=^TestMergeKillHelper$", "-test.count=1")
			cmd.Env = append(os.Environ(), "SQUADCI_MERGE_KILL_AT="+strconv.Itoa(k), "SQUADCI_MERGE_ROOT="+root, "SQUADCI_MERGE_SHARD="+shard)
			out, err := cmd.CombinedOutput()
			if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("child was not killed: %v\n%s", err, out)
			}
			journal := filepath.Join(root, filepath.FromSlash(journalPath(path0(d), d.TaskID)))
			if _, err := os.Lstat(journal); err == nil {
				paths, err := listAll(root)
				if err != nil {
					t.Fatal(err)
				}
				_, ds := GroupExchanges(NewMailboxIndex(ms), paths)
				if !hasRule(ds, "CN520") {
					t.Errorf("journal left and lint does not say so: %v", ds)
				}
			}
			outcome := resumeAt(t, root, ms, time.Now())[d.TaskID]
			present := 0
			for _, rel := range want {
				if relExists(root, rel) {
					present++
				}
			}
			switch {
			case present == 0 && outcome.Status == "awaiting":
			case present == len(want) && outcome.Status == "completed":
			default:
				t.Fatalf("after resume: %d of %d files, status %s (%s)", present, len(want), outcome.Status, outcome.Reason)
			}
			if l := leftovers(t, root); len(l) > 0 {
				t.Errorf("left behind: %v", l)
			}
			if present == 0 {
				rep := runMerge(t, root, ms, shard)
				if len(rep.Copied) != len(want) {
					t.Errorf("merge after the kill copied %v, refused %v", rep.Copied, rep.Refused)
				}
			}
		})
	}
}

func path0(d *Dispatched) string { return filepath.ToSlash(filepath.Dir(d.Request)) + "/" }

func listAll(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	return out, err
}

func hasRule(ds []diag.Diagnostic, id string) bool {
	return slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return d.Rule == id })
}

// A poll that takes a task's lock settles a merge journal left beside it
// before judging the claim: the half-merged file goes, then the adapter runs.
func TestPollSettlesAnInterruptedMerge(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	half, _ := interruptedMerge(t, root, d)
	adapters := map[string]Adapter{"acme-research-agent": {Command: adapterScript(t, root, "ok"), Timeout: time.Minute}}
	o := pollOnce(t, root, ms, adapters)[d.TaskID]
	if o.Action != PollRan {
		t.Fatalf("poll: %+v", o)
	}
	if relExists(root, half) || relExists(root, journalPath(path0(d), d.TaskID)) {
		t.Error("the interrupted merge was not rolled back")
	}
}

// interruptedMerge leaves what a merge killed half-way through d's task
// leaves: one file written (half) and the journal that lists it and the
// result it had yet to write (at journal).
func interruptedMerge(t *testing.T, root string, d *Dispatched) (half, journal string) {
	t.Helper()
	half = "reports/research/half.md"
	writeRel(t, root, half, "# half\n")
	sum, err := hashShardFile(filepath.Join(root, half), int64(len("# half\n")))
	if err != nil {
		t.Fatal(err)
	}
	j := newJournal(&mergeTask{id: d.TaskID, mailbox: path0(d)}, time.Now())
	j.Files = []journalFile{{Path: half, Sha256: sum}, {Path: resultPathOf(d), Sha256: sum}}
	journal = journalPath(path0(d), d.TaskID)
	writeRel(t, root, journal, string(encodeJSON(j)))
	return half, journal
}
