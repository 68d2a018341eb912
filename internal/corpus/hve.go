package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// hveMember is one row of the HVE team.md Members roster.
type hveMember struct {
	role       string
	work       workRole // zero for the Scribe
	memberName string
	primary    string // the deployed agent's name:
	tier       string
	root       string
}

// hveEntry is one dispatch recorded in a member's history file.
type hveEntry struct {
	member      *hveMember
	turn        int
	at          time.Time
	topic, area string
	deliverable string
	body        []byte
	use         consumption
}

// planHVE fills member i with agent i; member 0 is the Scribe.
func planHVE(seed uint64, n int, agents []agentSpec) []hveMember {
	ms := make([]hveMember, n)
	ms[0] = hveMember{role: "scribe", primary: scribeAgent, tier: "fast", root: "(squad state)"}
	for i := 1; i < n; i++ {
		w := agentRole(i)
		ms[i] = hveMember{role: w.id, work: w, memberName: alias(i - 1), primary: agents[i].name, tier: w.tier, root: w.root}
	}
	return ms
}

// alias is HVE's default Member Name sequence: Alpha … Omega, Alpha-2, …
func alias(i int) string {
	if i < len(greek) {
		return greek[i]
	}
	return fmt.Sprintf("%s-%d", greek[i%len(greek)], i/len(greek)+1)
}

// rosterRoles lists the distinct work roles on the roster, in roster order.
func rosterRoles(ms []hveMember) []workRole {
	var out []workRole
	seen := map[string]bool{}
	for _, m := range ms[1:] {
		if !seen[m.role] {
			seen[m.role] = true
			out = append(out, m.work)
		}
	}
	return out
}

// dispatchesPerTurn is how many members one coordinator turn dispatches.
const dispatchesPerTurn = 3

// planEntries gives every work member one or two dispatches, three per turn.
func planEntries(seed uint64, ms []hveMember) []hveEntry {
	var out []hveEntry
	for i := 1; i < len(ms); i++ {
		r := rngFor(seed, "hve-history", i)
		for range 1 + r.IntN(2) {
			out = append(out, newEntry(r, &ms[i], len(out), "%04d"))
		}
	}
	return out
}

// planEntriesN spreads n dispatches over the work members in turn, three
// per coordinator turn: the squad-state benchmark's history.
func planEntriesN(seed uint64, ms []hveMember, n int) []hveEntry {
	out := make([]hveEntry, 0, n)
	for len(out) < n {
		m := &ms[1+len(out)%(len(ms)-1)]
		out = append(out, newEntry(rngFor(seed, "hve-history-n", len(out)), m, len(out), "%05d"))
	}
	return out
}

// newEntry is the k-th dispatch (0-based) of the run, by member m; seq
// formats its number in the deliverable's name.
func newEntry(r *rand.Rand, m *hveMember, k int, seq string) hveEntry {
	e := hveEntry{member: m, turn: 1 + k/dispatchesPerTurn, area: pick(r, areas), topic: pick(r, topics)}
	e.at = turnTime(e.turn).Add(time.Duration(k%dispatchesPerTurn) * time.Minute)
	e.deliverable = fmt.Sprintf("%s%s-%s-"+seq+".md", m.root, strings.ToLower(m.memberName), strings.ReplaceAll(e.topic, " ", "-"), k+1)
	e.body = deliverableMarkdown(r, e)
	e.use = dispatchConsumption(r, *m)
	return e
}

// GenerateHVE writes only an HVE squad root with members roster rows (the
// Scribe included) and entries dispatch history entries, plus the agent
// files the roster names and the deliverables the history claims: the
// squad-state benchmark tree. Like Generate, it is deterministic and lints
// clean.
func GenerateHVE(dir string, members, entries int, seed uint64) (Stats, error) {
	if members < 2 || entries < 1 {
		return Stats{}, fmt.Errorf("GenerateHVE: need at least 2 members and 1 entry, got %d and %d", members, entries)
	}
	c, err := newCorpus(dir)
	if err != nil {
		return Stats{}, err
	}
	agents := planAgents(seed, members)
	ms := planHVE(seed, members, agents)
	if err := writeAgents(c, agents); err != nil {
		return Stats{}, err
	}
	if err := writeHVEEntries(c, seed, ms, nil, planEntriesN(seed, ms, entries)); err != nil {
		return Stats{}, err
	}
	return Stats{Files: c.files, Bytes: c.bytes}, nil
}

func turnTime(turn int) time.Time { return epoch.Add(time.Duration(turn) * 20 * time.Minute) }

// writeHVE writes the HVE squad root with every eager file (squad-formats.md
// B1) plus history and the deliverables those entries claim. cs, when not nil,
// supplies the Connector Bindings rows.
func writeHVE(c *corpus, seed uint64, ms []hveMember, cs []connector) error {
	return writeHVEEntries(c, seed, ms, cs, planEntries(seed, ms))
}

// writeHVEEntries writes the root for a given set of history entries.
func writeHVEEntries(c *corpus, seed uint64, ms []hveMember, cs []connector, entries []hveEntry) error {
	turns := entries[len(entries)-1].turn
	orch := orchestration(seed, turns)
	rows := ledgerRows(ms, entries, orch)
	files := []file{
		{hveRoot + "team.md", []byte(hveTeam(ms, cs))},
		{hveRoot + "routing.md", []byte(hveRouting(ms))},
		{hveRoot + "decisions.md", []byte(hveDecisions(turns))},
		{hveRoot + "notifications.md", []byte(hveNotifications)},
		{hveRoot + "consumption-rates.md", []byte(consumptionRates)},
		{hveRoot + "consumption.md", []byte(ledgerMarkdown(rows))},
		{hveRoot + "state.json", hveState(turns, rows)},
		{hveRoot + "history/" + scribeAgent + ".md", []byte(scribeHistory(orch))},
	}
	for _, f := range files {
		if err := c.write(f.path, f.data); err != nil {
			return err
		}
	}
	byAgent := map[string][]hveEntry{}
	for _, e := range entries {
		byAgent[e.member.primary] = append(byAgent[e.member.primary], e)
	}
	for _, m := range ms[1:] {
		if len(byAgent[m.primary]) == 0 {
			continue // never dispatched: no history file (squad-formats.md B1)
		}
		if err := c.writeString(hveRoot+"history/"+m.primary+".md", memberHistory(m, byAgent[m.primary])); err != nil {
			return err
		}
	}
	for _, e := range entries {
		if err := c.write(e.deliverable, e.body); err != nil {
			return err
		}
	}
	return nil
}

const hveFrontMatter = "---\ndescription: %q\n---\n\n"

func hveTeam(ms []hveMember, cs []connector) string {
	var b strings.Builder
	fmt.Fprintf(&b, hveFrontMatter, "Squad roster: roles and the deployed HVE Core agents that fill them")
	b.WriteString("# Squad Roster\n\n## Members\n\n")
	b.WriteString("| Role | Member Name | Agent Name (Primary) | Alternate Agents | Selection Cue | Invocation | Model Tier | Deliverable Root |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	for _, m := range ms[1:] {
		fmt.Fprintf(&b, "| %s | %s | %s | — | — | runSubagent / task | %s | %s |\n", m.role, m.memberName, m.primary, m.tier, m.root)
	}
	fmt.Fprintf(&b, "| scribe |  | %s | — | — | runSubagent / task | fast | (squad state) |\n", scribeAgent)
	if cs == nil {
		return b.String()
	}
	b.WriteString("\n## Connector Bindings\n\n")
	b.WriteString("| Binding | Member Name | Mode | Role | Connector | Manifest | Default Execution | Aligned To | Deliverable Root |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, cn := range cs {
		if bd := cn.binding; bd != nil {
			fmt.Fprintf(&b, "| %s | %s | replace | %s | %s | %s | %s | — | %s |\n",
				bd.id, bd.memberName, cn.role.id, cn.manifest.ConnectorID, cn.path, bd.defaultExecution, bd.deliverableRoot)
		}
	}
	return b.String()
}

func hveRouting(ms []hveMember) string {
	var b strings.Builder
	fmt.Fprintf(&b, hveFrontMatter, "Squad routing: request patterns mapped to roles, autonomy tiers, and parallel eligibility")
	b.WriteString("# Squad Routing\n\n")
	b.WriteString("| Pattern / Keyword | Role(s) | Autonomy Tier | Parallel-Eligible |\n|---|---|---|---|\n")
	for _, w := range rosterRoles(ms) {
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", w.patterns, w.id, w.autonomy, w.parallel)
	}
	return b.String()
}

// hveDecisions appends one decision every eighth turn, plus the first.
func hveDecisions(turns int) string {
	var b strings.Builder
	fmt.Fprintf(&b, hveFrontMatter, "Append-only log of squad decisions and their rationale")
	b.WriteString("# Squad Decisions\n\nEntries are appended below in chronological order. Each entry records the decision, its rationale, and the turn it was made on. Prior entries are never edited or removed.\n\n")
	b.WriteString("<!-- Append new decision entries below this line. -->\n")
	for t := 1; t <= turns; t += 8 {
		fmt.Fprintf(&b, "\n## %s Sequence the turn %d dispatches\n\n", stamp(turnTime(t)), t)
		fmt.Fprintf(&b, "* Turn: %d\n", t)
		fmt.Fprintf(&b, "* Decision: Dispatch up to %d roster members in parallel this turn; each writes only under its own Deliverable Root.\n", dispatchesPerTurn)
		b.WriteString("* Rationale: The roles touch disjoint roots, so parallel dispatch cannot collide.\n")
	}
	return b.String()
}

var hveNotifications = fmt.Sprintf(hveFrontMatter, "Append-only log of squad notifications (pings) and their delivery channel") +
	"# Squad Notifications\n\nEach entry records a notification the squad fired. Entries are appended in chronological order and never edited.\n\n" +
	"<!-- Append new notification entries below this line. -->\n"

// historyHeader is the fixed head of every history/<agent>.md.
func historyHeader(agent string) string {
	return fmt.Sprintf(hveFrontMatter, "Append-only dispatch history for a single squad agent") +
		"# History: " + agent + "\n\nEach entry records a request this agent handled, the outcome it returned, and the turn it was dispatched on. Entries are appended in chronological order and never edited.\n\n" +
		"<!-- Append new dispatch entries below this line. -->\n"
}

func memberHistory(m hveMember, entries []hveEntry) string {
	var b strings.Builder
	b.WriteString(historyHeader(m.primary))
	for _, e := range entries {
		if e.member.primary != m.primary {
			continue
		}
		fmt.Fprintf(&b, "\n### %s %s in the %s\n\n", stamp(e.at), e.topic, e.area)
		fmt.Fprintf(&b, "* Turn: %d\n", e.turn)
		fmt.Fprintf(&b, "* Request: Examine %s in the %s.\n", e.topic, e.area)
		fmt.Fprintf(&b, "* Deliverable: `%s` (%d bytes)\n", e.deliverable, len(e.body))
		fmt.Fprintf(&b, "* Outcome: Report written with findings and open questions.\n\n")
		b.WriteString(e.use.block("#### Consumption"))
	}
	return b.String()
}

func scribeHistory(orch []consumption) string {
	var b strings.Builder
	b.WriteString(historyHeader(scribeAgent))
	for i, u := range orch {
		turn := i + 1
		fmt.Fprintf(&b, "\n### %s Turn %d state writes\n\n", stamp(turnTime(turn).Add(5*time.Minute)), turn)
		fmt.Fprintf(&b, "* Turn: %d\n", turn)
		b.WriteString("* Request: Record the turn's dispatches, the ledger and the state.\n")
		b.WriteString("* Deliverable: `.copilot-tracking/squad/state.json`, `.copilot-tracking/squad/consumption.md`\n")
		b.WriteString("* Outcome: History entries, ledger and state written.\n\n")
		b.WriteString(u.block("#### Consumption — Orchestration"))
	}
	return b.String()
}

// hveState is state.json 1.3 with its closed key set, totals from the ledger.
func hveState(turns int, rows []ledgerRow) []byte {
	type currentRun struct {
		SessionModel    string            `json:"sessionModel"`
		ModelOverrides  map[string]string `json:"modelOverrides"`
		EstCostUsd      float64           `json:"estCostUsd"`
		EstCreditsTotal float64           `json:"estCreditsTotal"`
	}
	type github struct {
		Handle string `json:"handle"`
		Repo   string `json:"repo"`
	}
	type notify struct {
		ApprovalChannel string `json:"approvalChannel"`
		Enabled         bool   `json:"enabled"`
		Email           string `json:"email"`
		GitHub          github `json:"github"`
	}
	type state struct {
		SchemaVersion   string     `json:"schemaVersion"`
		Updated         string     `json:"updated"`
		Turn            int        `json:"turn"`
		Mode            string     `json:"mode"`
		ActiveRoles     []string   `json:"activeRoles"`
		OpenEscalations []string   `json:"openEscalations"`
		CurrentRun      currentRun `json:"currentRun"`
		Notify          notify     `json:"notify"`
	}
	units := totalCost(rows)
	return jsonBytes(state{
		SchemaVersion:   "1.3",
		Updated:         stamp(turnTime(turns).Add(5 * time.Minute)),
		Turn:            turns,
		Mode:            "interactive",
		ActiveRoles:     []string{},
		OpenEscalations: []string{},
		CurrentRun:      currentRun{SessionModel: "auto", ModelOverrides: map[string]string{}, EstCostUsd: float64(units) / 1e4, EstCreditsTotal: float64(units) / 100},
		Notify:          notify{ApprovalChannel: "in-chat"},
	})
}

// deliverableMarkdown is the report a dispatch claims in its history entry.
func deliverableMarkdown(r *rand.Rand, e hveEntry) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s in the %s\n\n", e.member.work.title, e.topic, e.area)
	fmt.Fprintf(&b, "Member %s, turn %d.\n\n## Findings\n\n", e.member.memberName, e.turn)
	for i := range 2 + r.IntN(3) {
		fmt.Fprintf(&b, "%d. %s %s.\n", i+1, strings.ToUpper(e.topic[:1])+e.topic[1:], pick(r, []string{
			"differs between the two entry points", "has no regression test", "is documented but not enforced",
			"is handled consistently", "depends on a configuration default",
		}))
	}
	b.WriteString("\n## Next steps\n\n- Confirm the findings with the owning team.\n")
	return []byte(b.String())
}
