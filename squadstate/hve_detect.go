package squadstate

import (
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// profileChoice is the format profile chosen for one root and why.
type profileChoice struct {
	profile    *hveProfile
	pinned     bool       // an APM pin decided
	configured bool       // .squadci.yml's squadstate.profile decided
	evidence   []evidence // in the order it was weighed
	fits       []*hveProfile
	conflict   bool   // the shapes fit no single profile
	newer      string // what is newer than squadci knows ("" when nothing)
	against    string // the releases the shapes fit when a pin names another ("" when they agree)
	older      string // a pin older than every profile
}

// evidence is one fact about the root's format and the profiles it fits.
type evidence struct {
	at   string // "team.md:7", "apm.lock.yaml:12"
	what string // "8-column roster"
	fits []int  // indexes into hveProfiles
}

// fitsWhere lists the profile indexes for which keep holds.
func fitsWhere(keep func(*hveProfile) bool) []int {
	var out []int
	for i, p := range hveProfiles {
		if keep(p) {
			out = append(out, i)
		}
	}
	return out
}

// detectProfile chooses the root's profile (fidelity.md §2): the pin when
// there is one, else the profiles every shape fits. Several fit: the
// oldest of them, which prescribes least (each release only added keys,
// columns and contract checks), so nothing its writer could have written
// is reported. None fits: the newest format any shape needs, since a
// deviation no release allowed is judged by the newest rules. No shape at
// all: the newest profile, as before profiles existed.
func detectProfile(h *hveRoot, pin *hvePin, pins []ProfilePin) *profileChoice {
	ch := &profileChoice{evidence: shapeEvidence(h)}
	if cp := configPin(pins, h.dir); cp != nil {
		if v, ok := parseVersion(cp.Release); ok {
			pin = &hvePin{at: ".squadci.yml", said: "squadstate.profile " + quote(cp.Glob), release: cp.Release, version: v, ok: true}
			ch.configured = true
		}
	}
	if pin != nil && pin.ok {
		p, newer, older := profileForVersion(pin.version)
		ch.profile, ch.pinned, ch.fits = p, true, []*hveProfile{p}
		ch.evidence = append([]evidence{{at: pin.at, what: pin.said + " (release " + pin.release + ")", fits: []int{indexOf(p)}}}, ch.evidence...)
		if newer {
			ch.newer = "release " + pin.release
		}
		if older {
			ch.older = "release " + pin.release
		}
		ch.against = shapesAgainst(ch.evidence[1:], p)
		return ch
	}
	if pin != nil {
		ch.evidence = append([]evidence{{at: pin.at, what: pin.said + " names no HVE Squad release squadci knows; the shapes decide"}}, ch.evidence...)
	}
	ch.choose()
	ch.newer = newerState(h)
	return ch
}

// shapesAgainst names the profiles the shapes alone fit when the pinned
// one is not among them: a squad upgraded without its lock, or the reverse.
func shapesAgainst(shapes []evidence, pinned *hveProfile) string {
	alone := &profileChoice{evidence: shapes}
	alone.choose()
	if alone.chosenBy() != "shapes" || alone.conflict {
		return ""
	}
	for _, p := range alone.fits {
		if p == pinned {
			return ""
		}
	}
	return spans(alone.fits)
}

func (ch *profileChoice) choose() {
	set := fitsWhere(func(*hveProfile) bool { return true })
	needs := 0 // the newest profile any shape requires at least
	any := false
	for _, e := range ch.evidence {
		if e.fits == nil {
			continue
		}
		any = true
		set = intersect(set, e.fits)
		needs = max(needs, e.fits[0])
	}
	switch {
	case !any:
		ch.profile, ch.fits = newestProfile(), []*hveProfile{newestProfile()}
		return
	case len(set) == 0:
		ch.profile, ch.conflict = hveProfiles[needs], true
	default:
		ch.profile = hveProfiles[set[0]]
	}
	for _, i := range set {
		ch.fits = append(ch.fits, hveProfiles[i])
	}
}

func intersect(a, b []int) []int {
	var out []int
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
			}
		}
	}
	return out
}

func indexOf(p *hveProfile) int {
	for i, q := range hveProfiles {
		if q == p {
			return i
		}
	}
	return -1
}

// shapeEvidence reads the format facts a root's files show.
func shapeEvidence(h *hveRoot) []evidence {
	var out []evidence
	add := func(e *evidence) {
		if e != nil {
			out = append(out, *e)
		}
	}
	add(rosterEvidence(h))
	add(stateEvidence(h))
	add(blockEvidence(h))
	add(deliverableEvidence(h))
	add(ledgerEvidence(h))
	add(tierEvidence(h))
	return out
}

func rosterEvidence(h *hveRoot) *evidence {
	r := h.team
	if r == nil || r.table == nil {
		return nil
	}
	got := r.table.HeaderTexts()
	what := itoa(len(got)) + "-column roster"
	fits := fitsWhere(func(p *hveProfile) bool { return equalStrings(p.roster, got) })
	if fits == nil { // a damaged header still tells its release by its width
		what += " header"
		fits = fitsWhere(func(p *hveProfile) bool { return len(p.roster) == len(got) })
	}
	if fits == nil {
		return nil
	}
	return &evidence{at: r.doc.at(r.table.Span.Start), what: what, fits: fits}
}

// stateEvidence is schemaVersion, narrowed by the keys present (1.1 with
// or without currentRun) when some table has exactly those keys. A federation root's state.json has its own
// versions, so it says nothing about the squad format.
func stateEvidence(h *hveRoot) *evidence {
	if h.federation || h.state == nil || h.state.root == nil {
		return nil
	}
	sv := h.state.root.Get("schemaVersion")
	if sv == nil || sv.Kind != source.KindString {
		return nil
	}
	fits := fitsWhere(func(p *hveProfile) bool { return p.stateVersion == sv.Str })
	if fits == nil {
		return nil
	}
	if narrow := intersect(fits, fitsWhere(func(p *hveProfile) bool { return sameKeys(p.state, h.state.root) })); narrow != nil {
		fits = narrow
	}
	return &evidence{at: h.state.doc.at(sv.Span.Start), what: "state.json schemaVersion " + quote(sv.Str), fits: fits}
}

// sameKeys reports whether v's top-level keys are the table's: each in
// it, and each required one present.
func sameKeys(table []field, v *source.Value) bool {
	for _, m := range v.Members {
		if !hasField(table, m.Key) {
			return false
		}
	}
	for _, f := range table {
		if !f.optional && v.Get(f.name) == nil {
			return false
		}
	}
	return true
}

func hasField(table []field, name string) bool {
	for _, f := range table {
		if f.name == name {
			return true
		}
	}
	return false
}

// blockEvidence is the newest consumption block form the history shows:
// history is append-only, so an upgraded squad keeps older blocks above
// newer ones.
func blockEvidence(h *hveRoot) *evidence {
	var best *evidence
	for _, f := range h.historyFiles() {
		for _, b := range f.blocks {
			v, _ := b.json(f.doc)
			if v == nil || v.Kind != source.KindObject {
				continue
			}
			keys := memberKeys(v)
			fits := fitsWhere(func(p *hveProfile) bool { return sameSet(p.block.fields, keys) })
			if fits != nil && (best == nil || fits[0] > best.fits[0]) {
				best = &evidence{at: f.doc.at(v.Span.Start), what: itoa(len(keys)) + "-field consumption block", fits: fits}
			}
		}
	}
	return best
}

func memberKeys(v *source.Value) []string {
	keys := make([]string, len(v.Members))
	for i, m := range v.Members {
		keys[i] = m.Key
	}
	return keys
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	x, y := append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(x)
	sort.Strings(y)
	return equalStrings(x, y)
}

// deliverableEvidence is the first "* Deliverable:" bullet of a history
// entry: the fixed entry shape of v0.16.0-pre.
func deliverableEvidence(h *hveRoot) *evidence {
	for _, f := range h.historyFiles() {
		for _, e := range f.entries {
			if b := e.get("Deliverable"); b != nil {
				return &evidence{at: f.doc.at(b.line.Start), what: "a \"* Deliverable:\" history bullet",
					fits: fitsWhere(func(p *hveProfile) bool { return p.deliverable != deliverableNone })}
			}
		}
	}
	return nil
}

// ledgerEvidence is consumption.md's ## Attribution table (the split ledger).
func ledgerEvidence(h *hveRoot) *evidence {
	d := h.file("consumption.md")
	if d == nil {
		return nil
	}
	md := d.markdown()
	if hd := md.FindHeading(2, "Attribution"); hd != nil {
		return &evidence{at: d.at(hd.Span.Start), what: "the split ledger (## Attribution)",
			fits: fitsWhere(func(p *hveProfile) bool { return p.ledgerSplit })}
	}
	if len(md.Tables) > 0 {
		return &evidence{at: d.at(md.Tables[0].Span.Start), what: "the one-table ledger (no ## Attribution)",
			fits: fitsWhere(func(p *hveProfile) bool { return p.rates != nil && !p.ledgerSplit })}
	}
	return nil
}

// tierEvidence is a routing Autonomy Tier only some formats define.
func tierEvidence(h *hveRoot) *evidence {
	for _, row := range h.routing.routes() {
		t := strings.TrimSpace(row.Cell(2).Text)
		fits := fitsWhere(func(p *hveProfile) bool { return isOneOf(t, p.tiers) })
		if fits != nil && len(fits) < len(hveProfiles) {
			return &evidence{at: h.routing.doc.at(row.Span.Start), what: "Autonomy Tier " + quote(t), fits: fits}
		}
	}
	return nil
}

// newerState names a state.json schemaVersion newer than every profile's.
func newerState(h *hveRoot) string {
	if h.state == nil || h.state.root == nil {
		return ""
	}
	sv := h.state.root.Get("schemaVersion")
	if sv == nil || sv.Kind != source.KindString {
		return ""
	}
	got, ok := parseVersion(sv.Str + ".0")
	newest, _ := parseVersion(newestProfile().stateVersion + ".0")
	if ok && newest.less(got) {
		return "state.json schemaVersion " + quote(sv.Str)
	}
	return ""
}
