package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// only reports dir's single entry, failing on anything else (a temporary
// file left behind).
func only(t *testing.T, dir, name string) {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 1 || es[0].Name() != name {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %q, want only %q", names, name)
	}
}

func TestWriteFileCreateOnlyAndOverwrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	if err := WriteFile(p, []byte("one"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("two"), 0o644, false); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second write without overwrite: %v", err)
	}
	if data, _ := os.ReadFile(p); string(data) != "one" {
		t.Errorf("refused write changed the file: %q", data)
	}
	only(t, dir, "a.json")
	if err := WriteFile(p, []byte("three"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); string(data) != "three" {
		t.Errorf("overwrite: %q", data)
	}
	if info, err := os.Stat(p); err != nil || runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
		t.Errorf("mode after overwrite: %v, %v", info.Mode(), err)
	}
	only(t, dir, "a.json")
}

func TestWriteNeverFollowsALink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	if err := WriteFile(link, []byte("new"), 0o644, false); !errors.Is(err, fs.ErrExist) {
		t.Errorf("create-only over a link: %v", err)
	}
	if err := WriteFile(link, []byte("new"), 0o644, true); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(target); string(data) != "keep" {
		t.Errorf("the link's target was written: %q", data)
	}
	if info, err := os.Lstat(link); err != nil || !info.Mode().IsRegular() {
		t.Errorf("the link was not replaced by a file: %v, %v", info, err)
	}
}

// TestSyncsFileThenDirectory checks the order that makes a write durable:
// the temporary file's bytes reach the disk before it is published, and
// the directory entry after; NoDirSync leaves out only the second.
func TestSyncsFileThenDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no directory fsync on Windows")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	target := p
	var synced []string
	fsync = func(f *os.File) error {
		info, err := f.Stat()
		if err != nil {
			t.Fatal(err)
		}
		if info.IsDir() {
			synced = append(synced, "dir")
		} else {
			data, _ := os.ReadFile(f.Name())
			if _, err := os.Lstat(target); err == nil {
				t.Errorf("the file was synced after it was published")
			}
			synced = append(synced, "file:"+string(data))
		}
		return f.Sync()
	}
	t.Cleanup(func() { fsync = (*os.File).Sync })
	if err := WriteFile(p, []byte("x"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if got := fmtList(synced); got != "file:x dir" {
		t.Errorf("synced %s, want file:x dir", got)
	}
	synced, target = nil, filepath.Join(dir, "g")
	if err := Write(target, []byte("y"), Options{Perm: 0o644, NoDirSync: true}); err != nil {
		t.Fatal(err)
	}
	if got := fmtList(synced); got != "file:y" {
		t.Errorf("with NoDirSync synced %s, want file:y", got)
	}
}

func fmtList(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

// TestFailedWriteLeavesNothing fails each step after the temporary file
// exists: the old file stays as it was and no temporary file is left.
func TestFailedWriteLeavesNothing(t *testing.T) {
	boom := errors.New("boom")
	for _, tc := range []struct {
		name string
		fill func(io.Writer) error
		o    Options
		sync error
		mode error
	}{
		{name: "fill", fill: func(w io.Writer) error { w.Write([]byte("part")); return boom }},
		{name: "fsync", sync: boom},
		{name: "chmod", mode: boom},
		{name: "check", o: Options{Check: func() error { return boom }}},
		{name: "publish", o: Options{Gate: func(dir string, op func() error) error {
			if _, err := os.Stat(filepath.Join(dir, "f")); err == nil {
				return boom // the publish: the temporary file is there by now
			}
			return op()
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "f")
			if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.sync != nil {
				fsync = func(*os.File) error { return tc.sync }
				t.Cleanup(func() { fsync = (*os.File).Sync })
			}
			if tc.mode != nil {
				if runtime.GOOS == "windows" {
					t.Skip("no Unix permission bits: a failed chmod is ignored")
				}
				chmod = func(*os.File, fs.FileMode) error { return tc.mode }
				t.Cleanup(func() { chmod = (*os.File).Chmod })
			}
			fill := tc.fill
			if fill == nil {
				fill = func(w io.Writer) error { _, err := w.Write([]byte("new")); return err }
			}
			tc.o.Perm, tc.o.Overwrite = 0o644, true
			if err := Fill(p, fill, tc.o); !errors.Is(err, boom) {
				t.Fatalf("err = %v, want boom", err)
			}
			if data, _ := os.ReadFile(p); string(data) != "old" {
				t.Errorf("failed write changed the file: %q", data)
			}
			only(t, dir, "f")
		})
	}
}

func TestTempDirAndPrefix(t *testing.T) {
	dir, tmpDir := t.TempDir(), t.TempDir()
	p := filepath.Join(dir, "s.json")
	var seen []string
	err := Fill(p, func(io.Writer) error {
		es, _ := os.ReadDir(tmpDir)
		for _, e := range es {
			seen = append(seen, e.Name())
		}
		return nil
	}, Options{Perm: 0o644, TmpDir: tmpDir})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || len(seen[0]) <= len(TempPrefix("s.json")) || seen[0][:len(TempPrefix("s.json"))] != ".s.json.tmp-" {
		t.Errorf("temporary files while filling: %q", seen)
	}
	only(t, dir, "s.json")
	if es, _ := os.ReadDir(tmpDir); len(es) != 0 {
		t.Errorf("temporary file left in TmpDir: %v", es)
	}
}
