package connector

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// docs/limits.md states each limit with its constant's name; this holds
// the two together.
func TestLimitsDocMatchesTheCode(t *testing.T) {
	b, err := os.ReadFile("../docs/limits.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, c := range []struct {
		name, text string
	}{
		{"maxArtifacts", fmt.Sprintf("| %d | `maxArtifacts`", maxArtifacts)},
		{"maxArtifactBytes", fmt.Sprintf("(%d bytes) | `maxArtifactBytes`", maxArtifactBytes)},
		{"maxEnvelopeBytes", fmt.Sprintf("(%d bytes) | `maxEnvelopeBytes`", maxEnvelopeBytes)},
		{"maxArtifactDepth", fmt.Sprintf("| %d | `maxArtifactDepth`", maxArtifactDepth)},
		{"MaxFileSize", fmt.Sprintf("(%d bytes) | `MaxFileSize`", MaxFileSize)},
		{"maxClaimSize", fmt.Sprintf("(%d bytes) | `maxClaimSize`", maxClaimSize)},
		{"maxInputs", fmt.Sprintf("| %d | `maxInputs`", maxInputs)},
		{"maxRetryCap", fmt.Sprintf("| 0–%d | `maxRetryCap`", maxRetryCap)},
		{"mergeLock", fmt.Sprintf("at most %d times\n  %d ms (`lockTries` × `lockRetryDelay`, the same wait as poll)", lockTries, lockRetryDelay/time.Millisecond)},
		{"pollLock", fmt.Sprintf("at most %d times\n  %d ms (`lockTries` × `lockRetryDelay`)", lockTries, lockRetryDelay/time.Millisecond)},
		{"maxJournalSize", fmt.Sprintf("(%d bytes, `maxJournalSize`)", maxJournalSize)},
		{"DefaultOutputLimit", fmt.Sprintf("(%d bytes, `DefaultOutputLimit`)", DefaultOutputLimit)},
		{"DefaultPollWorkers", fmt.Sprintf("at most %d adapters at once by default (`DefaultPollWorkers`", DefaultPollWorkers)},
		{"outputDrain", fmt.Sprintf("at\n  most %d s more (`outputDrain`)", int(outputDrain/time.Second))},
		{"claimSlack", fmt.Sprintf("plus %d minute (`claimSlack`)", int(claimSlack/time.Minute))},
		{"DefaultLockTimeout", fmt.Sprintf("of %d minutes (`DefaultLockTimeout`)", int(DefaultLockTimeout/time.Minute))},
		{"DefaultResumeWorkers", fmt.Sprintf("at most %d tasks at once by default (`DefaultResumeWorkers`", DefaultResumeWorkers)},
	} {
		if !strings.Contains(doc, c.text) {
			t.Errorf("docs/limits.md does not say %q (%s)", c.text, c.name)
		}
	}
}
