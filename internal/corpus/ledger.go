package corpus

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// consumption is one history block's ten fields, in contractual order
// (squad-formats.md B5).
type consumption struct {
	Model            string `json:"model"`
	ModelSource      string `json:"model_source"`
	PricedAs         string `json:"priced_as"`
	ModelTier        string `json:"model_tier"`
	InternalTurns    int    `json:"internal_turns"`
	InputTokens      int    `json:"input_tokens"`
	CachedTokens     int    `json:"cached_tokens"`
	CacheWriteTokens int    `json:"cache_write_tokens"`
	OutputTokens     int    `json:"output_tokens"`
	Basis            string `json:"basis"`
}

// block renders the heading and the fenced json block.
func (u consumption) block(heading string) string {
	return heading + "\n\n```json\n" + string(jsonBytes(u)) + "```\n"
}

func (u *consumption) add(v consumption) {
	u.InternalTurns += v.InternalTurns
	u.InputTokens += v.InputTokens
	u.CachedTokens += v.CachedTokens
	u.CacheWriteTokens += v.CacheWriteTokens
	u.OutputTokens += v.OutputTokens
}

// rate is a consumption-rates.md row in thousandths of a USD per 1M tokens, so
// every cost is exact integer arithmetic.
type rate struct {
	model, tier                     string
	input, cached, cacheWrite, outp int
}

var (
	rateFast    = rate{"Claude Haiku 4.5", "fast", 1000, 100, 1250, 5000}
	rateDefault = rate{"Claude Sonnet 4.6", "default", 3000, 300, 3750, 15000}
)

func rateFor(tier string) rate {
	if tier == "fast" {
		return rateFast
	}
	return rateDefault
}

// dispatchClass is a row of the dispatch-size estimator.
type dispatchClass struct{ turns, base, growth, outPerTurn int }

var classByRole = map[string]dispatchClass{
	"researcher": {12, 40000, 4000, 1250},
	"developer":  {35, 60000, 6000, 2000},
	"lead":       {15, 60000, 4000, 2000},
}

var reviewClass = dispatchClass{18, 50000, 4000, 1500}

// estimate applies the estimator's formulas to a class with a few extra turns.
func estimate(cl dispatchClass, extraTurns int, rt rate) consumption {
	n := cl.turns + extraTurns
	gross := n * (cl.base + cl.growth*(n-1)/2)
	cached := gross * 8 / 10
	return consumption{
		Model: rt.model, ModelSource: "dispatch-reported", PricedAs: rt.model, ModelTier: rt.tier,
		InternalTurns: n, InputTokens: gross - cached, CachedTokens: cached,
		CacheWriteTokens: cl.base + cl.growth*(n-1), OutputTokens: n * cl.outPerTurn, Basis: "estimated",
	}
}

func dispatchConsumption(r *rand.Rand, m hveMember) consumption {
	cl, ok := classByRole[m.role]
	if !ok {
		cl = reviewClass
	}
	return estimate(cl, r.IntN(6), rateFor(m.tier))
}

// orchestration is one Scribe state-write block per turn.
func orchestration(seed uint64, turns int) []consumption {
	out := make([]consumption, turns)
	for i := range out {
		r := rngFor(seed, "orchestration", i+1)
		out[i] = estimate(dispatchClass{4, 15000, 3000, 800}, r.IntN(2), rateFast)
		out[i].ModelSource = "agent-pinned"
	}
	return out
}

// ledgerRow is one role of consumption.md, summed over its blocks.
type ledgerRow struct {
	role, members, agents string
	rate                  rate
	use                   consumption
}

// costMilli is Σ tokens × rate in thousandths of a USD, before dividing by 1e6.
func (l ledgerRow) costMilli() int {
	u, rt := l.use, l.rate
	return u.InputTokens*rt.input + u.CachedTokens*rt.cached + u.CacheWriteTokens*rt.cacheWrite + u.OutputTokens*rt.outp
}

// costUnits is the row's cost in ten-thousandths of a USD (the 4 printed
// decimals), rounded half up; with calibration 1.00 credits are units/100.
func (l ledgerRow) costUnits() int { return (l.costMilli() + 50000) / 100000 }

// ledgerRows sums blocks per role in roster order, then the orchestration row.
func ledgerRows(ms []hveMember, entries []hveEntry, orch []consumption) []ledgerRow {
	var rows []ledgerRow
	index := map[string]int{}
	for _, m := range ms[1:] {
		i, ok := index[m.role]
		if !ok {
			i = len(rows)
			index[m.role] = i
			rows = append(rows, ledgerRow{role: m.role, rate: rateFor(m.tier)})
		}
		rows[i].members = joinCell(rows[i].members, m.memberName)
		rows[i].agents = joinCell(rows[i].agents, m.primary)
	}
	for _, e := range entries {
		rows[index[e.member.role]].use.add(e.use)
	}
	dispatched := rows[:0]
	for _, r := range rows {
		if r.use.InternalTurns > 0 { // a role without history blocks has no ledger row
			dispatched = append(dispatched, r)
		}
	}
	rows = dispatched
	o := ledgerRow{role: "orchestration", agents: "Squad Coordinator + " + scribeAgent, rate: rateFast}
	for _, u := range orch {
		o.use.add(u)
	}
	return append(rows, o)
}

func joinCell(cell, v string) string {
	if cell == "" {
		return v
	}
	return cell + ", " + v
}

func totalCost(rows []ledgerRow) int {
	sum := 0
	for _, l := range rows {
		sum += l.costUnits()
	}
	return sum
}

func usd(units int) string     { return fmt.Sprintf("%d.%04d", units/10000, units%10000) }
func credits(units int) string { return fmt.Sprintf("%d.%02d", units/100, units%100) }
func rateText(milli int) string {
	s := fmt.Sprintf("%d.%03d", milli/1000, milli%1000)
	return strings.TrimSuffix(s, "0")
}

// milliText prints thousandths without trailing zeros: 2437590000 → "2437590".
func milliText(m int) string {
	s := strings.TrimRight(fmt.Sprintf("%d.%03d", m/1000, m%1000), "0")
	return strings.TrimSuffix(s, ".")
}

// ledgerMarkdown renders consumption.md: Attribution, Usage & Cost with a
// Total row equal to the sum of the rows, and the derivation.
func ledgerMarkdown(rows []ledgerRow) string {
	var b strings.Builder
	fmt.Fprintf(&b, hveFrontMatter, "Squad consumption ledger: members, models, estimated tokens, cost, and AI credits")
	b.WriteString("# Squad Consumption Ledger (Run: corpus)\n\n## Attribution\n\n")
	b.WriteString("| Role | Member | Agent | Model | Model Source | Priced As | Tier |\n|---|---|---|---|---|---|---|\n")
	for _, l := range rows {
		tier, source := l.rate.tier, "dispatch-reported"
		if l.role == "orchestration" {
			tier, source = "mixed", "agent-pinned"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", l.role, l.members, l.agents, l.rate.model, source, l.rate.model, tier)
	}
	b.WriteString("\n## Usage & Cost\n\n")
	b.WriteString("| Role | Turns | In Tokens | Cached | Cache Wr | Out Tokens | Est. Cost (USD) | Est. Credits | Basis |\n|---|---|---|---|---|---|---|---|---|\n")
	var total consumption
	for _, l := range rows {
		u := l.use
		total.add(u)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s | %s | estimated |\n", l.role, u.InternalTurns, u.InputTokens, u.CachedTokens, u.CacheWriteTokens, u.OutputTokens, usd(l.costUnits()), credits(l.costUnits()))
	}
	units := totalCost(rows)
	fmt.Fprintf(&b, "| **Total** | **%d** | **%d** | **%d** | **%d** | **%d** | **%s** | **%s** |  |\n",
		total.InternalTurns, total.InputTokens, total.CachedTokens, total.CacheWriteTokens, total.OutputTokens, usd(units), credits(units))
	b.WriteString("\n### Derivation\n\n```text\n")
	for _, l := range rows {
		u, rt := l.use, l.rate
		m := l.costMilli()
		fmt.Fprintf(&b, "%-22s turns %-6d %d × %s + %d × %s + %d × %s + %d × %s = %s / 1e6 = %s\n",
			l.role, u.InternalTurns, u.InputTokens, rateText(rt.input), u.CachedTokens, rateText(rt.cached),
			u.CacheWriteTokens, rateText(rt.cacheWrite), u.OutputTokens, rateText(rt.outp), milliText(m), usd(l.costUnits()))
	}
	fmt.Fprintf(&b, "%-22s total = %s\n```\n\n", "", usd(units))
	b.WriteString("> Basis: estimated. Token counts come from the dispatch-size estimator in `consumption-rates.md`; calibration factor 1.00 (0 reconciled runs). 1 AI credit = $0.01 USD.\n")
	return b.String()
}

// consumptionRates is consumption-rates.md: model rows, tier fallback,
// estimator and calibration block (squad-formats.md B7).
var consumptionRates = fmt.Sprintf(hveFrontMatter, "Per-model token rates, dispatch-size estimator, and calibration factor for squad consumption estimates") + `# Consumption Rates

* Observed-on: 2026-03-01. Verify against GitHub Copilot "Models and pricing" before relying on a figure.
* Credit conversion: 1 AI credit = $0.01 USD.
* All rates are USD per 1M tokens; models without a cache-write rate carry 0.

## Per-model token rates in USD per 1M tokens

| Model (as routed) | Tier | Input | Cached | Cache write | Output |
|---|---|---|---|---|---|
| Claude Haiku 4.5 | fast | 1.00 | 0.10 | 1.25 | 5.00 |
| Claude Sonnet 4.6 | default | 3.00 | 0.30 | 3.75 | 15.00 |
| Claude Opus 5 | extended | 5.00 | 0.50 | 6.25 | 25.00 |

## Tier fallback rates (used only when ` + "`basis: tier-default`" + `)

| Tier | Priced as | Input | Cached | Cache write | Output |
|---|---|---|---|---|---|
| fast | Claude Haiku 4.5 | 1.00 | 0.10 | 1.25 | 5.00 |
| default | Claude Sonnet 4.6 | 3.00 | 0.30 | 3.75 | 15.00 |
| extended | Claude Opus 5 | 5.00 | 0.50 | 6.25 | 25.00 |

## Dispatch-size estimator

| Dispatch class | Internal turns | Base context | Growth/turn | Output/turn |
|---|---|---|---|---|
| Research / file survey | 12 | 40,000 | 4,000 | 1,250 |
| Plan / synthesis | 15 | 60,000 | 4,000 | 2,000 |
| Implement / edit loop | 35 | 60,000 | 6,000 | 2,000 |
| Review / verification | 18 | 50,000 | 4,000 | 1,500 |
| Scribe state write | 4 | 15,000 | 3,000 | 800 |

## Calibration

` + "```yaml\ncalibration_factor: 1.00\nlast_reconciled: never\nobservations: 0\n```\n"
