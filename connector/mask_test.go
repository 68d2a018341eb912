package connector

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/secrets"
)

// Every string of an outcome is masked, however deep: what a result check
// quotes of the adapter's files as well as its output.
func TestMaskStringsReachesEveryField(t *testing.T) {
	const v = "hunter2-hunter2"
	o := &PollOutcome{TaskID: "t", Next: "next " + v,
		Run:   &AdapterRun{Output: "out " + v, Error: v},
		Check: &TaskDecision{Artifacts: []string{"a/" + v + ".md"}, Failures: []Failure{{Rule: "CN1", Message: "bad " + v}}},
		Claim: &Claim{Error: v}}
	maskStrings(o, secrets.NewValues(v))
	got := strings.Join([]string{o.Next, o.Run.Output, o.Run.Error, o.Check.Artifacts[0], o.Check.Failures[0].Message, o.Claim.Error}, "|")
	if want := "next ***|out ***|***|a/***.md|bad ***|***"; got != want {
		t.Errorf("masked = %q, want %q", got, want)
	}
}
