package buildinfo

import (
	"fmt"
	"strings"
)

// String is the text `squadci version` prints: the version on the first
// line, for scripts that read one line, then one "key: value" line each.
func (i Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "squadci %s\n", i.Version)
	commit := orUnknown(i.Commit)
	if i.Modified {
		commit += " (modified)"
	}
	fmt.Fprintf(&b, "commit:   %s\n", commit)
	fmt.Fprintf(&b, "date:     %s\n", orUnknown(i.Date))
	fmt.Fprintf(&b, "go:       %s\n", i.GoVersion)
	fmt.Fprintf(&b, "platform: %s\n", i.Platform)
	fmt.Fprintf(&b, "built by: %s\n", i.builtBy())
	return b.String()
}

func (i Info) builtBy() string {
	if i.Source == "release" {
		return "a squadci release build"
	}
	return "the go command (go install, go build or go run; no release stamp)"
}

// Summary is the version in one line, as the action's log starts:
// "squadci 1.2.3 (commit 0123456789ab, go1.26.8, linux/amd64)".
func (i Info) Summary() string {
	commit := orUnknown(i.Commit[:min(len(i.Commit), 12)])
	if i.Modified {
		commit += ", modified"
	}
	return fmt.Sprintf("squadci %s (commit %s, %s, %s)", i.Version, commit, i.GoVersion, i.Platform)
}

// orUnknown names a value the build did not record.
func orUnknown(v string) string {
	if v == "" {
		return "unknown"
	}
	return v
}
