package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	vcs := func(rev, time, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: time}, {Key: "vcs.modified", Value: modified}}
	}
	tests := []struct {
		name                    string
		stampV, stampC, stampD  string
		bi                      *debug.BuildInfo
		version, commit, date   string
		modified                bool
		source, goVersionPrefix string
	}{
		{"release stamp wins over build info", "1.2.3", "abc", "2026-01-02T03:04:05Z",
			&debug.BuildInfo{Main: debug.Module{Version: "v9.9.9"}, Settings: vcs("def", "2020-01-01T00:00:00Z", "true")},
			"1.2.3", "abc", "2026-01-02T03:04:05Z", false, "release", "go"},
		{"a stamped v is dropped", "v1.2.3-rc.1", "", "", nil, "1.2.3-rc.1", "", "", false, "release", "go"},
		{"go install of a tag", "", "", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.4.0"}},
			"1.4.0", "", "", false, "go", "go1.26.8"},
		{"go build in a checkout: pseudo-version and vcs", "", "", "", &debug.BuildInfo{GoVersion: "go1.26.8",
			Main: debug.Module{Version: "v0.0.0-20261201151533-3e1645da4519+dirty"}, Settings: vcs("3e1645da45194e8425c642021b117e7d59c8bcb9", "2026-12-01T15:15:33Z", "true")},
			"0.0.0-20261201151533-3e1645da4519", "3e1645da45194e8425c642021b117e7d59c8bcb9", "2026-12-01T15:15:33Z", true, "go", "go1.26.8"},
		{"go run without vcs", "", "", "", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			Devel, "", "", false, "go", "go1.26.8"},
		{"no build info at all", "", "", "", nil, Devel, "", "", false, "go", "go"},
	}
	for _, tt := range tests {
		got := resolve(tt.stampV, tt.stampC, tt.stampD, tt.bi)
		if got.Version != tt.version || got.Commit != tt.commit || got.Date != tt.date || got.Modified != tt.modified || got.Source != tt.source {
			t.Errorf("%s: got %+v", tt.name, got)
		}
		if !strings.HasPrefix(got.GoVersion, tt.goVersionPrefix) || got.Platform != runtime.GOOS+"/"+runtime.GOARCH {
			t.Errorf("%s: go %q platform %q", tt.name, got.GoVersion, got.Platform)
		}
	}
}

func TestString(t *testing.T) {
	rel := Info{Version: "1.2.3", Commit: "abc", Date: "2026-01-02T03:04:05Z", GoVersion: "go1.26.8", Platform: "linux/amd64", Source: "release"}
	want := "squadci 1.2.3\ncommit:   abc\ndate:     2026-01-02T03:04:05Z\ngo:       go1.26.8\nplatform: linux/amd64\nbuilt by: a squadci release build\n"
	if got := rel.String(); got != want {
		t.Errorf("release:\n%s\nwant:\n%s", got, want)
	}
	dev := Info{Version: Devel, Modified: true, GoVersion: "go1.26.8", Platform: "linux/amd64", Source: "go"}
	got := dev.String()
	for _, line := range []string{"squadci devel\n", "commit:   unknown (modified)\n", "date:     unknown\n", "built by: the go command"} {
		if !strings.Contains(got, line) {
			t.Errorf("devel text lacks %q:\n%s", line, got)
		}
	}
}

func TestSummary(t *testing.T) {
	tests := []struct {
		info Info
		want string
	}{
		{Info{Version: "1.2.3", Commit: "0123456789abcdef0123", GoVersion: "go1.26.8", Platform: "linux/amd64"}, "squadci 1.2.3 (commit 0123456789ab, go1.26.8, linux/amd64)"},
		{Info{Version: Devel, Modified: true, GoVersion: "go1.26.8", Platform: "darwin/arm64"}, "squadci devel (commit unknown, modified, go1.26.8, darwin/arm64)"},
	}
	for _, tt := range tests {
		if got := tt.info.Summary(); got != tt.want {
			t.Errorf("Summary() = %q, want %q", got, tt.want)
		}
	}
}
