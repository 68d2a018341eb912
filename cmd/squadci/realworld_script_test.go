package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// TestRealworldScript runs scripts/realworld.sh over two trees and holds
// its per-rule table to what `squadci lint --format json` reports for each,
// and its usage errors to exit 2.
func TestRealworldScript(t *testing.T) {
	testtool.LookPath(t, "bash", "apt-get install bash")
	bin := squadciBinary(t)
	script, err := filepath.Abs("../../scripts/realworld.sh")
	if err != nil {
		t.Fatal(err)
	}
	acme, _ := filepath.Abs("../../examples/acme")
	empty := t.TempDir()
	cmd := exec.Command("bash", script, acme, empty)
	cmd.Env = append(os.Environ(), "SQUADCI_BIN="+bin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("realworld.sh: %v\n%s", err, out)
	}
	sections := strings.Split(string(out), "== ")
	if len(sections) != 4 || !strings.HasPrefix(sections[1], acme+"\n") || !strings.Contains(sections[2], "nothing to check") {
		t.Fatalf("want sections for %s, the empty root and all roots:\n%s", acme, out)
	}
	if want := ruleTable(t, acme); !strings.Contains(sections[1], want) {
		t.Errorf("per-rule table for examples/acme:\n%s\nwant it to contain:\n%s", sections[1], want)
	}
	if !strings.Contains(sections[1], "files checked: 24") {
		t.Errorf("files checked not reported:\n%s", sections[1])
	}
	for _, args := range [][]string{{}, {filepath.Join(empty, "missing")}} {
		cmd := exec.Command("bash", append([]string{script}, args...)...)
		cmd.Env = append(os.Environ(), "SQUADCI_BIN="+bin)
		if out, err := cmd.CombinedOutput(); exitCodeOf(err) != 2 {
			t.Errorf("realworld.sh %v: %v, want exit 2\n%s", args, err, out)
		}
	}
}

// ruleTable is the script's per-rule table for root, computed from the JSON
// report instead.
func ruleTable(t *testing.T, root string) string {
	t.Helper()
	_, out, _ := run(t, root, "lint", root, "--format", "json")
	var doc struct {
		Diagnostics []struct{ Rule, Severity string }
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	n := map[string]map[string]int{}
	for _, d := range doc.Diagnostics {
		if n[d.Rule] == nil {
			n[d.Rule] = map[string]int{}
		}
		n[d.Rule][d.Severity]++
	}
	rules := make([]string, 0, len(n))
	for r := range n {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	var b strings.Builder
	for _, r := range rules {
		fmt.Fprintf(&b, "  %-8s %7d %9d %6d\n", r, n[r]["error"], n[r]["warning"], n[r]["note"])
	}
	return b.String()
}

func exitCodeOf(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
