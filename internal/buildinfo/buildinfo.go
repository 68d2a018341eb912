// Package buildinfo says which squadci this is: the version, commit and
// date a release stamps with -ldflags -X, else what the Go toolchain
// recorded in the binary (go install, go build, go run).
package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Set by a release build:
//
//	-X github.com/squadci/squadci/internal/buildinfo.version=1.2.3
//	-X github.com/squadci/squadci/internal/buildinfo.commit=<full SHA>
//	-X github.com/squadci/squadci/internal/buildinfo.date=<RFC 3339>
var version, commit, date string

// Devel is the version of a build that knows none: a go build outside a
// git checkout, or with -buildvcs=false.
const Devel = "devel"

// Info is one build's identity, as `squadci version` prints it.
type Info struct {
	Version   string `json:"version"`            // without a leading "v"
	Commit    string `json:"commit,omitempty"`   // full revision
	Date      string `json:"date,omitempty"`     // RFC 3339: the commit's time
	Modified  bool   `json:"modified,omitempty"` // built from a tree with uncommitted changes
	GoVersion string `json:"goVersion"`
	Platform  string `json:"platform"` // GOOS/GOARCH
	// Source is where the version came from: "release" (stamped by the
	// release build) or "go" (the Go toolchain's build information).
	Source string `json:"source"`
}

// Get returns this binary's Info.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(version, commit, date, bi)
}

// resolve prefers the stamped values and fills what they leave out from the
// toolchain's build information (nil when the binary has none).
func resolve(stampedVersion, stampedCommit, stampedDate string, bi *debug.BuildInfo) Info {
	info := Info{GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if stampedVersion != "" {
		info.Version, info.Commit, info.Date, info.Source = trimV(stampedVersion), stampedCommit, stampedDate, "release"
		return info
	}
	info.Version, info.Source = Devel, "go"
	if bi == nil {
		return info
	}
	if bi.GoVersion != "" {
		info.GoVersion = bi.GoVersion
	}
	// "(devel)" is what Go records for a main module it could not version.
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		info.Version = trimV(strings.TrimSuffix(v, "+dirty"))
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = s.Value
		case "vcs.time":
			info.Date = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// trimV drops the "v" of a Go module version ("v1.2.3" → "1.2.3"), as
// release archives and SARIF's semanticVersion spell it.
func trimV(v string) string {
	if len(v) > 1 && v[0] == 'v' && v[1] >= '0' && v[1] <= '9' {
		return v[1:]
	}
	return v
}
