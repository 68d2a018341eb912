package squadstate

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleConsumption = diag.Register(diag.Rule{
	ID: "SS122", Name: "hve-consumption-block", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a history entry lacks a well-formed consumption block",
	Full: "In v0.16.0-pre every history entry ends with \"#### Consumption\" (\"#### Consumption — " +
		"Orchestration\" only in Squad Scribe.md) and a fenced json block holding exactly ten fields in " +
		"contractual order: model, model_source, priced_as, model_tier, internal_turns, input_tokens, " +
		"cached_tokens, cache_write_tokens, output_tokens, basis. The counts are bare non-negative integers; " +
		"model_source, model_tier and basis use their enumerations; no rate or cost fields. Older releases " +
		"are judged by their own block (SS129): none before v0.8.5; eleven fields with rates and cost from " +
		"v0.8.5 and sixteen from v0.11.4, in no prescribed container (only a fenced json block under a " +
		"Consumption heading is read); the heading and json container are required from v0.12.1. From v0.8.13 (583a187) the Scribe writes a " +
		"block for every dispatch it records, so every history entry has one: a missing block is a warning " +
		"while no reader depends on it (before v0.12.1 a block in any shape counts, a Consumption heading or " +
		"the entry naming the block's fields), and an error from v0.12.1, whose ledger is re-derived from the " +
		"blocks, and under Tier-1 SQ-14 (v0.16.0-pre). A block in an older release's form, in a squad " +
		"written by a newer one, and the legacy <!-- consumption:begin --> form are reported as SS120.",
	Help: "write the block exactly as the contract orders it, with bare numbers (8400, not \"~8,400\")",

	Consumer: "the HVE ledger cannot parse the dispatch's consumption; Tier-1 SQ-10/SQ-11 (blocking) fail",
	Since:    "HVE Squad v0.8.5 (cc28101, block); one per dispatch v0.8.13 (583a187); container v0.12.1 (7e76a3a); 10 fields v0.16.0-pre (256bb42)",
})

var (
	modelSources = []string{"dispatch-reported", "agent-pinned", "operator-declared", "session-inherited", "cli-pinned", "unresolved"}
	bases        = []string{"estimated", "tier-default"}
)

func checkConsumptionBlocks(c *checker, h *hveRoot) {
	form := h.profile.block
	if form.fields == nil {
		return // no release before v0.8.5 wrote a block
	}
	for _, f := range h.historyFiles() {
		if h.isRunSummary(f.base) {
			continue
		}
		if !form.container {
			for _, b := range f.blocks {
				if b.fence != nil && b.fence.Info == "json" && b.fence.Closed {
					if v := blockJSON(c, f.doc, b); v != nil {
						checkBlockFields(c, h, f.doc, v)
					}
				}
			}
			if f.base != scribeAgent { // before the orchestration block, the Scribe's own file records no dispatch
				checkEntryBlocks(c, h, f)
			}
			continue
		}
		if len(f.blocks) == 0 {
			c.report(ruleConsumption.At(f.doc.path, f.doc.head(), "%s has no consumption block", f.name))
			continue
		}
		checkEntryBlocks(c, h, f)
		for _, b := range f.blocks {
			checkBlock(c, h, f, b)
		}
	}
}

// checkEntryBlocks reports the dispatch entries without their consumption
// block, in the releases whose Scribe writes one for every dispatch, at
// the severity the profile gives a missing block. Without a prescribed
// container, a block in any shape counts: a Consumption heading, the
// legacy comment, or the entry naming the block's own fields (a fenced
// json or yaml block, a list or a table of model_tier, input_tokens, …).
func checkEntryBlocks(c *checker, h *hveRoot, f *historyFile) {
	form := h.profile.block
	if !form.perEntry {
		return
	}
	for _, e := range f.entries {
		if len(e.blocks) > 0 || !form.container && namesBlockFields(f.doc.src[e.heading.Span.End:e.end], form.fields) {
			continue
		}
		d := ruleConsumption.At(f.doc.path, e.heading.Span, "entry %s has no consumption block; HVE Squad %s's Scribe writes one for every dispatch", quote(e.heading.Text), h.profile.span())
		if form.container {
			d = ruleConsumption.At(f.doc.path, e.heading.Span, "entry %s has no \"#### Consumption\" block", quote(e.heading.Text))
		}
		d.Severity = form.missing
		c.report(d)
	}
}

// namesBlockFields reports whether text names at least two of the block's
// snake_case fields (model_tier, input_tokens, est_cost_usd, …): a block
// written in a shape of its own.
func namesBlockFields(text []byte, fields []string) bool {
	n := 0
	for _, f := range fields {
		if strings.Contains(f, "_") && bytes.Contains(text, []byte(f)) {
			n++
		}
	}
	return n >= 2
}

func checkBlock(c *checker, h *hveRoot, f *historyFile, b *consumptionBlock) {
	d, fields := f.doc, h.profile.block.fields
	if b.legacy != nil {
		c.report(ruleLegacy.At(d.path, b.legacy.Span, "<!-- consumption:begin --> is the legacy block; write \"#### Consumption\" and a fenced json block of the %d contractual fields", len(fields)))
		return
	}
	switch t := b.heading.Text; {
	case t == "Consumption":
	case t == "Consumption — Orchestration" && f.base == scribeAgent:
	case t == "Consumption — Orchestration":
		c.report(ruleConsumption.At(d.path, b.heading.TextSpan, "\"Consumption — Orchestration\" blocks belong only in Squad Scribe.md; use \"Consumption\""))
	default:
		c.report(ruleConsumption.At(d.path, b.heading.TextSpan, "block heading %s; want \"#### Consumption\"", quote(t)))
	}
	if b.fence == nil || b.fence.Info != "json" {
		c.report(ruleConsumption.At(d.path, b.heading.Span, "the consumption block has no fenced json block under its heading"))
		return
	}
	if !b.fence.Closed {
		c.report(ruleConsumption.At(d.path, b.fence.Span, "the consumption block's fence is not closed"))
		return
	}
	v := blockJSON(c, d, b)
	if v == nil {
		return
	}
	checkBlockFields(c, h, d, v)
}

// blockJSON reports the block's JSON problems and returns its object, or
// nil after reporting.
func blockJSON(c *checker, d *doc, b *consumptionBlock) *source.Value {
	v, problems := b.json(d)
	for _, p := range problems {
		c.report(ruleConsumption.At(d.path, p.Span, "consumption block: %s", p.Message))
	}
	if v != nil && v.Kind != source.KindObject {
		c.report(ruleConsumption.At(d.path, v.Span, "the consumption block is %s; want an object", kindName(v)))
		return nil
	}
	return v
}

func checkBlockFields(c *checker, h *hveRoot, d *doc, v *source.Value) {
	consumptionFields := h.profile.block.fields
	got := memberKeys(v)
	if older := olderBlock(got, consumptionFields); older != "" {
		c.report(ruleLegacy.At(d.path, diag.Span{Start: v.Span.Start, End: v.Span.Start + 1}, "this consumption block has the %s; the squad's format has %d fields: %s",
			older, len(consumptionFields), strings.Join(consumptionFields, ", ")))
		return
	}
	for _, m := range v.Members {
		if !isOneOf(m.Key, consumptionFields) {
			c.report(h.newerAsNote(ruleConsumption.At(d.path, m.KeySpan, "consumption blocks have no field %s; the %d fields are %s",
				quote(m.Key), len(consumptionFields), strings.Join(consumptionFields, ", "))))
		}
	}
	if !equalStrings(got, consumptionFields) {
		var missing []string
		for _, f := range consumptionFields {
			if v.Get(f) == nil {
				missing = append(missing, f)
			}
		}
		if len(missing) > 0 {
			c.report(ruleConsumption.At(d.path, diag.Span{Start: v.Span.Start, End: v.Span.Start + 1}, "the consumption block lacks %s", strings.Join(missing, ", ")))
		} else if len(got) == len(consumptionFields) {
			c.report(ruleConsumption.At(d.path, diag.Span{Start: v.Span.Start, End: v.Span.Start + 1}, "the consumption fields are out of order; the contractual order is %s", strings.Join(consumptionFields, ", ")))
		}
	}
	for _, m := range v.Members {
		if msg := blockValueProblem(m); msg != "" {
			c.report(ruleConsumption.At(d.path, m.Span, "%s %s", m.Key, msg))
		}
	}
}

func blockValueProblem(m *source.Value) string {
	switch m.Key {
	case "internal_turns", "input_tokens", "cached_tokens", "cache_write_tokens", "output_tokens":
		if m.Kind != source.KindNumber {
			return "is " + kindName(m) + "; want a bare number"
		}
		return nonNegativeInt(m)
	case "input_rate", "cached_rate", "cache_write_rate", "output_rate", "est_cost_usd", "est_credits":
		if f, err := strconv.ParseFloat(m.Str, 64); m.Kind != source.KindNumber || err != nil || f < 0 {
			return "is " + kindName(m) + "; want a bare number ≥ 0"
		}
	case "model", "priced_as":
		if m.Kind != source.KindString || strings.TrimSpace(m.Str) == "" {
			return "must be a nonblank string"
		}
	case "model_source":
		return enumProblem(m, modelSources)
	case "model_tier":
		return enumProblem(m, modelTiers)
	case "basis":
		return enumProblem(m, bases)
	}
	return ""
}

func enumProblem(m *source.Value, vals []string) string {
	if m.Kind != source.KindString {
		return "is " + kindName(m) + "; want one of " + strings.Join(vals, ", ")
	}
	if isOneOf(m.Str, vals) {
		return ""
	}
	return "is " + quote(m.Str) + "; want one of " + strings.Join(vals, ", ") + diag.DidYouMean(m.Str, vals)
}

// olderBlock names the older release form a block's fields are in ("" when
// none): history is append-only, so blocks written before an upgrade keep
// their form.
func olderBlock(got, want []string) string {
	var of []int
	for i, p := range hveProfiles {
		if sameSet(p.block.fields, got) && !sameSet(p.block.fields, want) {
			of = append(of, i)
		}
	}
	if of == nil {
		return ""
	}
	return itoa(len(got)) + "-field form of HVE Squad " + spanOf(of)
}
