package diag

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Rule describes one check. Every field is data: docs/rules.md, `squadci
// rules`, SARIF rules[] and the config validator all read the registry.
type Rule struct {
	ID       string   // stable id, e.g. CN101
	Name     string   // kebab-case, e.g. manifest-unknown-field
	Severity Severity // default severity
	Short    string   // one line
	Full     string   // a paragraph
	Help     string   // how to repair; printed after `help:`
	Domain   string   // which family: engine, json, manifest, ...
	// Consumer says what goes wrong, and for whom, when the rule's
	// condition holds: the reason for its default severity (an error only
	// when a consumer misbehaves or a security property breaks;
	// "nothing breaks: convention" for style rules).
	Consumer string
	// Since names the writer's release from which the expectation holds,
	// e.g. "HVE Squad v0.16.0-pre (c5fdb6b)" or "Squad SDK 0.13.1".
	Since string
	// Secret marks rules whose findings span credential-shaped content:
	// outputs mask that span wherever source text is shown.
	Secret bool
	// Fixable marks rules whose findings can carry a Fix that `squadci
	// lint --fix` applies: the one meaning-preserving repair (adoption.md,
	// Fixes). A fixable rule may still offer none for a given finding.
	Fixable bool
	// Repair says, for a fixable rule, what --fix changes and when it
	// offers nothing; docs/rules.md prints it.
	Repair string
}

// HelpAnchor is the fragment of the rule's section in docs/rules.md.
func (r *Rule) HelpAnchor() string { return strings.ToLower(r.ID) }

// DocsURL is where rule docs live; the fragment is the rule's anchor.
const DocsURL = "https://github.com/squadci/squadci/blob/main/docs/rules.md"

// HelpURL links to the rule's section in docs/rules.md.
func (r *Rule) HelpURL() string { return DocsURL + "#" + r.HelpAnchor() }

// At builds a finding of this rule.
func (r *Rule) At(path string, span Span, format string, args ...any) Diagnostic {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return Diagnostic{Rule: r.ID, Severity: r.Severity, Path: path, Span: span, Message: msg}
}

var (
	mu    sync.RWMutex
	rules = map[string]*Rule{}
	names = map[string]*Rule{}
)

// Register adds a rule at package init. A duplicate id or name is a
// programming error and panics at start-up, never at lint time.
func Register(r Rule) *Rule {
	mu.Lock()
	defer mu.Unlock()
	if r.ID == "" || r.Name == "" || r.Short == "" || r.Severity == SeverityOff {
		panic(fmt.Sprintf("diag: incomplete rule %+v", r))
	}
	if _, dup := rules[r.ID]; dup {
		panic("diag: duplicate rule id " + r.ID)
	}
	if _, dup := names[r.Name]; dup {
		panic("diag: duplicate rule name " + r.Name)
	}
	p := &r
	rules[r.ID] = p
	names[r.Name] = p
	return p
}

// Lookup finds a rule by id (case-insensitive) or by kebab name.
func Lookup(idOrName string) (*Rule, bool) {
	mu.RLock()
	defer mu.RUnlock()
	if r, ok := rules[strings.ToUpper(idOrName)]; ok {
		return r, true
	}
	r, ok := names[idOrName]
	return r, ok
}

// Nearest returns the id or kebab name nearest to idOrName, for a
// did-you-mean; "" when none is close.
func Nearest(idOrName string) string {
	mu.RLock()
	words := make([]string, 0, 2*len(rules))
	for id, r := range rules {
		words = append(words, id, r.Name)
	}
	mu.RUnlock()
	sort.Strings(words) // a stable answer among equally near words
	return Closest(idOrName, words)
}

// All returns every registered rule sorted by id.
func All() []*Rule {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]*Rule, 0, len(rules))
	for _, r := range rules {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
