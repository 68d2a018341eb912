package squadstate

import (
	"strings"
	"testing"
)

// TestBindingPending checks SS311 reads only awaiting tasks that pin a
// binding, and reports a pin to a binding the roster lacks.
func TestBindingPending(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // message part, "" for no finding
	}{
		{"awaiting, pinned to no row", `{"status": "awaiting", "bindingId": "b1"}`, `the pending task pins binding "b1", which is not a row of the Connector Bindings`},
		{"done", `{"status": "done", "bindingId": "b1"}`, ""},
		{"a 1.0 task without a binding", `{"status": "awaiting"}`, ""},
		{"not an object", `["awaiting"]`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := repoOf(map[string]string{sq + "team.md": team8})
			r.Exchanges = []Exchange{{Path: ".connector-drops/a/.squad-connector/t-1.state.json", Src: []byte(tt.src)}}
			var got []string
			for _, d := range Check(r) {
				if d.Rule == "SS311" {
					got = append(got, d.Message)
				}
			}
			if (tt.want == "") != (len(got) == 0) || len(got) > 1 || (len(got) == 1 && !strings.Contains(got[0], tt.want)) {
				t.Errorf("SS311 findings %q, want %q", got, tt.want)
			}
		})
	}
}
