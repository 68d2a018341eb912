package connector

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

func TestLockBreaking(t *testing.T) {
	host, _ := os.Hostname()
	self := LockPolicy{}.self()
	old := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339Nano)
	young := time.Now().UTC().Format(time.RFC3339Nano)
	dead := itoa(deadPID(t))
	tests := []struct {
		name, content string
		mtime         time.Time // zero: now
		want          string
		timeout       time.Duration
	}{
		{"dead owner, old", `{"pid":` + dead + `,"host":"` + host + `","time":"` + old + `"}`, time.Time{}, LockBroken, time.Minute},
		{"dead owner, young", `{"pid":` + dead + `,"host":"` + host + `","time":"` + young + `"}`, time.Time{}, LockBusy, time.Minute},
		{"live owner, old", `{"pid":` + itoa(os.Getpid()) + `,"host":"` + host + `","time":"` + old + `"}`, time.Time{}, LockBusy, time.Minute},
		{"other host, old", `{"pid":` + dead + `,"host":"elsewhere.example","time":"` + old + `"}`, time.Time{}, LockBusy, time.Minute},
		{"unreadable, old", "", time.Now().Add(-time.Hour), LockBroken, time.Minute},
		{"unreadable, being written", "", time.Now().Add(-time.Second), LockBusy, 0},
		{"unreadable, dead writer", "", time.Now().Add(-3 * time.Second), LockBroken, 0},
		{"unreadable, young", "garbage", time.Time{}, LockBusy, time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "t-1.lock")
			if err := os.WriteFile(p, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			if !tt.mtime.IsZero() {
				os.Chtimes(p, tt.mtime, tt.mtime)
			}
			policy := self
			policy.Timeout = tt.timeout
			l, events, err := acquireLock(p, "x/t-1.lock", "t-1", policy, time.Now())
			if len(events) == 0 || events[0].Action != tt.want || events[0].Path != "x/t-1.lock" || events[0].TaskID != "t-1" {
				t.Fatalf("events = %+v", events)
			}
			if tt.want == LockBusy {
				if !errors.Is(err, errLockBusy) {
					t.Errorf("err = %v, want busy", err)
				}
				if b, _ := os.ReadFile(p); string(b) != tt.content {
					t.Errorf("a busy lock was changed: %q", b)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if owner := readLockFile(t, p); owner == nil || owner.PID != os.Getpid() || owner.Host != host {
				t.Errorf("new lock owner = %+v", owner)
			}
			if err := l.release(); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Lstat(p); !os.IsNotExist(err) {
				t.Errorf("lock left after release: %v", err)
			}
		})
	}
}

func readLockFile(t *testing.T, p string) *LockOwner {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return readLockOwner(f)
}

// An unreadable lock whose file another process holds flocked is busy,
// however old: its writer is alive.
func TestLockFlockedIsBusy(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t-1.lock")
	os.WriteFile(p, nil, 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if ok, err := tryFlock(f); !ok || err != nil {
		testtool.Unsupported(t, "advisory locks", err)
	}
	_, events, err := acquireLock(p, "t-1.lock", "t-1", LockPolicy{}.self(), time.Now())
	if !errors.Is(err, errLockBusy) || len(events) != 1 || events[0].Why != "another process holds it" {
		t.Errorf("err %v events %+v", err, events)
	}
}

// Many goroutines (each a separate open file, as separate processes are)
// contend for one lock, some breaking a dead owner's: never two holders.
func TestLockMutualExclusion(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "t-1.lock")
	host, _ := os.Hostname()
	os.WriteFile(p, []byte(`{"pid":`+itoa(deadPID(t))+`,"host":"`+host+`","time":"2020-01-01T00:00:00Z"}`), 0o644)
	var inside, held atomic.Int32
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				l, _, err := acquireLock(p, "t-1.lock", "t-1", LockPolicy{}.self(), time.Now())
				if errors.Is(err, errLockBusy) {
					continue
				}
				if err != nil {
					t.Error(err)
					return
				}
				if inside.Add(1) != 1 {
					t.Error("two holders at once")
				}
				held.Add(1)
				time.Sleep(50 * time.Microsecond)
				inside.Add(-1)
				if err := l.release(); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if held.Load() == 0 {
		t.Error("nobody ever held the lock")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("left behind: %v", entries)
	}
}

// FuzzLockBreaking: whatever an existing lock holds, acquiring either
// reports it busy and leaves it byte for byte, or breaks it and takes it
// with this process's identity; it never fails otherwise.
func FuzzLockBreaking(f *testing.F) {
	host, _ := os.Hostname()
	f.Add([]byte(`{"pid":1,"host":"`+host+`","time":"2020-01-01T00:00:00Z"}`), int64(3600))
	f.Add([]byte(`{"pid":999999999,"host":"`+host+`","time":"2020-01-01T00:00:00Z"}`), int64(3600))
	f.Add([]byte(`{"pid":-4,"host":"","time":"x"}`), int64(0))
	f.Add([]byte(``), int64(10))
	f.Add([]byte("\xff\xfe{"), int64(100000))
	f.Fuzz(func(t *testing.T, content []byte, ageSeconds int64) {
		p := filepath.Join(t.TempDir(), "t-1.lock")
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
		mtime := time.Now().Add(-time.Duration(ageSeconds%(1<<30)) * time.Second)
		os.Chtimes(p, mtime, mtime)
		l, events, err := acquireLock(p, "t-1.lock", "t-1", LockPolicy{Timeout: time.Minute}.self(), time.Now())
		switch {
		case errors.Is(err, errLockBusy):
			if b, _ := os.ReadFile(p); !bytes.Equal(b, content) || len(events) != 1 || events[0].Action != LockBusy {
				t.Fatalf("busy, but the lock changed or events %+v", events)
			}
		case err != nil:
			t.Fatal(err)
		default:
			if owner := readLockFile(t, p); owner == nil || owner.PID != os.Getpid() || len(events) != 1 || events[0].Action != LockBroken {
				t.Fatalf("taken: owner %+v events %+v", owner, events)
			}
			l.release()
		}
	})
}

// A symlink or FIFO under a lock's name is never followed, read or removed.
func TestLockNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	os.WriteFile(target, []byte("x"), 0o644)
	link := filepath.Join(dir, "a.lock")
	if err := os.Symlink(target, link); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	fifo := filepath.Join(dir, "b.lock")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		testtool.Unsupported(t, "FIFOs", err)
	}
	for _, p := range []string{link, fifo} {
		_, events, err := acquireLock(p, filepath.Base(p), "a", LockPolicy{}.self(), time.Now())
		if !errors.Is(err, errLockBusy) || len(events) != 1 || !strings.Contains(events[0].Why, "not a regular file") {
			t.Errorf("%s: err %v events %+v", p, err, events)
		}
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
}
