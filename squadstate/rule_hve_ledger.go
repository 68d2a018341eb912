package squadstate

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleLedger = diag.Register(diag.Rule{
	ID: "SS125", Name: "hve-ledger", Severity: diag.SeverityWarning, Domain: "squad-state",
	Short: "consumption.md disagrees with itself, the history blocks or state.json",
	Full: "From v0.11.11 consumption.md is re-derived from every history block: ## Attribution and ## Usage & Cost each " +
		"have an orchestration row, Usage & Cost ends with a **Total** row equal to the sum of the rows " +
		"above (costs within rounding), there is a row for every role with history blocks and for no other " +
		"role, and state.json's currentRun.estCostUsd and estCreditsTotal follow the Total.",
	Help: "regenerate the ledger from the history blocks (the Scribe's ledger step) rather than editing figures by hand",

	Consumer: "nothing blocks: the cost ledger misstates totals, and Tier-1 only advises on it (CON, v0.16.0-pre)",
	Since:    "HVE Squad v0.11.11 (a3221f4, split ledger)",
})

// usageColumns are the Usage & Cost columns that sum; the last two are
// decimals rounded per row.
var usageColumns = []string{"Turns", "In Tokens", "Cached", "Cache Wr", "Out Tokens", "Est. Cost (USD)", "Est. Credits"}

func checkLedger(c *checker, h *hveRoot) {
	d := h.file("consumption.md")
	if d == nil || h.federation || !h.profile.ledgerSplit {
		return // before v0.11.11 the ledger was one wide table
	}
	l := parseLedger(d)
	for _, t := range []struct {
		name  string
		table *source.Table
	}{{"Attribution", l.attribution}, {"Usage & Cost", l.usage}} {
		switch {
		case t.table == nil:
			c.report(ruleLedger.At(d.path, d.head(), "consumption.md has no ## %s table", t.name))
		case !hasRoleRow(t.table, "orchestration"):
			c.report(ruleLedger.At(d.path, t.table.Header.Span, "the %s table has no orchestration row", t.name))
		}
	}
	if l.usage == nil {
		return
	}
	total := checkTotals(c, d, l.usage)
	checkLedgerRoles(c, h, d, l.usage)
	if total != nil {
		checkStateTotals(c, h, d, l.usage, total)
	}
}

func hasRoleRow(t *source.Table, role string) bool {
	for _, r := range t.Rows {
		if strings.TrimSpace(r.Cell(0).Text) == role {
			return true
		}
	}
	return false
}

// checkTotals compares the Total row with the sums; it returns the Total
// row when there is one.
func checkTotals(c *checker, d *doc, t *source.Table) *source.Row {
	var total *source.Row
	for _, r := range t.Rows {
		if isTotalRow(r) {
			total = r
		}
	}
	if total == nil {
		c.report(ruleLedger.At(d.path, t.Span, "the Usage & Cost table has no **Total** row"))
		return nil
	}
	rows := roleRows(t)
	for _, col := range usageColumns {
		i := t.Column(col)
		if i < 0 {
			c.report(ruleLedger.At(d.path, t.Header.Span, "the Usage & Cost table has no %q column", col))
			continue
		}
		sum, ok := 0.0, true
		for _, r := range rows {
			v, good := ledgerNumber(r.Cell(i).Text)
			sum, ok = sum+v, ok && good
		}
		got, good := ledgerNumber(total.Cell(i).Text)
		if !ok || !good {
			continue
		}
		tol := 1e-9
		switch col {
		case "Est. Cost (USD)":
			tol = 0.0001*float64(len(rows)) + 1e-9
		case "Est. Credits":
			tol = 0.01*float64(len(rows)) + 1e-9
		}
		if math.Abs(got-sum) > tol {
			c.report(ruleLedger.At(d.path, total.Cell(i).Span, "Total %s is %s but the rows above sum to %s", col, strings.Trim(total.Cell(i).Text, "* "), trimFloat(sum)))
		}
	}
	return total
}

func trimFloat(f float64) string {
	s := fmt.Sprintf("%.4f", f)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// checkLedgerRoles compares the ledger's roles with the roles that have
// history blocks.
func checkLedgerRoles(c *checker, h *hveRoot, d *doc, t *source.Table) {
	dispatched, where, complete := dispatchedRoles(h)
	inLedger := map[string]bool{}
	for _, r := range roleRows(t) {
		role := strings.TrimSpace(r.Cell(0).Text)
		inLedger[role] = true
		if role != "orchestration" && !dispatched[role] && complete {
			c.report(ruleLedger.At(d.path, r.Cell(0).Span, "role %s has a ledger row but no history block", quote(role)))
		}
	}
	for _, role := range sortedKeys(dispatched) {
		if !inLedger[role] {
			c.report(ruleLedger.At(d.path, t.Header.Span, "role %s has history blocks (%s) but no Usage & Cost row", quote(role), where[role]))
		}
	}
}

// dispatchedRoles maps each role with at least one history block to the
// history file that shows it. complete is false when a connector entry's
// role could not be resolved (an unknown member, a malformed bindings
// table): then a ledger row without visible history is not reported.
func dispatchedRoles(h *hveRoot) (roles map[string]bool, where map[string]string, complete bool) {
	roles, where, complete = map[string]bool{}, map[string]string{}, true
	mark := func(role, file string) {
		if role != "" && !roles[role] {
			roles[role], where[role] = true, file
		}
	}
	for _, f := range h.historyFiles() {
		if f.base == scribeAgent || h.isRunSummary(f.base) || len(f.blocks) == 0 {
			continue
		}
		if f.base == connectorPrimary {
			for _, e := range f.entries {
				if len(e.blocks) == 0 {
					continue
				}
				var bs []*binding
				if m := e.get("Member"); m != nil {
					bs = h.bindingsByMember(strings.TrimSpace(m.value.text))
				}
				complete = complete && len(bs) > 0
				for _, b := range bs {
					mark(b.roleText, f.doc.path)
				}
			}
			continue
		}
		agent := f.base
		if a := h.slugAgent(f.base); a != "" && len(agentRoles(h, f.base)) == 0 {
			agent = a // a legacy slug-named file (SS120)
		}
		for _, role := range agentRoles(h, agent) {
			mark(role, f.doc.path)
		}
	}
	return roles, where, complete
}

// agentRoles are the roles whose Primary is agent, or failing that the
// roles that list it as an Alternate.
func agentRoles(h *hveRoot, agent string) []string {
	ai := h.agentIndex()[agent]
	switch {
	case ai == nil:
		return nil
	case len(ai.primaryRoles) > 0:
		return ai.primaryRoles
	}
	return ai.altRoles
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func checkStateTotals(c *checker, h *hveRoot, d *doc, t *source.Table, total *source.Row) {
	if h.state == nil || h.state.root == nil {
		return
	}
	run := h.state.root.Get("currentRun")
	n := float64(len(roleRows(t)))
	for _, p := range []struct {
		key, col string
		tol      float64
	}{{"estCostUsd", "Est. Cost (USD)", 0.0001 * n}, {"estCreditsTotal", "Est. Credits", 0.01 * n}} {
		v := run.Get(p.key)
		i := t.Column(p.col)
		want, ok := ledgerNumber(total.Cell(i).Text)
		if v == nil || v.Kind != source.KindNumber || i < 0 || !ok {
			continue
		}
		got, _ := ledgerNumber(v.Str)
		if math.Abs(got-want) > p.tol+1e-9 {
			c.report(ruleLedger.At(h.state.doc.path, v.Span, "currentRun.%s is %s but the ledger Total is %s (%s)", p.key, v.Str, trimFloat(want), d.at(total.Span.Start)))
		}
	}
}
