package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The resume limits docs/limits.md states, held to the constants of this
// package (connector's are checked in its own test).
func TestLimitsDocResume(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "limits.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, want := range []string{
		fmt.Sprintf("older than %d\n  minutes (`DefaultLockTimeout`", int(DefaultLockTimeout/time.Minute)),
		fmt.Sprintf("at most %d at once (`notifyWorkers`)", notifyWorkers),
		fmt.Sprintf("%d s (`DefaultNotifyTimeout`", int(DefaultNotifyTimeout/time.Second)),
		fmt.Sprintf("%d minutes have passed (`DefaultNotifyDeadline`", int(DefaultNotifyDeadline/time.Minute)),
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("docs/limits.md does not say %q", want)
		}
	}
}
