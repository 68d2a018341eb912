package connector

import "testing"

func TestCheckSafePath(t *testing.T) {
	for _, tc := range []struct {
		path   string
		dir    bool
		reason string // "" means safe
	}{
		{".connector-drops/acme/", true, ""},
		{".connector-drops/acme", true, ""},
		{"out/report.md", false, ""},
		{"a/b.c/d", false, ""},
		{"conx/comet/lpt/com10/nul_x", true, ""},
		{".connector-drops/acme/", false, `it ends with "/" but must name a file`},
		{"", true, "it is empty"},
		{"/etc/passwd", false, "it is absolute"},
		{"/", true, "it is absolute"},
		{`\\server\share\x`, false, `it is a UNC path (\\server\share)`},
		{"//server/share", false, `it is a UNC path (\\server\share)`},
		{"C:/x", false, "it starts with a drive letter"},
		{"z:", false, "it starts with a drive letter"},
		{`a\b`, false, `it contains a backslash (use "/" separators)`},
		{"a/b:c", false, `it contains ":" (an NTFS alternate data stream marker)`},
		{"file.md:stream", false, `it contains ":" (an NTFS alternate data stream marker)`},
		{"..", true, `it contains a ".." segment`},
		{"a/../b", false, `it contains a ".." segment`},
		{"a//../b", false, `it contains a ".." segment`}, // ".." wins over the empty segment: checked before anything else
		{"a/..", true, `it contains a ".." segment`},
		{"a//b", false, "segment 2 is empty"},
		{"a//", true, "segment 2 is empty"},
		{"./a", false, `segment 1 is "."`},
		{"a/./b", false, `segment 2 is "."`},
		{"CON", false, "segment 1 is the reserved Windows device name CON"},
		{"x/nul.txt", false, "segment 2 is the reserved Windows device name NUL"},
		{"x/Com1.tar.gz/y", false, "segment 2 is the reserved Windows device name COM1"},
		{"lpt9/", true, "segment 1 is the reserved Windows device name LPT9"},
		{"aux./", true, "segment 1 is the reserved Windows device name AUX"},
		{"a./b", false, "segment 1 ends with a dot or a space"},
		{"a/b ", false, "segment 2 ends with a dot or a space"},
		{"a/...", false, "segment 2 ends with a dot or a space"},
	} {
		reason, ok := CheckSafePath(tc.path, tc.dir)
		if ok != (tc.reason == "") || reason != tc.reason {
			t.Errorf("CheckSafePath(%q, %v) = %q, %v; want %q", tc.path, tc.dir, reason, ok, tc.reason)
		}
	}
}

func TestPathWithin(t *testing.T) {
	for _, tc := range []struct {
		root, path string
		want       bool
	}{
		{"out/a", "out/a", true},
		{"out/a/", "out/a", true},
		{"out/a", "out/a/", true},
		{"out/a", "out/a/x.md", true},
		{"out/a/", "out/a/b/c", true},
		{"out/a", "out/ab", false},
		{"out/a", "out/ab/x", false},
		{"out/a", "out", false},
		{"out/a", "other/out/a", false},
		{"", "anything/at/all", true},
	} {
		if got := PathWithin(tc.root, tc.path); got != tc.want {
			t.Errorf("PathWithin(%q, %q) = %v, want %v", tc.root, tc.path, got, tc.want)
		}
	}
}
