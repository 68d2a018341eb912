package connector

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// splitShards writes one shard with d's claim, result and every artifact,
// copies it whole into a second shard, then removes from each shard the
// artifacts the other keeps: both shards bring the same claim and result
// (same bytes, so no conflict) and one artifact each.
func splitShards(t *testing.T, d *Dispatched, inOne, inTwo map[string]string) (string, string) {
	t.Helper()
	one, two := filepath.Join(t.TempDir(), "one"), filepath.Join(t.TempDir(), "two")
	all := map[string]string{}
	for p, c := range inOne {
		all[p] = c
	}
	for p, c := range inTwo {
		all[p] = c
	}
	shardWith(t, one, d, all)
	for _, rel := range []string{claimPathOf(d), resultPathOf(d)} {
		data, err := os.ReadFile(filepath.Join(one, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		writeRel(t, two, rel, string(data))
	}
	for p, c := range inTwo {
		writeRel(t, two, p, c)
		if _, kept := inOne[p]; !kept {
			if err := os.Remove(filepath.Join(one, filepath.FromSlash(p))); err != nil {
				t.Fatal(err)
			}
		}
	}
	return one, two
}

// A merge's report lists its files sorted by path, whatever order they
// were written in (artifacts before the claim and result, whose mailbox
// path sorts first here); RolledBack is an empty list, not null, when
// nothing was rolled back.
func TestKillB1MergeReportIsSortedByPath(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	shard := t.TempDir()
	shardWith(t, shard, d, map[string]string{"reports/research/a.md": "# A\n", "reports/research/b.md": "# B\n"})
	rep := runMerge(t, root, ms, shard)
	var got []string
	for _, f := range rep.Copied {
		got = append(got, f.Path)
	}
	want := []string{claimPathOf(d), resultPathOf(d), "reports/research/a.md", "reports/research/b.md"}
	slices.Sort(want)
	if want[0] == "reports/research/a.md" {
		t.Fatalf("fixture: the mailbox %s no longer sorts before reports/, the test proves nothing", path0(d))
	}
	if !slices.Equal(got, want) {
		t.Errorf("copied %v, want sorted %v", got, want)
	}
	if rep.RolledBack == nil || len(rep.RolledBack) != 0 {
		t.Errorf("rolledBack %#v, want an empty list", rep.RolledBack)
	}
	if data := string(encodeJSON(rep)); !strings.Contains(data, `"rolledBack": []`) {
		t.Errorf("report JSON has no empty rolledBack list:\n%s", data)
	}
}

// An interrupted merge that the next merge rolls back is in its report.
func TestKillB1MergeReportsTheRollBack(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	half, _ := interruptedMerge(t, root, d)
	rep := runMerge(t, root, ms)
	if len(rep.RolledBack) != 1 || rep.RolledBack[0].TaskID != d.TaskID || rep.RolledBack[0].Action != MergeRolledBack {
		t.Fatalf("rolledBack %+v, want the interrupted merge of %s", rep.RolledBack, d.TaskID)
	}
	if relExists(root, half) {
		t.Error("the half-merged file stayed")
	}
}

// A task two shards bring (the same claim and result, one artifact each)
// is written artifacts first, in path order, then its claim, then its
// result: a reader that sees the result sees everything it lists.
func TestKillB1MergeWritesArtifactsBeforeClaimAndResult(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	one, two := splitShards(t, d, map[string]string{"reports/research/a.md": "# A\n"}, map[string]string{"reports/research/b.md": "# B\n"})
	var order []string
	mergeFault = func(step, p string) error {
		if step == "write" {
			order = append(order, p)
		}
		return nil
	}
	t.Cleanup(func() { mergeFault = nil })
	rep := runMerge(t, root, ms, one, two)
	mergeFault = nil
	if len(rep.Copied) != 4 || len(rep.RefusedTasks) != 0 {
		t.Fatalf("copied %v refused %+v", rep.Copied, rep.Refused)
	}
	want := []string{"reports/research/a.md", "reports/research/b.md", claimPathOf(d), resultPathOf(d)}
	if !slices.Equal(order, want) {
		t.Errorf("write order %v, want %v", order, want)
	}
}

// A refused task's reason names the shard only when several shards
// brought it.
func TestKillB1RefusalNamesTheShardOnlyAmongSeveral(t *testing.T) {
	big := strings.Repeat("b", maxArtifactBytes+1)
	t.Run("one shard", func(t *testing.T) {
		root, ms, ds := mergeRepo(t, 1)
		shard := t.TempDir()
		shardWith(t, shard, ds[0], map[string]string{"reports/research/b.md": big})
		rep := runMerge(t, root, ms, shard)
		if len(rep.Refused) == 0 || !slices.Equal(rep.RefusedTasks, []string{ds[0].TaskID}) {
			t.Fatalf("refused %+v", rep.Refused)
		}
		for _, f := range rep.Refused {
			if !strings.Contains(f.Reason, "1 MiB") || strings.Contains(f.Reason, "(in shard") {
				t.Errorf("refused %s: %q", f.Path, f.Reason)
			}
		}
	})
	t.Run("two shards", func(t *testing.T) {
		root, ms, ds := mergeRepo(t, 1)
		d := ds[0]
		one, two := splitShards(t, d, map[string]string{"reports/research/a.md": "# A\n"}, map[string]string{"reports/research/b.md": big})
		rep := runMerge(t, root, ms, one, two)
		if len(rep.Copied) != 0 || !slices.Equal(rep.RefusedTasks, []string{d.TaskID}) {
			t.Fatalf("copied %v refused %+v", rep.Copied, rep.Refused)
		}
		for _, f := range rep.Refused {
			if !strings.HasSuffix(f.Reason, " (in shard one)") {
				t.Errorf("refused %s: %q", f.Path, f.Reason)
			}
		}
	})
}

// A task whose lock a live process holds is refused with what the lock
// check found (here: the holder's pid runs).
func TestKillB1LockRefusalSaysWhy(t *testing.T) {
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
	if len(rep.Copied) != 0 || len(rep.Refused) == 0 {
		t.Fatalf("copied %v refused %+v", rep.Copied, rep.Refused)
	}
	want := "its lock " + rel + " is held by another process (pid " + strconv.Itoa(os.Getpid()) + " is running); run merge again"
	for _, f := range rep.Refused {
		if !strings.Contains(f.Reason, want) {
			t.Errorf("refused %s: %q, want it to contain %q", f.Path, f.Reason, want)
		}
	}
}

// recordWriter records what reaches it, one entry per Write.
type recordWriter struct{ writes []string }

func (r *recordWriter) Write(p []byte) (int, error) {
	r.writes = append(r.writes, string(p))
	return len(p), nil
}

// The "fill" fault fires when a write would carry the file past byte at,
// after exactly at bytes: a write that ends at byte at does not fire it,
// the next write fires it before any of its bytes.
func TestKillB1FillFaultFiresPastByteAt(t *testing.T) {
	rec := &recordWriter{}
	fw := &faultWriter{w: rec, at: 4, path: "p"}
	injected := errors.New("injected")
	var sawBytes []int
	mergeFault = func(step, p string) error {
		if step != "fill" || p != "p" {
			t.Errorf("fault %s %s", step, p)
		}
		n := 0
		for _, w := range rec.writes {
			n += len(w)
		}
		sawBytes = append(sawBytes, n)
		return injected
	}
	t.Cleanup(func() { mergeFault = nil })
	if n, err := fw.Write([]byte("abcd")); n != 4 || err != nil {
		t.Fatalf("first write, ending at byte at: %d, %v; want 4, nil (no fault yet)", n, err)
	}
	if len(sawBytes) != 0 {
		t.Fatalf("the fault fired on the write ending at byte at")
	}
	if n, err := fw.Write([]byte("efgh")); n != 0 || !errors.Is(err, injected) {
		t.Fatalf("second write: %d, %v; want 0, the fault's error", n, err)
	}
	if !slices.Equal(sawBytes, []int{4}) {
		t.Errorf("the fault saw %v bytes written, want once at 4", sawBytes)
	}
	// A write that crosses byte at is split there.
	rec2 := &recordWriter{}
	fw2 := &faultWriter{w: rec2, at: 3, path: "p"}
	mergeFault = func(string, string) error { return nil }
	if n, err := fw2.Write([]byte("abcdef")); n != 6 || err != nil {
		t.Fatalf("crossing write: %d, %v", n, err)
	}
	if !slices.Equal(rec2.writes, []string{"abc", "def"}) {
		t.Errorf("writes %q, want split at byte 3", rec2.writes)
	}
}

// growWriter appends to the file at path on its first Write, so the file
// grows while copyShardFile reads it.
type growWriter struct {
	path  string
	grown bool
}

func (g *growWriter) Write(p []byte) (int, error) {
	if !g.grown {
		g.grown = true
		f, err := os.OpenFile(g.path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		if _, err := f.Write([]byte("more")); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// failLastWriter takes every byte but fails the write that reaches size.
type failLastWriter struct {
	n, size int64
	err     error
}

func (w *failLastWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	if w.n >= w.size {
		return len(p), w.err
	}
	return len(p), nil
}

// copyShardFile refuses a file that grows after its size was checked
// (more bytes than that size come through), and passes on a write error
// even when the writer took every byte.
func TestKillB1CopyShardFileChangedOrFailed(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	const size = 100 << 10 // several reads of io.Copy's buffer
	if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	g := &growWriter{path: p}
	if err := copyShardFile(p, size, g); !errors.Is(err, errChanged) {
		t.Errorf("a file grown while read: %v, want errChanged", err)
	}
	if !g.grown {
		t.Fatal("the file was never grown")
	}
	if err := os.WriteFile(p, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := &failLastWriter{size: 10, err: syscall.ENOSPC}
	if err := copyShardFile(p, 10, w); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("a failed last write: %v, want ENOSPC", err)
	}
	if err := copyShardFile(p, 10, &recordWriter{}); err != nil {
		t.Errorf("a plain copy: %v", err)
	}
}

// failWriter fails every Write, as a closed file does, and counts them.
type failWriter struct{ calls int }

func (w *failWriter) Write([]byte) (int, error) {
	w.calls++
	return 0, os.ErrClosed
}

// At byte at the "fill" fault runs before the writer is asked for
// anything more: with at 0 (a file of one byte), or right after a write
// that ended at byte at, the fault's error is what the write returns,
// even over a writer that would fail.
func TestKillB1FillFaultRunsBeforeTheWriterAtByteAt(t *testing.T) {
	injected := errors.New("injected")
	fired := 0
	mergeFault = func(step, _ string) error {
		if step == "fill" {
			fired++
		}
		return injected
	}
	t.Cleanup(func() { mergeFault = nil })
	w := &failWriter{}
	fw := &faultWriter{w: w, at: 0, path: "p"}
	if n, err := fw.Write([]byte("x")); n != 0 || !errors.Is(err, injected) {
		t.Errorf("write at byte 0: %d, %v; want 0, the fault's error", n, err)
	}
	if fired != 1 || w.calls != 0 {
		t.Errorf("fault fired %d times, writer called %d times; want 1 and 0", fired, w.calls)
	}
}
