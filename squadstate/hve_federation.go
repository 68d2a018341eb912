package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// federationColumns is the ## Sub-Squads header (squad-formats.md B8).
var federationColumns = []string{"Sub-squad", "Profile", "Kind", "Location", "Owner", "Description"}

// metaRoutingColumns is meta-routing.md's header.
var metaRoutingColumns = []string{"Pattern / Domain", "Sub-squad", "Parallel-Eligible"}

// federation is federation.md's registry.
type federation struct {
	doc     *doc
	heading *source.Heading
	table   *source.Table
	shape   headerShape
	subs    map[string]*source.Row // lowercased Sub-squad → its first row
}

// federationFile parses federation.md once; nil when the root has none.
func (h *hveRoot) federationFile() *federation {
	if h.subs != nil {
		return h.subs
	}
	d := h.file("federation.md")
	if d == nil {
		return nil
	}
	f := &federation{doc: d, subs: map[string]*source.Row{}}
	f.heading = d.markdown().FindHeading(2, "Sub-Squads")
	if f.heading != nil {
		f.table, f.shape = firstTable(d.markdown(), f.heading, federationColumns, nil)
	}
	if f.shape == headerOK {
		for _, r := range f.table.Rows {
			k := strings.ToLower(strings.TrimSpace(r.Cell(0).Text))
			if _, dup := f.subs[k]; !dup && k != "" {
				f.subs[k] = r
			}
		}
	}
	h.subs = f
	return f
}

// byName returns the registry row of a lowercased sub-squad name, or nil.
func (f *federation) byName(lower string) *source.Row { return f.subs[lower] }
