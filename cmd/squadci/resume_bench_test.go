//go:build unix

package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/squadci/squadci/connector"
)

// BenchmarkResume measures `resume` over 10,000 and 20,000 pending tasks
// (cli.md §Performance: 10,000 within 5 s, 20,000 within 2.2× that), beside
// its floor in the same run: reading every file of the same tree. The mix:
// 40% valid results, 10% invalid ones, 10% past their deadline, 40% still
// awaiting — every task is written. States are restored between
// iterations, outside the timer.
func BenchmarkResume(b *testing.B) {
	for _, n := range []int{10000, 20000} {
		root := b.TempDir()
		tasks := writeTasks(b, root, n, benchKind)
		ms, _, _, err := connector.LoadManifests(context.Background(), connector.DirFS(root))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("read/tasks=%d", n), func(b *testing.B) {
			for b.Loop() {
				readTree(b, root)
			}
		})
		b.Run(fmt.Sprintf("writes/tasks=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				syscall.Sync()
				b.StartTimer()
				writeFloor(b, root, tasks)
			}
		})
		b.Run(fmt.Sprintf("resume/tasks=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				restoreStates(b, root, tasks)
				syscall.Sync() // a checkout at rest: no dirty pages for the resume's fsyncs to flush
				b.StartTimer()
				rep, err := connector.Resume(context.Background(), root, connector.ResumeOptions{Manifests: ms})
				if err != nil || len(rep.Tasks) != n {
					b.Fatalf("err %v, %d tasks", err, len(rep.Tasks))
				}
			}
		})
	}
}

func benchKind(i int) taskKind {
	switch i % 10 {
	case 0, 1, 2, 3:
		return kindGood
	case 4:
		return kindBad
	case 5:
		return kindExpired
	}
	return kindWaiting
}

func restoreStates(b *testing.B, root string, tasks []genTask) {
	for _, g := range tasks {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(g.statePath())), g.state, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// writeFloor makes the writes a resume of the tasks must make and nothing
// else, the way Resume makes them: take and drop each task's lock file, and
// replace its state atomically (temp file, fsync, rename over the old
// state, held open meanwhile), the name operations of one directory one at
// a time and the rest DefaultResumeWorkers at a time, then fsync each state
// directory once. It rewrites the same bytes, so the tasks stay pending.
func writeFloor(b *testing.B, root string, tasks []genTask) {
	work := make(chan genTask)
	var (
		wg    sync.WaitGroup
		names sync.Mutex // every state of these tasks is in one directory
		dirs  sync.Map
	)
	inDir := func(fn func() error) error {
		names.Lock()
		defer names.Unlock()
		return fn()
	}
	for range connector.DefaultResumeWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range work {
				if err := replaceState(root, g, inDir); err != nil {
					b.Error(err)
				}
				dirs.Store(filepath.Dir(filepath.Join(root, filepath.FromSlash(g.statePath()))), true)
			}
		}()
	}
	for _, g := range tasks {
		work <- g
	}
	close(work)
	wg.Wait()
	dirs.Range(func(dir, _ any) bool {
		d, err := os.Open(dir.(string))
		if err == nil {
			err = d.Sync()
			d.Close()
		}
		if err != nil {
			b.Error(err)
		}
		return true
	})
}

// replaceState takes a task's lock, replaces its state with the same bytes
// through a fsynced temporary file, and drops the lock.
func replaceState(root string, g genTask, inDir func(func() error) error) error {
	state := filepath.Join(root, filepath.FromSlash(g.statePath()))
	lock := strings.TrimSuffix(state, ".state.json") + ".lock"
	var f *os.File
	err := inDir(func() (err error) {
		f, err = os.OpenFile(lock, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		return err
	})
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.WriteString(`{"pid":1,"host":"h","time":"t"}`); err != nil {
		return err
	}
	var tmp *os.File
	if err := inDir(func() (err error) { tmp, err = os.CreateTemp(filepath.Dir(state), ".state.tmp-*"); return err }); err != nil {
		return err
	}
	_, err = tmp.Write(g.state)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// Resume holds the replaced state's inode across the rename, so
		// freeing it happens outside the directory's gate (internal/atomicfile/pin_linux.go).
		old, oerr := os.Open(state)
		err = inDir(func() error { return os.Rename(tmp.Name(), state) })
		if oerr == nil {
			old.Close()
		}
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return inDir(func() error { return os.Remove(lock) })
}

// readTree reads every file under root: the physical floor of a resume.
func readTree(b *testing.B, root string) {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		_, err = os.ReadFile(p)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
}
