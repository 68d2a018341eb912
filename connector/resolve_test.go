package connector

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// resolveFixture runs Resolve over one exchange fixture tree.
func resolveFixture(t *testing.T, name string, now time.Time, ids ...string) map[string]TaskDecision {
	t.Helper()
	ctx := context.Background()
	fsys := DirFS(fixtureRoot(t, filepath.Join(exchangeFixtures, name)))
	ms, _, _, err := LoadManifests(ctx, fsys)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := Resolve(ctx, fsys, ResolveOptions{Manifests: ms, TaskIDs: ids, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]TaskDecision{}
	for _, d := range ds {
		out[d.TaskID] = d
	}
	return out
}

func TestResolveDecisions(t *testing.T) {
	const (
		t1 = "t-3f9c2a7e51d04b88"
		t2 = "t-8d21c4e09a7f3b65"
		t3 = "t-c07e5b1d92a46f13"
	)
	early, late := at("2026-03-02T09:45:00Z"), at("2026-03-03T00:00:00Z")
	tests := []struct {
		name, fixture string
		now           time.Time
		ids           []string
		task          string
		want          TaskDecision
	}{
		{"valid 1.1 result completes", "ok-1-1-agent", early, nil, t1, TaskDecision{Current: "awaiting", Status: "completed", Attempts: 1, Changed: true,
			Artifacts: []string{".copilot-tracking/research/2026-03-02/invoice-rounding.md", ".copilot-tracking/research/2026-03-02/invoice-rounding-sources.json"}}},
		{"a result after the deadline still decides", "ok-1-1-agent", late, nil, t1, TaskDecision{Current: "awaiting", Status: "completed", Attempts: 1, Changed: true,
			Artifacts: []string{".copilot-tracking/research/2026-03-02/invoice-rounding.md", ".copilot-tracking/research/2026-03-02/invoice-rounding-sources.json"}}},
		{"orchestrator outputs", "ok-1-1-orchestrator", at("2026-03-02T11:10:00Z"), nil, t2, TaskDecision{Current: "awaiting", Status: "completed", Changed: true,
			Artifacts: []string{".copilot-tracking/changes/2026-03-02-invoice-validation/implementation/implementation-note.md",
				".copilot-tracking/changes/2026-03-02-invoice-validation/validation/validation-report.md",
				".copilot-tracking/changes/2026-03-02-invoice-validation/validation/checks.json"}}},
		{"no result yet counts an attempt", "ok-lifecycle", early, nil, t3, TaskDecision{Current: "awaiting", Status: "awaiting", Attempts: 2, Changed: true}},
		{"no result past the deadline", "ok-lifecycle", late, nil, t3, TaskDecision{Current: "awaiting", Status: "unreachable", Reason: "deadline", Attempts: 1, Changed: true}},
		{"finished tasks are listed only by id", "ok-lifecycle", early, []string{t2}, t2, TaskDecision{Current: "completed", Status: "completed"}},
		{"producer failure", "ok-lifecycle", early, []string{"t-61f0d3a8b2c9e4d7"}, "t-61f0d3a8b2c9e4d7",
			TaskDecision{Current: "failed", Status: "failed", Reason: "producer-failed", Attempts: 1}},
		{"invalid result names its rules", "result-identity-mismatch", early, nil, t1, TaskDecision{Current: "awaiting", Status: "failed",
			Reason: "invalid-result", Rules: []string{"CN504"}, Attempts: 1, Changed: true}},
		{"artifact on disk", "artifact-missing", early, nil, t1, TaskDecision{Current: "awaiting", Status: "failed",
			Reason: "invalid-result", Rules: []string{"CN314"}, Attempts: 1, Changed: true}},
		{"changed request", "exchange-tampered", early, nil, t1, TaskDecision{Current: "awaiting", Status: "failed",
			Reason: "tampered", Rules: []string{"CN507"}, Attempts: 1, Changed: true}},
		{"vanished request", "exchange-tampered", early, nil, "t-0b6e2f8a4c1d7e93", TaskDecision{Current: "awaiting", Status: "failed",
			Reason: "tampered", Rules: []string{"CN507"}, Attempts: 1, Changed: true}},
		{"missing snapshot", "exchange-snapshot-mismatch", early, nil, t1, TaskDecision{Current: "awaiting", Status: "failed",
			Reason: "tampered", Rules: []string{"CN508"}, Attempts: 1, Changed: true}},
		{"orphan request", "exchange-orphan-request", early, nil, t1, TaskDecision{Status: "failed", Reason: "orphan-request", Rules: []string{"CN505"}}},
		{"late result", "exchange-late-result", early, nil, t1, TaskDecision{Current: "unreachable", Status: "unreachable",
			Reason: "late-result", Rules: []string{"CN509"}, Attempts: 3}},
		{"replay", "exchange-task-id-reused", early, nil, t1, TaskDecision{Current: "completed", Status: "completed",
			Reason: "replay", Rules: []string{"CN510"}, Attempts: 1}},
		{"warnings change nothing", "untrusted-accounting-marker", early, nil, t1, TaskDecision{Current: "awaiting", Status: "completed", Attempts: 1, Changed: true,
			Artifacts: []string{".copilot-tracking/research/2026-03-02/invoice-rounding.md", ".copilot-tracking/research/2026-03-02/invoice-rounding-sources.json"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := resolveFixture(t, tt.fixture, tt.now, tt.ids...)[tt.task]
			if !ok {
				t.Fatalf("no decision for %s", tt.task)
			}
			want := tt.want
			want.TaskID = tt.task
			want.Mailbox, want.ConnectorID = got.Mailbox, got.ConnectorID
			checkFailuresExplainRules(t, got)
			got.Failures = nil
			if !reflect.DeepEqual(got, want) {
				t.Errorf("decision\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

// checkFailuresExplainRules requires one failure with a message for every
// rule a decision names, and none beyond them.
func checkFailuresExplainRules(t *testing.T, d TaskDecision) {
	t.Helper()
	seen := map[string]bool{}
	for _, f := range d.Failures {
		if !slices.Contains(d.Rules, f.Rule) || f.Message == "" {
			t.Errorf("failure %+v does not explain rules %v", f, d.Rules)
		}
		seen[f.Rule] = true
	}
	if len(seen) != len(d.Rules) {
		t.Errorf("rules %v, failures %+v", d.Rules, d.Failures)
	}
}

// Each failure carries the finding's message and file; a finished task's
// recorded reason is explained from its files as they are now.
func TestResolveFailureMessages(t *testing.T) {
	const t1 = "t-3f9c2a7e51d04b88"
	d := resolveFixture(t, "exchange-tampered", at("2026-03-02T09:45:00Z"))[t1]
	want := []Failure{{Rule: "CN507", Path: ".connector-drops/acme-research-agent/.squad-connector/" + t1 + ".state.json",
		Message: "the request's bytes no longer hash to requestSha256; it was changed after dispatch"}}
	if !reflect.DeepEqual(d.Failures, want) {
		t.Errorf("failures = %+v\nwant %+v", d.Failures, want)
	}
	c := &Checked{Exchange: &Exchange{TaskID: "t-1"}}
	got := c.reasonFailures("invalid-result:CN312", nil)
	if len(got) != 1 || got[0].Rule != "CN312" || got[0].Message == "" {
		t.Errorf("a rule without a finding is explained by its short description: %+v", got)
	}
	if got := c.reasonFailures("deadline", nil); got != nil {
		t.Errorf("a reason without rules has no failures: %+v", got)
	}
}

func TestResolveRetryCap(t *testing.T) {
	// state-counters' second task: retryCap out of range is tampering; the
	// first has attempts 4 > retryCap 2.
	got := resolveFixture(t, "state-counters", at("2026-03-02T09:45:00Z"))
	if d := got["t-3f9c2a7e51d04b88"]; d.Status != "failed" || d.Reason != "tampered" || !reflect.DeepEqual(d.Rules, []string{"CN420"}) {
		t.Errorf("attempts out of range: %+v", d)
	}
}

func TestResolveUnknownTask(t *testing.T) {
	ctx := context.Background()
	fsys := DirFS(filepath.Join(exchangeFixtures, "ok-1-1-agent"))
	ms, _, _, _ := LoadManifests(ctx, fsys)
	_, err := Resolve(ctx, fsys, ResolveOptions{Manifests: ms, TaskIDs: []string{"t-nope"}})
	var u *UnknownTaskError
	if !errors.As(err, &u) || !reflect.DeepEqual(u.TaskIDs, []string{"t-nope"}) {
		t.Errorf("err = %v", err)
	}
}

// The retry cap decides when the deadline has not passed: attempts >
// retryCap makes the task unreachable.
func TestResolveTaskRetryCap(t *testing.T) {
	for _, tc := range []struct {
		attempts int
		status   string
		reason   string
	}{{2, "awaiting", ""}, {3, "unreachable", "retry-cap"}} {
		c := &Checked{
			Exchange: &Exchange{TaskID: "t-1", Request: &File{}, State: &File{}},
			State:    &State{Status: StatusAwaiting, RetryCap: 2, Attempts: tc.attempts, Deadline: at("2026-03-02T10:00:00Z")},
		}
		d := ResolveTask(c, nil, at("2026-03-02T09:00:00Z"))
		if d.Status != tc.status || d.Reason != tc.reason {
			t.Errorf("attempts %d: %+v", tc.attempts, d)
		}
	}
}
