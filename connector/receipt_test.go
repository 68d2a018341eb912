package connector

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The starter's receipt honours what it cannot do: a request past its
// deadline, or whose input is gone, gets a failed result and no receipt
// (never a late or hollow success); an orchestrator's completed result
// discloses its one step in provenance.fanOut.
func TestWriteReceiptFailsWhatItCannotHonour(t *testing.T) {
	ctx := context.Background()
	dispatched := at("2026-03-02T12:00:00Z")
	for _, tc := range []struct {
		name   string
		now    time.Time
		input  bool // the task names an input, removed before the receipt
		status string
	}{
		{"in time", dispatched.Add(time.Minute), false, StatusCompleted},
		{"past its deadline", dispatched.Add(91 * time.Minute), false, StatusFailed},
		{"at its deadline", dispatched.Add(90 * time.Minute), false, StatusFailed},
		{"missing input", dispatched.Add(time.Minute), true, StatusFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, ms := dispatchRepo(t)
			o := orchestratorTask()
			if tc.input {
				if err := os.WriteFile(filepath.Join(root, "input.md"), []byte("x\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				o.Inputs = []string{"input.md"}
			}
			d, err := Dispatch(ctx, root, ms, nil, o)
			if err != nil {
				t.Fatal(err)
			}
			if tc.input {
				os.Remove(filepath.Join(root, "input.md"))
			}
			rc, err := WriteReceipt(ctx, root, d.Request, tc.now)
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(root, rc.Result))
			if err != nil {
				t.Fatal(err)
			}
			var res ResultFile
			if err := json.Unmarshal(b, &res); err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.status || (tc.status == StatusFailed) != (rc.Failed != "" && rc.Receipt == "") {
				t.Errorf("status %s, receipt %q, failed %q; want %s", res.Status, rc.Receipt, rc.Failed, tc.status)
			}
			if res.Provenance == nil || len(res.Provenance.FanOut) != 1 || len(res.Outputs) != 1 {
				t.Errorf("an orchestrator's result must disclose its fan-out and name one output: %s", b)
			}
			if tc.status == StatusFailed && len(res.Outputs[0].Artifacts) != 0 {
				t.Errorf("a failed receipt lists artifacts: %s", b)
			}
			for _, line := range checkTreeFindings(t, root) {
				t.Errorf("finding after the receipt: %s", line)
			}
		})
	}
}
