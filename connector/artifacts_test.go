package connector

import (
	"errors"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// fakeFS answers Lstat from a table: listed entries with their mode and
// size; every proper prefix of a listed path is a plain directory unless
// listed itself. It lets the on-disk rules be tested at exact sizes and
// with entry types a test cannot make everywhere (junctions, devices).
type fakeFS map[string]fakeEntry

type fakeEntry struct {
	mode fs.FileMode
	size int64
}

type fakeInfo struct {
	name string
	fakeEntry
}

func (i fakeInfo) Name() string       { return i.name }
func (i fakeInfo) Size() int64        { return i.size }
func (i fakeInfo) Mode() fs.FileMode  { return i.mode }
func (i fakeInfo) ModTime() time.Time { return time.Time{} }
func (i fakeInfo) IsDir() bool        { return i.mode.IsDir() }
func (i fakeInfo) Sys() any           { return nil }

func (f fakeFS) Lstat(rel string) (fs.FileInfo, error) {
	if e, ok := f[rel]; ok {
		return fakeInfo{rel, e}, nil
	}
	for p := range f {
		if rel == "" || strings.HasPrefix(p, rel+"/") {
			return fakeInfo{rel, fakeEntry{mode: fs.ModeDir | 0o755}}, nil
		}
	}
	return nil, &fs.PathError{Op: "lstat", Path: rel, Err: fs.ErrNotExist}
}

const fakeRoot = "reports/t-1/"

// fakeExchange is a request and a result naming arts under fakeRoot.
func fakeExchange(arts ...string) *Exchange {
	req := &RequestFile{SchemaVersion: "1.0", TaskID: "t-1", ConnectorID: "c", Role: "r", Task: "Do it.",
		DeliverableRoot: fakeRoot, Deadline: "2026-03-02T10:00:00Z", RetryCap: 1, CreatedAt: "2026-03-02T09:00:00Z"}
	res := &ResultFile{SchemaVersion: "1.0", ConnectorID: "c", TaskID: "t-1", Role: "r", Status: StatusCompleted,
		Narrative: "Done.", Artifacts: []ArtifactEntry{}, CompletedAt: "2026-03-02T09:30:00Z"}
	for _, a := range arts {
		res.Artifacts = append(res.Artifacts, ArtifactEntry{Path: fakeRoot + a})
	}
	return &Exchange{Mailbox: ".connector-drops/c/", TaskID: "t-1",
		Request: &File{Path: ".connector-drops/c/t-1.request.json", Src: encodeJSON(req)},
		Result:  &File{Path: ".connector-drops/c/t-1.result.json", Src: encodeJSON(res)}}
}

// diskRules are the rules judged by looking at the disk.
var diskRules = []string{"CN314", "CN315", "CN318", "CN319"}

func TestArtifactsOnDisk(t *testing.T) {
	const mib = 1 << 20
	reg := func(size int64) fakeEntry { return fakeEntry{mode: 0o644, size: size} }
	five := func(last int64) fakeFS {
		f := fakeFS{}
		for i, n := range []string{"a.md", "b.md", "c.md", "d.md", "e.md"} {
			f[fakeRoot+n] = reg(mib)
			if i == 4 {
				f[fakeRoot+n] = reg(last)
			}
		}
		return f
	}
	tests := []struct {
		name string
		fs   fakeFS
		arts []string
		want []string
	}{
		{"exactly 1 MiB", fakeFS{fakeRoot + "a.md": reg(mib)}, []string{"a.md"}, nil},
		{"1 MiB and a byte", fakeFS{fakeRoot + "a.md": reg(mib + 1)}, []string{"a.md"}, []string{"CN318"}},
		{"exactly 5 MiB in total", five(mib), []string{"a.md", "b.md", "c.md", "d.md", "e.md"}, nil},
		{"5 MiB and a byte in total", func() fakeFS { f := five(mib); f[fakeRoot+"f.txt"] = reg(1); return f }(),
			[]string{"a.md", "b.md", "c.md", "d.md", "e.md", "f.txt"}, []string{"CN319"}},
		{"missing", fakeFS{}, []string{"a.md"}, []string{"CN314"}},
		{"symlinked file", fakeFS{fakeRoot + "a.md": {mode: fs.ModeSymlink}}, []string{"a.md"}, []string{"CN315"}},
		{"junction on the way", fakeFS{fakeRoot + "j": {mode: fs.ModeDir | fs.ModeIrregular}, fakeRoot + "j/a.md": reg(1)},
			[]string{"j/a.md"}, []string{"CN315"}},
		{"symlinked root above", fakeFS{"reports": {mode: fs.ModeSymlink}, fakeRoot + "a.md": reg(1)}, []string{"a.md"}, []string{"CN315"}},
		{"device", fakeFS{fakeRoot + "a.md": {mode: fs.ModeDevice}}, []string{"a.md"}, []string{"CN315"}},
		{"named pipe", fakeFS{fakeRoot + "a.md": {mode: fs.ModeNamedPipe}}, []string{"a.md"}, []string{"CN315"}},
		{"directory", fakeFS{fakeRoot + "a.md/x": reg(1)}, []string{"a.md"}, []string{"CN315"}},
		{"file on the way", fakeFS{fakeRoot + "a": reg(1)}, []string{"a/b.md"}, []string{"CN315"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := CheckExchange(fakeExchange(tt.arts...), &Env{FS: tt.fs})
			var got []string
			for _, d := range c.Diagnostics {
				if slices.Contains(diskRules, d.Rule) {
					got = append(got, d.Rule)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("disk findings = %v, want %v (%v)", got, tt.want, c.Diagnostics)
			}
			if tt.want == nil && len(c.Artifacts) != len(tt.arts) {
				t.Errorf("valid artifacts = %v", c.Artifacts)
			}
		})
	}
}

func TestStatNoFollow(t *testing.T) {
	f := fakeFS{"a/b/c.md": {mode: 0o644, size: 3}, "a/l": {mode: fs.ModeSymlink}, "a/f": {mode: 0o644}}
	for _, tc := range []struct {
		path string
		kind DiskProblemKind
		at   string
	}{
		{"a/b/c.md", 0, ""},
		{"a/b", 0, ""},
		{"a/l/x.md", DiskLink, "a/l"},
		{"a/f/x.md", DiskNotDir, "a/f"},
		{"a/z/x.md", DiskMissing, "a/z"},
	} {
		_, err := StatNoFollow(f, tc.path)
		var dp *DiskProblem
		switch {
		case tc.kind == 0 && err != nil:
			t.Errorf("%s: %v", tc.path, err)
		case tc.kind != 0 && (!errors.As(err, &dp) || dp.Kind != tc.kind || dp.At != tc.at):
			t.Errorf("%s: err %v, want kind %d at %s", tc.path, err, tc.kind, tc.at)
		}
	}
}
