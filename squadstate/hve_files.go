package squadstate

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// routingColumns is the routing.md header (squad-formats.md B3).
var routingColumns = []string{"Pattern / Keyword", "Role(s)", "Autonomy Tier", "Parallel-Eligible"}

// legacyRoutingColumns is what the hve-squad-mcp server writes.
var legacyRoutingColumns = []string{"Role", "Seeded"}

// routingTable is routing.md's one table.
type routingTable struct {
	doc   *doc
	table *source.Table
	shape headerShape
}

func parseRouting(d *doc) *routingTable {
	r := &routingTable{doc: d}
	md := d.markdown()
	if len(md.Tables) == 0 {
		return r
	}
	r.table = md.Tables[0]
	switch got := r.table.HeaderTexts(); {
	case equalStrings(got, routingColumns):
		r.shape = headerOK
	case equalStrings(got, legacyRoutingColumns):
		r.shape = headerLegacy
	default:
		r.shape = headerWrong
	}
	return r
}

// routes returns the data rows when the header is the canonical one.
func (r *routingTable) routes() []*source.Row {
	if r == nil || r.shape != headerOK {
		return nil
	}
	return r.table.Rows
}

// routeRoles splits a Role(s) cell into role ids, "(optional)" stripped,
// each with its span inside the cell.
func routeRoles(c source.Cell, src []byte) []spanText {
	var out []spanText
	raw := src[c.Span.Start:c.Span.End]
	start := 0
	for i := 0; i <= len(raw); i++ {
		if i < len(raw) && raw[i] != ',' {
			continue
		}
		part := string(raw[start:i])
		lead := len(part) - len(strings.TrimLeft(part, " \t"))
		t := strings.TrimSpace(part)
		t = strings.TrimSpace(strings.TrimSuffix(t, "(optional)"))
		t = unbacktick(t)
		if !isNone(t) {
			s := c.Span.Start + start + lead
			out = append(out, spanText{t, diag.Span{Start: s, End: s + len(strings.TrimSpace(part))}})
		}
		start = i + 1
	}
	return out
}

// spanText is a piece of text and where it is.
type spanText struct {
	text string
	span diag.Span
}

// stateFile is state.json.
type stateFile struct {
	doc  *doc
	root *source.Value // the top-level object, nil when it is not one
}

func parseState(d *doc) *stateFile {
	s := &stateFile{doc: d}
	if r := d.jsonDoc().Root; r != nil && r.Kind == source.KindObject {
		s.root = r
	}
	return s
}

// turn returns state.json's turn when it is an integer.
func (s *stateFile) turn() (int64, bool) {
	if s == nil || s.root == nil {
		return 0, false
	}
	return s.root.Get("turn").Int()
}

// ratesFile is consumption-rates.md.
type ratesFile struct {
	doc         *doc
	modelTable  *source.Table     // the first table with the form's rate columns and no Priced as
	tierTable   *source.Table     // the first table with a Priced as column
	models      map[string]string // model or Priced as name → tier ("" when unknown)
	calibration *spanText
	observe     *spanText
}

// The calibration keys are found the way HVE's own Tier-1 reader finds them
// (tests/tier1/SquadState.psm1): case-insensitive, at a line start,
// optionally bulleted and backticked, with : or =, so the seeded
// "* `calibration_factor`: 1.00" is read as well as the bare form.
var (
	calibrationRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?im)^\\s*[*-]?\\s*`?calibration_factor`?\\s*[:=]\\s*([^\\s`]+)")
	})
	observationsRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?im)^\\s*[*-]?\\s*`?observations`?\\s*[:=]\\s*([^\\s`]+)")
	})
)

func parseRates(d *doc, form *ratesForm) *ratesFile {
	r := &ratesFile{doc: d, models: map[string]string{}}
	for _, t := range d.markdown().Tables {
		hasRates := true
		for _, col := range form.columns {
			hasRates = hasRates && t.Column(col) >= 0
		}
		switch priced := t.Column("Priced as"); {
		case priced >= 0 && r.tierTable == nil:
			r.tierTable = t
			tier := t.Column("Tier")
			for _, row := range t.Rows {
				r.addModel(row.Cell(priced).Text, row.Cell(tier).Text, tier >= 0)
			}
		case priced < 0 && hasRates && r.modelTable == nil:
			r.modelTable = t
			tier := t.Column("Tier")
			for _, row := range t.Rows {
				r.addModel(row.Cell(0).Text, row.Cell(tier).Text, tier >= 0)
			}
		}
	}
	r.calibration = findValue(d, calibrationRE())
	r.observe = findValue(d, observationsRE())
	return r
}

func (r *ratesFile) addModel(name, tier string, hasTier bool) {
	name = unbacktick(name)
	if name == "" {
		return
	}
	if !hasTier {
		tier = ""
	}
	if _, ok := r.models[name]; !ok {
		r.models[name] = strings.TrimSpace(tier)
	}
}

// findValue returns the first capture of re in the file, with its span.
func findValue(d *doc, re *regexp.Regexp) *spanText {
	m := re.FindSubmatchIndex(d.src)
	if m == nil {
		return nil
	}
	return &spanText{string(d.src[m[2]:m[3]]), diag.Span{Start: m[2], End: m[3]}}
}

// decisionLog is decisions.md: its entries are the H2/H3 headings after the
// append marker (or after the H1 when there is no marker).
type decisionLog struct {
	doc     *doc
	entries []*source.Heading
}

const decisionsMarker = "Append new decision entries below this line."

func parseDecisionLog(d *doc) *decisionLog {
	md := d.markdown()
	from := 0
	for _, c := range md.Comments {
		if c.Text == decisionsMarker {
			from = c.Span.End
			break
		}
	}
	if from == 0 {
		for _, h := range md.Headings {
			if h.Level == 1 {
				from = h.Span.End
				break
			}
		}
	}
	l := &decisionLog{doc: d}
	for _, h := range md.Headings {
		if h.Span.Start >= from && (h.Level == 2 || h.Level == 3) {
			l.entries = append(l.entries, h)
		}
	}
	return l
}

// retiredHeadings returns the text of every Connector Binding Retirement
// decision: a history entry whose heading it names stays valid after its
// binding row is gone (seed "What is not supported yet").
func (l *decisionLog) retirementText() string {
	if l == nil {
		return ""
	}
	var b strings.Builder
	md := l.doc.markdown()
	for _, h := range l.entries {
		if strings.Contains(h.Text, "Connector Binding Retirement") {
			b.Write(l.doc.src[h.Span.Start:md.SectionEnd(h)])
		}
	}
	return b.String()
}
