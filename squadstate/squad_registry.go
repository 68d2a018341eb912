package squadstate

import (
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// registry is .squad/casting/registry.json: {"agents": {key: entry}}.
type registry struct {
	doc    *doc
	agents *source.Value // the agents object, nil when missing or mistyped
}

func parseRegistry(d *doc) *registry {
	if d == nil {
		return nil
	}
	r := &registry{doc: d}
	if root := d.jsonDoc().Root; root != nil && root.Kind == source.KindObject {
		if a := root.Get("agents"); a != nil && a.Kind == source.KindObject {
			r.agents = a
		}
	}
	return r
}

// entries returns the registry's entries that are objects, in source order.
func (r *registry) entries() []*source.Value {
	if r == nil || r.agents == nil {
		return nil
	}
	var out []*source.Value
	for _, m := range r.agents.Members {
		if m.Kind == source.KindObject {
			out = append(out, m)
		}
	}
	return out
}

// entry returns the entry under key, or nil.
func (r *registry) entry(key string) *source.Value {
	if r == nil || r.agents == nil {
		return nil
	}
	if e := r.agents.Get(key); e != nil {
		return e
	}
	// Squad lowercases keys when it writes them, and no reader requires it:
	// a mixed-case key still names its member.
	for _, e := range r.agents.Members {
		if strings.EqualFold(e.Key, key) {
			return e
		}
	}
	return nil
}

func (r *registry) keys() []string {
	var out []string
	for _, e := range r.entries() {
		out = append(out, e.Key)
	}
	sort.Strings(out)
	return out
}

// registryStatuses are the statuses Squad writes and types: active (cast,
// presets, migrate), retired (the coordinator's member removal) and
// inactive (the SDK's agent status type, squad build's status column).
var registryStatuses = []string{"active", "inactive", "retired"}

// entryStatus is an entry's status as the SDK reads it
// (config/team-capabilities.js readRegistryStatuses): the string
// lower-cased, and "active" when it is missing or not a string. Every
// status but active keeps the member out of the team's advertised
// capabilities.
func entryStatus(e *source.Value) string {
	if s := e.Get("status"); s != nil && s.Kind == source.KindString {
		return strings.ToLower(s.Str)
	}
	return "active"
}

// castExempt reports an entry whose name casting never drew from a
// universe: the built-ins and @copilot (castBuiltin), and the legacy_named
// members kept under their pre-casting names.
func castExempt(e *source.Value) bool {
	if castBuiltin(e) {
		return true
	}
	l := e.Get("legacy_named")
	return l != nil && l.Kind == source.KindBool && l.Bool
}

// castBuiltin reports an entry for a built-in or @copilot, "exempt from
// casting" in the coordinator's rules (their universe is often written
// "exempt"), by key or persistent_name.
func castBuiltin(e *source.Value) bool {
	name := str(e.Get("persistent_name"))
	for _, n := range []string{e.Key, name} {
		if builtinNamed(n) != nil || isBuiltinDir(n) || strings.EqualFold(strings.TrimPrefix(n, "@"), "copilot") {
			return true
		}
	}
	return false
}
