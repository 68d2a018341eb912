package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/sethvargo/go-githubactions"
	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/review"
)

// Counts of one read in the singular in the step summary, the review
// line and the annotation overflow notice.
func TestSingularCounts(t *testing.T) {
	rep := scheduledReport{
		Mode:   "scheduled",
		Poll:   &pollDocument{Tasks: []connector.PollOutcome{{TaskID: "t1", Run: &connector.AdapterRun{}}}},
		Resume: &resumeDocument{Tasks: []connector.TaskOutcome{{Transition: true}}},
	}
	sum := scheduledSummary(rep, 1<<20)
	for _, want := range []string{"1 pending request, 1 adapter run.", "; 1 transition."} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}
	rep.Poll.Tasks = append(rep.Poll.Tasks, rep.Poll.Tasks[0])
	rep.Resume.Tasks = append(rep.Resume.Tasks, rep.Resume.Tasks[0])
	sum = scheduledSummary(rep, 1<<20)
	for _, want := range []string{"2 pending requests, 2 adapter runs.", "; 2 transitions."} {
		if !strings.Contains(sum, want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}

	if got := reviewOutcomeLine(review.Outcome{Deleted: 1}, false); !strings.Contains(got, "deleted 1 comment whose finding is gone") {
		t.Errorf("review line %q", got)
	}
	if got := reviewOutcomeLine(review.Outcome{Deleted: 2}, false); !strings.Contains(got, "deleted 2 comments whose findings are gone") {
		t.Errorf("review line %q", got)
	}

	for n, want := range map[int]string{1: "1 more connector task needs attention", 2: "2 more connector tasks need attention"} {
		var out bytes.Buffer
		a := githubactions.New(githubactions.WithWriter(&out), githubactions.WithGetenv(func(string) string { return "" }))
		doc := &resumeDocument{}
		for i := 0; i < annotationLimit+n; i++ {
			doc.Tasks = append(doc.Tasks, connector.TaskOutcome{TaskDecision: connector.TaskDecision{TaskID: fmt.Sprint("t", i), Status: connector.StatusFailed}})
		}
		scheduledAnnotations(a, scheduledReport{Resume: doc})
		if !strings.Contains(out.String(), want) {
			t.Errorf("%d left out: annotations lack %q:\n%s", n, want, out.String())
		}
	}
}
