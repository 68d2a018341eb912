package squadstate

import (
	"strconv"
	"strings"
	"testing"
)

// Ledger parts in the v0.16.0-pre shape, written for these tests: two
// rows whose Total is their sum.
const (
	ledgerAttr  = "## Attribution\n\n| Role | Member |\n|---|---|\n| lead | Beta |\n| orchestration | |\n\n"
	ledgerHead  = "| Role | Turns | In Tokens | Cached | Cache Wr | Out Tokens | Est. Cost (USD) | Est. Credits |\n|---|---|---|---|---|---|---|---|\n"
	ledgerLead  = "| lead | 1 | 10 | 20 | 30 | 40 | 0.1000 | 10.00 |\n"
	ledgerOrch  = "| orchestration | 2 | 1 | 2 | 3 | 4 | 0.2000 | 20.00 |\n"
	ledgerTotal = "| **Total** | **3** | **11** | **22** | **33** | **44** | **0.3000** | **30.00** |\n"
)

func usage(rows ...string) string {
	return "## Usage & Cost\n\n" + ledgerHead + strings.Join(rows, "")
}

func stateWith(cost, credits string) string {
	return `{"schemaVersion": "1.3", "updated": "", "turn": 0, "mode": "interactive", "activeRoles": [], "openEscalations": [], "currentRun": {"estCostUsd": ` + cost + `, "estCreditsTotal": ` + credits + `}, "notify": {}}`
}

// TestLedger checks SS125 on a split ledger: its tables, the Total row
// against the rows (within the per-row rounding of the decimal columns),
// the roles against the history blocks, and state.json's totals.
func TestLedger(t *testing.T) {
	full := ledgerAttr + usage(ledgerLead, ledgerOrch, ledgerTotal)
	total := func(cost, credits string) string {
		return "| **Total** | **3** | **11** | **22** | **33** | **44** | **" + cost + "** | **" + credits + "** |\n"
	}
	ghost := "| ghost | 0 | 0 | 0 | 0 | 0 | 0.0000 | 0.00 |\n"
	blank := "|  | 5 | 5 | 5 | 5 | 5 | 5.0000 | 5.00 |\n"
	tests := []struct {
		name   string
		ledger string
		state  string // "" for no state.json
		hist   string // the history file's name under history/ ("" for "Squad Lead.md")
		want   []string
	}{
		{"a ledger that adds up", full, stateWith("0.3", "30"), "", nil},
		{"no state.json", full, "", "", nil},
		{"no consumption.md", "", stateWith("0.3", "30"), "", nil},
		{"cost within the rows' rounding", ledgerAttr + usage(ledgerLead, ledgerOrch, total("0.3002", "30.00")), stateWith("0.3002", "30"), "", nil},
		{"credits within the rows' rounding", ledgerAttr + usage(ledgerLead, ledgerOrch, total("0.3000", "30.02")), stateWith("0.3", "30.02"), "", nil},
		{"cost beyond the rounding", ledgerAttr + usage(ledgerLead, ledgerOrch, total("0.3003", "30.00")), stateWith("0.3003", "30"), "",
			[]string{"Total Est. Cost (USD) is 0.3003 but the rows above sum to 0.3"}},
		{"credits beyond the rounding", ledgerAttr + usage(ledgerLead, ledgerOrch, total("$0.3000", "30.03")), stateWith("0.3", "30.03"), "",
			[]string{"Total Est. Credits is 30.03 but the rows above sum to 30"}},
		{"turns off by one", ledgerAttr + usage(ledgerLead, ledgerOrch, strings.Replace(ledgerTotal, "**3**", "**4**", 1)), stateWith("0.3", "30"), "",
			[]string{"Total Turns is 4 but the rows above sum to 3"}},
		{"a row without a role is not summed", ledgerAttr + usage(ledgerLead, blank, ledgerOrch, ledgerTotal), stateWith("0.3", "30"), "", nil},
		{"state cost within the rounding", full, stateWith("0.3002", "30"), "", nil},
		{"state credits within the rounding", full, stateWith("0.3", "30.02"), "", nil},
		{"state cost off", full, stateWith("0.31", "30"), "",
			[]string{"currentRun.estCostUsd is 0.31 but the ledger Total is 0.3 (" + sq + "consumption.md:"}},
		{"state credits off", full, stateWith("0.3", "31"), "",
			[]string{"currentRun.estCreditsTotal is 31 but the ledger Total is 30 ("}},
		{"no orchestration attribution", "## Attribution\n\n| Role | Member |\n|---|---|\n| lead | Beta |\n\n" + usage(ledgerLead, ledgerOrch, ledgerTotal), stateWith("0.3", "30"), "",
			[]string{"the Attribution table has no orchestration row"}},
		{"Attribution heading without a table", "## Attribution\n\nNone yet.\n\n" + usage(ledgerLead, ledgerOrch, ledgerTotal), stateWith("0.3", "30"), "",
			[]string{"consumption.md has no ## Attribution table"}},
		{"no Usage & Cost heading", ledgerAttr, stateWith("0.3", "30"), "",
			[]string{"consumption.md has no ## Usage & Cost table"}},
		{"Usage & Cost heading without a table", ledgerAttr + "## Usage & Cost\n\nNone yet.\n", stateWith("0.3", "30"), "",
			[]string{"consumption.md has no ## Usage & Cost table"}},
		{"no Total row", ledgerAttr + usage(ledgerLead, ledgerOrch), stateWith("0.3", "30"), "",
			[]string{"the Usage & Cost table has no **Total** row"}},
		{"a missing column", ledgerAttr + "## Usage & Cost\n\n| Role | Turns | In Tokens | Cache Wr | Out Tokens | Est. Cost (USD) | Est. Credits |\n|---|---|---|---|---|---|---|\n" +
			"| lead | 1 | 10 | 30 | 40 | 0.1000 | 10.00 |\n| orchestration | 2 | 1 | 3 | 4 | 0.2000 | 20.00 |\n| **Total** | **3** | **11** | **33** | **44** | **0.3000** | **30.00** |\n", stateWith("0.3", "30"), "",
			[]string{`the Usage & Cost table has no "Cached" column`}},
		{"a row with no history block", ledgerAttr + usage(ledgerLead, ghost, ledgerOrch, ledgerTotal), stateWith("0.3", "30"), "",
			[]string{`role "ghost" has a ledger row but no history block`}},
		{"history blocks with no row", ledgerAttr + usage(ledgerOrch, "| **Total** | **2** | **1** | **2** | **3** | **4** | **0.2000** | **20.00** |\n"), stateWith("0.2", "20"), "",
			[]string{`role "lead" has history blocks (` + sq + `history/Squad Lead.md) but no Usage & Cost row`}},
		{"a slug-named history file counts for its agent", ledgerAttr + usage(ledgerOrch, "| **Total** | **2** | **1** | **2** | **3** | **4** | **0.2000** | **20.00** |\n"), stateWith("0.2", "20"), "squad-lead.md",
			[]string{`role "lead" has history blocks (` + sq + `history/squad-lead.md) but no Usage & Cost row`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hist := tt.hist
			if hist == "" {
				hist = "Squad Lead.md"
			}
			files := map[string]string{sq + "team.md": team8, sq + "history/" + hist: hist10}
			if tt.ledger != "" {
				files[sq+"consumption.md"] = "# Ledger\n\n" + tt.ledger
			}
			if tt.state != "" {
				files[sq+"state.json"] = tt.state
			}
			var got []string
			for _, f := range checkIn(files) {
				if strings.HasPrefix(f, "SS125 ") {
					got = append(got, f)
				}
			}
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.Contains(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("SS125 findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestLedgerAtTheEdges holds the inputs at the very edges of SS125: a
// difference of exactly the tolerance (allowed), and a summed column that
// comes first in the table (the Total row's first cell says Total, so
// that column cannot be compared, but it is not missing either).
func TestLedgerAtTheEdges(t *testing.T) {
	n := 2.0 // two role rows
	tol := strconv.FormatFloat(0.0001*n+1e-9, 'f', -1, 64)
	zero := func(role string) string { return "| " + role + " | 0 | 0 | 0 | 0 | 0 | 0.0000 | 0.00 |\n" }
	totalCost := func(cost string) string {
		return "| **Total** | **0** | **0** | **0** | **0** | **0** | **" + cost + "** | **0.00** |\n"
	}
	turnsFirst := "## Usage & Cost\n\n| Turns | Role | In Tokens | Cached | Cache Wr | Out Tokens | Est. Cost (USD) | Est. Credits |\n|---|---|---|---|---|---|---|---|\n" +
		"| 1 | lead | 10 | 20 | 30 | 40 | 0.1000 | 10.00 |\n| **Total** | | **10** | **20** | **30** | **40** | **0.1000** | **10.00** |\n"
	tests := []struct {
		name, ledger, state string
		want                []string
	}{
		{"Total off by exactly the rounding", ledgerAttr + usage(zero("lead"), zero("orchestration"), totalCost(tol)), stateWith(tol, "0"), nil},
		{"state off by exactly the rounding", ledgerAttr + usage(zero("lead"), zero("orchestration"), totalCost("0.0000")), stateWith(tol, "0"), nil},
		{"a summed column first", ledgerAttr + turnsFirst, stateWith("0.1", "10"), []string{
			"the Usage & Cost table has no orchestration row",
			`role "1" has a ledger row but no history block`,
			`role "lead" has history blocks (` + sq + `history/Squad Lead.md) but no Usage & Cost row`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{sq + "team.md": team8, sq + "history/Squad Lead.md": hist10,
				sq + "consumption.md": "# Ledger\n\n" + tt.ledger, sq + "state.json": tt.state}
			var got []string
			for _, f := range checkIn(files) {
				if strings.HasPrefix(f, "SS125 ") {
					got = append(got, f)
				}
			}
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.Contains(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("SS125 findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
