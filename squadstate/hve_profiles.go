package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// hveProfile is the HVE Squad state format of one span of releases: what a
// squad root written by those releases holds and which checks apply to it.
// The profiles are data, read from Peter-N91/hve-squad's history (its
// squad-src seed templates, instructions and, from v0.16.0-pre, the Tier-1
// state contract under tests/tier1/). A check reads the fields it needs
// from the root's profile; it never asks which release wrote the root.
type hveProfile struct {
	name          string // the first release, used as the profile's name: "v0.12.1"
	first, last   string // the release span, inclusive
	commit        string // the commit whose change opened the span
	stateVersion  string // state.json schemaVersion
	state         []field
	stateClosed   bool     // unknown state.json keys are errors (else not reported)
	roster        []string // the ## Members header, in order
	tiers         []string // routing.md Autonomy Tier values
	routesByRole  bool     // routing.md Role(s) holds role ids only (agent names before)
	eager         []string // files Init seeds in a squad root
	runSummaries  []runSummary
	block         blockForm
	deliverable   deliverableForm
	initHistEmpty bool       // Init leaves history/ empty (Tier-1 SQ-09)
	titleLiteral  bool       // the history title is exactly "# History: <agent>" (else it begins so)
	ledgerSplit   bool       // consumption.md has ## Attribution and ## Usage & Cost
	rates         *ratesForm // nil: no rates file in this span
	advisory      []string   // rules no consumer of the span blocks on (Tier-1 only advises, or no reader): their findings are warnings
}

// runSummary is a per-run history file: history/<prefix><id>.md titled
// "# <title><id>".
type runSummary struct{ prefix, title string }

// blockForm is the per-dispatch consumption block of a span.
type blockForm struct {
	fields    []string // in contractual order; nil: no block is written
	container bool     // "#### Consumption" + a fenced json block is the only parseable shape
	// perEntry: every history entry (a dispatch record) carries its own
	// block. The Scribe's rule from 583a187 (v0.8.13): "never append a
	// dispatch record without also writing its consumption block".
	perEntry bool
	// missing is the severity of an entry without its block: a warning
	// while nothing reads the blocks back, an error once the ledger is
	// re-derived from them (7e76a3a, v0.12.1) and Tier-1 SQ-14 blocks on
	// it (v0.16.0-pre).
	missing diag.Severity
}

// deliverableForm says whether history entries claim a deliverable.
type deliverableForm uint8

const (
	deliverableNone   deliverableForm = iota // no "* Deliverable:" bullet in this span
	deliverableQuoted                        // "* Deliverable: `path`"
	deliverableBare                          // backticked, or one bare path
)

// ratesForm is consumption-rates.md's shape in a span.
type ratesForm struct {
	columns     []string // the per-model table's rate columns
	fallback    bool     // a tier-fallback table with a Priced as column
	estimator   bool     // a dispatch-size estimator section
	calibration bool     // calibration_factor
}

// preTier1Advisory are the checks whose only consumer is the Tier-1 state
// contract (a006a64, v0.16.0-pre): before it, nothing reads a history
// file's title (the coordinator finds the file by its name), so a wrong
// title is a warning in those releases.
var preTier1Advisory = []string{"SS119"}

// Field tables, one per state.json shape. A new shape is a new table.
var (
	// state10 is the 1.0 seed: SKILL.md at 29f6aab (v0.2.0).
	state10 = []field{
		{name: "schemaVersion", kind: source.KindString, check: oneOf("1.0")},
		{name: "updated", kind: source.KindString, check: isoTime},
		{name: "turn", kind: source.KindNumber, check: nonNegativeInt},
		{name: "activeRoles", kind: source.KindArray, check: stringsOnly},
		{name: "openEscalations", kind: source.KindArray},
	}
	notifyField = field{name: "notify", kind: source.KindObject, fields: []field{
		{name: "approvalChannel", kind: source.KindString, check: oneOf("in-chat", "github-issue", "webhook")},
		{name: "enabled", kind: source.KindBool},
		{name: "email", kind: source.KindString},
		{name: "github", kind: source.KindObject, fields: []field{
			{name: "handle", kind: source.KindString},
			{name: "repo", kind: source.KindString},
		}},
	}}
	modeField = field{name: "mode", kind: source.KindString, check: oneOf("interactive", "autonomous", "autopilot")}
	// state11 adds mode and notify: bd9fda5 (v0.4.0).
	state11 = []field{
		{name: "schemaVersion", kind: source.KindString, check: oneOf("1.1")},
		state10[1], state10[2], modeField, state10[3], state10[4], notifyField,
	}
	// state11Run adds currentRun without a version bump: cc28101 (v0.8.5).
	state11Run = []field{
		state11[0], state10[1], state10[2], modeField, state10[3], state10[4],
		{name: "currentRun", kind: source.KindObject, fields: runTotals},
		notifyField,
	}
	runTotals = []field{
		{name: "estCostUsd", kind: source.KindNumber},
		{name: "estCreditsTotal", kind: source.KindNumber},
	}
	triggerField = field{name: "trigger", kind: source.KindObject, optional: true}
	// state12 adds the optional Watch Mode trigger: c4b58bf (v0.9.0).
	state12 = []field{
		{name: "schemaVersion", kind: source.KindString, check: oneOf("1.2")},
		state10[1], state10[2], modeField, state10[3], state10[4],
		{name: "currentRun", kind: source.KindObject, fields: runTotals},
		notifyField, triggerField,
	}
	// state13 gives currentRun sessionModel and modelOverrides: 7e9724b
	// (v0.11.4). From c5fdb6b (v0.16.0-pre) the same keys are declared a
	// closed set (hveProfile.stateClosed).
	state13 = []field{
		{name: "schemaVersion", kind: source.KindString, check: oneOf("1.3")},
		state10[1], state10[2], modeField, state10[3], state10[4],
		{name: "currentRun", kind: source.KindObject, fields: []field{
			{name: "sessionModel", kind: source.KindString},
			{name: "modelOverrides", kind: source.KindObject},
			runTotals[0], runTotals[1],
		}},
		notifyField, triggerField,
	}
)

// Roster headers, one per shape.
var (
	// roster5 is 29f6aab (v0.2.0).
	roster5 = []string{"Role", "Agent Name (Primary)", "Alternate Agents", "Invocation", "Model Tier"}
	// roster6 adds Member Name after Role: 61db392 (v0.3.0).
	roster6 = []string{"Role", "Member Name", "Agent Name (Primary)", "Alternate Agents", "Invocation", "Model Tier"}
	// roster7 adds Deliverable Root last: d31152f (v0.11.0).
	roster7 = []string{"Role", "Member Name", "Agent Name (Primary)", "Alternate Agents", "Invocation", "Model Tier", "Deliverable Root"}
	// roster8 adds Selection Cue after Alternate Agents: 178e6c1/c5fdb6b (v0.16.0-pre).
	roster8 = []string{"Role", "Member Name", "Agent Name (Primary)", "Alternate Agents", "Selection Cue", "Invocation", "Model Tier", "Deliverable Root"}
)

// Consumption block field lists, one per shape.
var (
	// block11 is cc28101 (v0.8.5).
	block11 = []string{"model", "model_tier", "input_tokens", "cached_tokens", "output_tokens",
		"input_rate", "cached_rate", "output_rate", "est_cost_usd", "est_credits", "basis"}
	// block16 adds attribution and cache writes: 7e9724b (v0.11.4).
	block16 = []string{"model", "model_source", "priced_as", "model_tier", "internal_turns",
		"input_tokens", "cached_tokens", "cache_write_tokens", "output_tokens",
		"input_rate", "cached_rate", "cache_write_rate", "output_rate", "est_cost_usd", "est_credits", "basis"}
	// block10 drops rates and cost: 256bb42/44ad220 (#82, v0.16.0-pre).
	block10 = []string{"model", "model_source", "priced_as", "model_tier", "internal_turns",
		"input_tokens", "cached_tokens", "cache_write_tokens", "output_tokens", "basis"}
)

// Other per-span lists.
var (
	// tiers3 is v0.2.0; auto-validated joins in 61db392 (v0.3.0).
	tiers3 = []string{"auto", "confirm", "escalate"}
	tiers4 = []string{"auto", "confirm", "escalate", "auto-validated"}

	// eager4 is v0.2.0 (history/ is a directory, not a file).
	eager4 = []string{"team.md", "routing.md", "decisions.md", "state.json"}
	// eager5 adds notifications.md: bd9fda5 (v0.4.0). consumption.md and
	// consumption-rates.md exist from v0.8.5 but are written lazily.
	eager5 = []string{"team.md", "routing.md", "decisions.md", "state.json", "notifications.md"}
	// eager7 seeds the consumption files at Init: d585bcf (#77, v0.16.0-pre).
	eager7 = []string{"team.md", "routing.md", "decisions.md", "state.json", "notifications.md", "consumption.md", "consumption-rates.md"}

	// loopSummary is 61db392 (v0.3.0); autopilotSummary is bd9fda5 (v0.4.0).
	loopSummary      = runSummary{"autonomous-loop-", "Autonomous Loop: "}
	autopilotSummary = runSummary{"autopilot-run-", "Autopilot Run: "}
	summaries1       = []runSummary{loopSummary}
	summaries2       = []runSummary{loopSummary, autopilotSummary}

	// rates3 is cc28101 (v0.8.5): Input, Cached, Output only.
	rates3 = &ratesForm{columns: []string{"Input", "Cached", "Output"}}
	// rates4 adds Cache write, the tier fallback, the estimator and
	// calibration_factor: 7e9724b (v0.11.4).
	rates4 = &ratesForm{columns: []string{"Input", "Cached", "Cache write", "Output"}, fallback: true, estimator: true, calibration: true}
)

// hveProfiles are the HVE Squad formats in release order. v0.1.0
// (e2328ff) wrote no squad state. Between c5fdb6b (2026-08-20) and
// 4f754d2 (2026-08-22) main changed daily, but the only release cut from
// it is v0.16.0-pre, whose format the last profile describes.
var hveProfiles = []*hveProfile{
	{
		name: "v0.2.0", first: "v0.2.0", last: "v0.2.0", commit: "29f6aab",
		stateVersion: "1.0", state: state10, roster: roster5, tiers: tiers3, eager: eager4,
		advisory: preTier1Advisory,
	},
	{
		name: "v0.3.0", first: "v0.3.0", last: "v0.3.0", commit: "61db392",
		stateVersion: "1.0", state: state10, roster: roster6, tiers: tiers4, eager: eager4,
		runSummaries: summaries1,
		advisory:     preTier1Advisory,
	},
	{
		name: "v0.4.0", first: "v0.4.0", last: "v0.8.4", commit: "bd9fda5",
		stateVersion: "1.1", state: state11, roster: roster6, tiers: tiers4, eager: eager5,
		runSummaries: summaries2,
		advisory:     preTier1Advisory,
	},
	{
		// The Scribe writes a block only when the coordinator hands it a
		// consumption payload.
		name: "v0.8.5", first: "v0.8.5", last: "v0.8.12", commit: "cc28101",
		stateVersion: "1.1", state: state11Run, roster: roster6, tiers: tiers4, eager: eager5,
		runSummaries: summaries2, block: blockForm{fields: block11}, rates: rates3,
		advisory: preTier1Advisory,
	},
	{
		// 583a187 binds the block to proof of dispatch: one for every
		// dispatch, self-derived (basis tier-default) when no payload came.
		name: "v0.8.13", first: "v0.8.13", last: "v0.8.23", commit: "583a187",
		stateVersion: "1.1", state: state11Run, roster: roster6, tiers: tiers4, eager: eager5,
		runSummaries: summaries2, block: blockForm{fields: block11, perEntry: true, missing: diag.SeverityWarning}, rates: rates3,
		advisory: preTier1Advisory,
	},
	{
		name: "v0.9.0", first: "v0.9.0", last: "v0.10.12", commit: "c4b58bf",
		stateVersion: "1.2", state: state12, roster: roster6, tiers: tiers4, eager: eager5,
		runSummaries: summaries2, block: blockForm{fields: block11, perEntry: true, missing: diag.SeverityWarning}, rates: rates3,
		advisory: preTier1Advisory,
	},
	{
		name: "v0.11.0", first: "v0.11.0", last: "v0.11.3", commit: "d31152f",
		stateVersion: "1.2", state: state12, roster: roster7, tiers: tiers4, routesByRole: true, eager: eager5,
		runSummaries: summaries2, block: blockForm{fields: block11, perEntry: true, missing: diag.SeverityWarning}, rates: rates3,
		advisory: preTier1Advisory,
	},
	{
		name: "v0.11.4", first: "v0.11.4", last: "v0.11.10", commit: "7e9724b",
		stateVersion: "1.3", state: state13, roster: roster7, tiers: tiers4, routesByRole: true, eager: eager5,
		runSummaries: summaries2, block: blockForm{fields: block16, perEntry: true, missing: diag.SeverityWarning}, rates: rates4,
		advisory: preTier1Advisory,
	},
	{
		name: "v0.11.11", first: "v0.11.11", last: "v0.12.0", commit: "a3221f4",
		stateVersion: "1.3", state: state13, roster: roster7, tiers: tiers4, routesByRole: true, eager: eager5,
		runSummaries: summaries2, block: blockForm{fields: block16, perEntry: true, missing: diag.SeverityWarning}, rates: rates4, ledgerSplit: true,
		advisory: preTier1Advisory,
	},
	{
		// 7e76a3a: the ledger is re-derived from every block in history/,
		// so only the prescribed container is read and a missing block
		// drops the dispatch from the ledger.
		name: "v0.12.1", first: "v0.12.1", last: "v0.15.3", commit: "7e76a3a",
		stateVersion: "1.3", state: state13, roster: roster7, tiers: tiers4, routesByRole: true, eager: eager5,
		runSummaries: summaries2, block: blockForm{fields: block16, container: true, perEntry: true, missing: diag.SeverityError}, rates: rates4, ledgerSplit: true,
		advisory: preTier1Advisory,
	},
	{
		// c5fdb6b closes the key sets, adds Selection Cue, the fixed entry
		// shape with * Deliverable: and SQ-09; efd845f/70995e2 make the
		// history title literal; d585bcf seeds the consumption
		// files; #82 (256bb42/44ad220) drops rates from the block; #86
		// (4f754d2) accepts a bare deliverable path and makes the three CON
		// groups (priced_as, the ledger, the rates file) advisory.
		name: "v0.16.0-pre", first: "v0.16.0-pre", last: "v0.16.0-pre", commit: "c5fdb6b",
		stateVersion: "1.3", state: state13, stateClosed: true, roster: roster8, tiers: tiers4, routesByRole: true,
		eager: eager7, runSummaries: summaries2, block: blockForm{fields: block10, container: true, perEntry: true, missing: diag.SeverityError},
		deliverable: deliverableBare, initHistEmpty: true, titleLiteral: true, rates: rates4, ledgerSplit: true,
		advisory: []string{"SS123", "SS124", "SS125"},
	},
}

// newestProfile is the format squadci knows last.
func newestProfile() *hveProfile { return hveProfiles[len(hveProfiles)-1] }

// span names the profile's releases: "v0.4.0–v0.8.4".
func (p *hveProfile) span() string {
	if p.first == p.last {
		return p.first
	}
	return p.first + "–" + p.last
}

// runSummaryTitle returns the title a run summary named base carries, and
// whether base is a run summary in this format.
func (p *hveProfile) runSummaryTitle(base string) (string, bool) {
	for _, s := range p.runSummaries {
		if id, ok := strings.CutPrefix(base, s.prefix); ok {
			return s.title + id, true
		}
	}
	return "", false
}
