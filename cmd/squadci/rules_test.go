package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

// TestRulesDescribesOneRule: `squadci rules ID` (id in any case, or kebab
// name) prints the rule's full description, severity, fixability, hint and
// docs URL; every rule can be described.
func TestRulesDescribesOneRule(t *testing.T) {
	dir := t.TempDir()
	r, _ := diag.Lookup("CN101")
	for _, id := range []string{"CN101", "cn101", "manifest-unknown-field"} {
		code, out, errOut := run(t, dir, "rules", id)
		if code != exitOK || errOut != "" {
			t.Fatalf("rules %s: exit %d %s", id, code, errOut)
		}
		if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, r.Full) {
			t.Errorf("rules %s lacks the full description:\n%s", id, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if len(line) > 80 && !strings.HasPrefix(line, "How to fix:") && !strings.HasPrefix(line, "Docs:") {
				t.Errorf("rules %s: line longer than 80 bytes: %q", id, line)
			}
		}
		for _, want := range []string{"CN101 manifest-unknown-field\n", r.Short, "Default severity: error\n",
			"Fixable:          yes (squadci lint --fix): respells", "How to fix:       " + r.Help + "\n", "Docs:             " + r.HelpURL() + "\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("rules %s lacks %q:\n%s", id, want, out)
			}
		}
	}
	for _, rule := range diag.All() {
		if code, out, _ := run(t, dir, "rules", rule.ID); code != exitOK || !strings.HasPrefix(out, rule.ID+" "+rule.Name+"\n") {
			t.Errorf("rules %s: exit %d\n%s", rule.ID, code, out)
		}
	}
	_, two, _ := run(t, dir, "rules", "CN101", "CN102")
	if !strings.Contains(two, "\n\nCN102 manifest-action-field\n") {
		t.Errorf("two rules:\n%s", two)
	}
}

// TestSquadRulesSayWhatBreaks: every squad-state rule documents which
// consumer misbehaves when it holds and since which release, the reason
// for its default severity (fidelity.md §3), and `rules ID` shows both.
func TestSquadRulesSayWhatBreaks(t *testing.T) {
	for _, r := range diag.All() {
		if !strings.HasPrefix(r.ID, "SS") {
			continue
		}
		if strings.TrimSpace(r.Consumer) == "" || strings.TrimSpace(r.Since) == "" {
			t.Errorf("%s has no Consumer or Since: say what breaks when it holds, and since which release", r.ID)
		}
	}
	r, _ := diag.Lookup("SS106")
	_, out, _ := run(t, t.TempDir(), "rules", "SS106")
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"What breaks: " + r.Consumer, "Since: " + r.Since} {
		if !strings.Contains(flat, want) {
			t.Errorf("rules SS106 lacks %q:\n%s", want, out)
		}
	}
}

// TestEveryRuleSaysWhatBreaks: every rule, of every domain, names in
// Consumer who misbehaves when it holds (a host, squadci's own poll, resume
// or merge, the adapter, the Squad coordinator) and why its default severity
// is what it is; docs/rules.md prints it as "What breaks".
func TestEveryRuleSaysWhatBreaks(t *testing.T) {
	for _, r := range diag.All() {
		c := strings.TrimSpace(r.Consumer)
		if c == "" {
			t.Errorf("%s has no Consumer: say which consumer misbehaves, how, and why the default severity is %s", r.ID, r.Severity)
			continue
		}
		if len(c) < 20 {
			t.Errorf("%s: Consumer %q is too short to name a consumer and a consequence", r.ID, c)
		}
	}
	r, _ := diag.Lookup("CN301")
	_, out, _ := run(t, t.TempDir(), "rules", "CN301")
	if flat := strings.Join(strings.Fields(out), " "); !strings.Contains(flat, "What breaks: "+r.Consumer) {
		t.Errorf("rules CN301 lacks its consumer:\n%s", out)
	}
}

func TestRulesUnknownID(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"CN1O1":                 ` (did you mean "CN101"?)`,
		"manifest-unknwn-field": ` (did you mean "manifest-unknown-field"?)`,
		"nothing-like-a-rule":   `; 'squadci rules'`,
	}
	for id, want := range cases {
		code, out, errOut := run(t, dir, "rules", "CN101", id)
		if code != exitUsage || out != "" || !strings.Contains(errOut, `no rule has the id or name "`+id+`"`+want) {
			t.Errorf("rules %s: exit %d stdout %q stderr %q", id, code, out, errOut)
		}
	}
}

func TestRulesOneRuleFormats(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := run(t, dir, "rules", "CN102", "--format", "json")
	var one struct {
		ID      string `json:"id"`
		Fixable *bool  `json:"fixable"`
		Help    string `json:"help"`
		HelpURI string `json:"helpUri"`
	}
	if err := json.Unmarshal([]byte(out), &one); code != exitOK || err != nil || one.ID != "CN102" || one.Fixable == nil || *one.Fixable || one.HelpURI == "" {
		t.Errorf("json: exit %d %v %+v\n%s", code, err, one, out)
	}
	code, out, _ = run(t, dir, "rules", "--format", "json")
	var all []map[string]any
	if err := json.Unmarshal([]byte(out), &all); code != exitOK || err != nil || len(all) != len(diag.All()) {
		t.Errorf("json list: exit %d %v, %d rules", code, err, len(all))
	}
	code, out, _ = run(t, dir, "rules", "CN102", "--format", "markdown")
	if code != exitOK || !strings.HasPrefix(out, "## CN102\n\n**`manifest-action-field`**") {
		t.Errorf("markdown:\n%s", out)
	}
	if code, _, _ := run(t, dir, "rules", "--format", "xml"); code != exitUsage {
		t.Errorf("bad format: exit %d", code)
	}
	if code, _, _ := run(t, dir, "rules", "CN101", "--format", "xml"); code != exitUsage {
		t.Errorf("bad format with an id: exit %d", code)
	}
}

// TestFixableRulesSayWhatTheyRepair: a fixable rule says in docs/rules.md
// what --fix changes; a rule that is not fixable says nothing of a repair.
func TestFixableRulesSayWhatTheyRepair(t *testing.T) {
	n := 0
	for _, r := range diag.All() {
		if r.Fixable != (r.Repair != "") {
			t.Errorf("%s: Fixable %v with Repair %q", r.ID, r.Fixable, r.Repair)
		}
		if r.Fixable {
			n++
		}
	}
	if n == 0 {
		t.Error("no rule is fixable")
	}
}
