package connector

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// TestMergeRefusesADirectorySwappedForALink: a checkout directory that
// merge planned to write into, replaced by a link to elsewhere just before
// the write (a race plan's check cannot see), is refused: nothing lands
// outside the checkout and the task is rolled back whole.
func TestMergeRefusesADirectorySwappedForALink(t *testing.T) {
	root, ms, ds := mergeRepo(t, 1)
	d := ds[0]
	outside := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "reports", "research"), 0o755); err != nil {
		t.Fatal(err)
	}
	shard := t.TempDir()
	shardWith(t, shard, d, map[string]string{"reports/research/b.md": "# B\n"})
	swapped := false
	mergeFault = func(step, p string) error {
		if step == "write" && p == "reports/research/b.md" && !swapped {
			swapped = true
			dir := filepath.Join(root, "reports", "research")
			if err := os.Rename(dir, dir+"-was"); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, dir); err != nil {
				testtool.Unsupported(t, "symbolic links", err)
			}
		}
		return nil
	}
	t.Cleanup(func() { mergeFault = nil })
	rep := runMerge(t, root, ms, shard)
	if !swapped {
		t.Fatal("the merge never reached the write of reports/research/b.md")
	}
	if es, _ := os.ReadDir(outside); len(es) != 0 {
		t.Errorf("merge wrote outside the checkout, through the link: %v", es)
	}
	if !slices.Equal(rep.RefusedTasks, []string{d.TaskID}) || len(rep.Copied) != 0 {
		t.Errorf("refused %v copied %v", rep.RefusedTasks, rep.Copied)
	}
	for _, rel := range []string{claimPathOf(d), resultPathOf(d)} {
		if relExists(root, rel) {
			t.Errorf("%s stayed after the refused task", rel)
		}
	}
	if l := leftovers(t, root); len(l) > 0 {
		t.Errorf("left behind: %v", l)
	}
}
