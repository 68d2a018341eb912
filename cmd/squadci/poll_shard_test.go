//go:build unix

package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/squadci/squadci/connector"
)

// shardRepo is a checkout with n waiting tasks and researchAdapter
// configured for them.
func shardRepo(t *testing.T, n int) (string, []genTask) {
	t.Helper()
	root := t.TempDir()
	tasks := writeTasks(t, root, n, func(int) taskKind { return kindWaiting })
	writeFile(t, root, "adapter.sh", researchAdapter)
	writeFile(t, root, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"sh\", \"adapter.sh\"]\n    timeout: 1m\n")
	return root, tasks
}

// cloneDir copies a checkout, as each runner of a matrix checks out its own.
func cloneDir(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "clone")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// shardPass runs one poll pass with args in root and returns the ids the
// adapter ran for and the --list-created list.
func shardPass(t *testing.T, root string, args ...string) (ran []string, created []string) {
	t.Helper()
	list := filepath.Join(t.TempDir(), "created.txt")
	args = append([]string{"poll", "--format", "json", "--list-created", list}, args...)
	code, stdout, stderr := runEnv(t, root, nil, args...)
	if code != exitOK {
		t.Fatalf("%v: exit %d\n%s\n%s", args, code, stdout, stderr)
	}
	var doc pollDocument
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	for _, task := range doc.Tasks {
		if task.Action == connector.PollRan {
			ran = append(ran, task.TaskID)
		}
	}
	data, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); s != "" {
		created = strings.Split(strings.TrimSuffix(s, "\x00"), "\x00")
	}
	sort.Strings(ran)
	return ran, created
}

// poll --shard I/N runs the adapter for exactly the tasks of its shard,
// leaves the others pending and untouched, and lists exactly the files
// it created; the union over the shards is the unsharded pass.
func TestPollShardPartitionsTasks(t *testing.T) {
	const n, shards = 12, 3
	base, tasks := shardRepo(t, n)
	wantRan, wantCreated := shardPass(t, cloneDir(t, base))
	if len(wantRan) != n {
		t.Fatalf("the unsharded pass ran %d of %d tasks: %v", len(wantRan), n, wantRan)
	}
	var allRan, allCreated []string
	for i := 1; i <= shards; i++ {
		root := cloneDir(t, base)
		before := snapshotTree(t, root)
		ran, created := shardPass(t, root, "--shard", strconv.Itoa(i)+"/"+strconv.Itoa(shards))
		after := snapshotTree(t, root)
		var want []string
		for _, task := range tasks {
			if connector.ShardOf(task.id, shards) == i {
				want = append(want, task.id)
			} else if _, ok := after[taskMailbox+task.id+".claim.json"]; ok {
				t.Errorf("shard %d/%d claimed %s of shard %d", i, shards, task.id, connector.ShardOf(task.id, shards))
			}
		}
		if !slices.Equal(ran, want) {
			t.Errorf("shard %d/%d ran %v; want %v", i, shards, ran, want)
		}
		// The walk compares bytes and modes, the pass sizes and times.
		if walk := createdSince(before, after); !slices.Equal(created, walk) {
			t.Errorf("shard %d/%d --list-created:\n%v\nthe tree walk finds:\n%v", i, shards, created, walk)
		}
		for _, id := range want {
			for _, p := range []string{taskMailbox + id + ".claim.json", taskMailbox + id + ".result.json", "reports/" + id + "/" + id + ".md"} {
				if !slices.Contains(created, p) {
					t.Errorf("shard %d/%d: %s is not listed", i, shards, p)
				}
			}
		}
		allRan = append(allRan, ran...)
		for _, p := range created {
			if p != "adapter-calls.log" || !slices.Contains(allCreated, p) {
				allCreated = append(allCreated, p)
			}
		}
	}
	sort.Strings(allRan)
	sort.Strings(allCreated)
	if !slices.Equal(allRan, wantRan) || !slices.Equal(allCreated, wantCreated) {
		t.Errorf("the shards' union:\nran %v\ncreated %v\nthe unsharded pass:\nran %v\ncreated %v", allRan, allCreated, wantRan, wantCreated)
	}
}

// A pass that creates nothing writes an empty list, replacing an old one.
func TestPollListCreatedEmpty(t *testing.T) {
	root := t.TempDir()
	writeTasks(t, root, 2, func(int) taskKind { return kindWaiting })
	list := filepath.Join(t.TempDir(), "created.txt")
	writeFile(t, filepath.Dir(list), "created.txt", "stale\n")
	if code, stdout, stderr := runEnv(t, root, nil, "poll", "--list-created", list); code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if data, err := os.ReadFile(list); err != nil || len(data) != 0 {
		t.Errorf("list %q, %v; want an empty file", data, err)
	}
}

// The action's input shard polls only its shard, and the job summary lists
// that shard's tasks with their adapter outcomes; a bad or misplaced shard
// input is a usage error.
func TestActionPollShardSummary(t *testing.T) {
	root, tasks := shardRepo(t, 6)
	env, _, summary := actionEnv(t, map[string]string{"mode": "poll", "shard": "2/3"})
	if code, stdout, stderr := runAction(t, root, env); code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, "Shard 2/3") {
		t.Errorf("the summary does not name its shard:\n%s", text)
	}
	for _, task := range tasks {
		row := "| <code>" + task.id + "</code> | <code>acme-research-agent</code> | ran | exit 0, "
		if in := connector.ShardOf(task.id, 3) == 2; in != strings.Contains(text, row) || in != strings.Contains(text, task.id) {
			t.Errorf("task %s (shard %d): in the summary %v, want %v:\n%s", task.id, connector.ShardOf(task.id, 3), !in, in, text)
		}
	}
	for _, in := range []map[string]string{{"mode": "poll", "shard": "4/3"}, {"mode": "resume", "shard": "1/2"}, {"mode": "lint", "shard": "1/2"}} {
		env, _, _ := actionEnv(t, in)
		if code, stdout, stderr := runAction(t, root, env); code != exitUsage || !strings.Contains(stderr, "shard") {
			t.Errorf("%v: exit %d\n%s\n%s", in, code, stdout, stderr)
		}
	}
}

// A list kept inside the checkout is never one of its own entries, even
// on an interval poller's later passes.
func TestPollListCreatedInsideCheckout(t *testing.T) {
	root, tasks := shardRepo(t, 1)
	if code, stdout, stderr := runEnv(t, root, nil, "poll", "--list-created", "created.txt"); code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(root, "created.txt"))
	if err != nil {
		t.Fatal(err)
	}
	id := tasks[0].id
	want := taskMailbox + id + ".claim.json\x00" + taskMailbox + id + ".result.json\x00adapter-calls.log\x00reports/" + id + "/" + id + ".md\x00"
	if string(data) != want {
		t.Errorf("list:\n%s\nwant:\n%s", data, want)
	}
	// A later pass of the same poller (--interval) finds the list on disk.
	var stderr strings.Builder
	c := &Command{Dir: root, Stderr: &stderr}
	before, err := stampTree(root, func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, "reports/late.md", "x\n")
	for range 2 {
		if code := c.listCreated(&scheduledRepo{root: root}, "created.txt", before); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
	if data, _ := os.ReadFile(filepath.Join(root, "created.txt")); string(data) != "reports/late.md\x00" {
		t.Errorf("the second pass listed:\n%s", data)
	}
}

// The action's input list-created writes the list poll --list-created
// writes, for the shard's artifact upload; it is refused where nothing polls.
func TestActionListCreated(t *testing.T) {
	root, tasks := shardRepo(t, 1)
	list := filepath.Join(t.TempDir(), "created.txt")
	env, _, _ := actionEnv(t, map[string]string{"mode": "poll", "list-created": list})
	if code, stdout, stderr := runAction(t, root, env); code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(list)
	if err != nil {
		t.Fatal(err)
	}
	id := tasks[0].id
	want := taskMailbox + id + ".claim.json\x00" + taskMailbox + id + ".result.json\x00adapter-calls.log\x00reports/" + id + "/" + id + ".md\x00"
	if string(data) != want {
		t.Errorf("list:\n%s\nwant:\n%s", data, want)
	}
	env, _, _ = actionEnv(t, map[string]string{"mode": "resume", "list-created": list})
	if code, _, stderr := runAction(t, root, env); code != exitUsage || !strings.Contains(stderr, "input list-created") {
		t.Errorf("mode resume with list-created: exit %d\n%s", code, stderr)
	}
}

// unreadableFS fails ReadDir of one folder, as a folder an adapter left
// without read permission does (a test running as root cannot make one).
type unreadableFS struct {
	fs.FS
	dir string
}

func (u unreadableFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == u.dir {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return fs.ReadDir(u.FS, name)
}

// One folder that cannot be read loses only its own files: the rest of
// the tree is stamped and the folder is named in a warning.
func TestStampTreeSkipsAnUnreadableFolder(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "reports/a/locked/secret.md", "x\n")
	writeFile(t, root, "reports/a/ok.md", "x\n")
	writeFile(t, root, "reports/b.md", "x\n")
	var warned []string
	snap, err := stampFS(unreadableFS{os.DirFS(root), "reports/a/locked"}, func(w string) { warned = append(warned, w) })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := snap["reports/a/ok.md"]; !ok || len(snap) != 2 {
		t.Errorf("stamped %v", snap)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "reports/a/locked") {
		t.Errorf("warnings %v", warned)
	}
	if os.Geteuid() != 0 {
		// The real thing, where permissions bite.
		os.Chmod(filepath.Join(root, "reports/a/locked"), 0)
		t.Cleanup(func() { os.Chmod(filepath.Join(root, "reports/a/locked"), 0o755) })
		warned = nil
		if snap, err := stampTree(root, func(w string) { warned = append(warned, w) }); err != nil || len(snap) != 2 || len(warned) != 1 {
			t.Errorf("stampTree: %v %v %v", snap, err, warned)
		}
	}
}
