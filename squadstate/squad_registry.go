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
