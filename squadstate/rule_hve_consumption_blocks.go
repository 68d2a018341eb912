package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleConsumption = diag.Register(diag.Rule{
	ID: "SS122", Name: "hve-consumption-block", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a history entry lacks a well-formed consumption block",
	Full: "Every history entry ends with \"#### Consumption\" (\"#### Consumption — Orchestration\" only in " +
		"Squad Scribe.md) and a fenced json block holding exactly ten fields in contractual order: model, " +
		"model_source, priced_as, model_tier, internal_turns, input_tokens, cached_tokens, " +
		"cache_write_tokens, output_tokens, basis. The five counts are bare non-negative integers; " +
		"model_source, model_tier and basis use their enumerations; no rate or cost fields. The legacy " +
		"<!-- consumption:begin --> form is reported as SS120.",
	Help: "write the block exactly as the contract orders it, with bare numbers (8400, not \"~8,400\")",
})

var (
	consumptionFields = []string{"model", "model_source", "priced_as", "model_tier", "internal_turns",
		"input_tokens", "cached_tokens", "cache_write_tokens", "output_tokens", "basis"}
	modelSources = []string{"dispatch-reported", "agent-pinned", "operator-declared", "session-inherited", "cli-pinned", "unresolved"}
	bases        = []string{"estimated", "tier-default"}
)

func checkConsumptionBlocks(c *checker, h *hveRoot) {
	for _, f := range h.historyFiles() {
		if isRunSummary(f.base) {
			continue
		}
		if len(f.blocks) == 0 {
			c.report(ruleConsumption.At(f.doc.path, f.doc.head(), "%s has no consumption block", f.name))
			continue
		}
		for _, e := range f.entries {
			if len(e.blocks) == 0 {
				c.report(ruleConsumption.At(f.doc.path, e.heading.Span, "entry %s has no \"#### Consumption\" block", quote(e.heading.Text)))
			}
		}
		for _, b := range f.blocks {
			checkBlock(c, f, b)
		}
	}
}

func checkBlock(c *checker, f *historyFile, b *consumptionBlock) {
	d := f.doc
	if b.legacy != nil {
		c.report(ruleLegacy.At(d.path, b.legacy.Span, "<!-- consumption:begin --> is the legacy block; write \"#### Consumption\" and a fenced json block of the ten contractual fields"))
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
	checkBlockFields(c, d, v)
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

func checkBlockFields(c *checker, d *doc, v *source.Value) {
	var got []string
	for _, m := range v.Members {
		got = append(got, m.Key)
		if !isOneOf(m.Key, consumptionFields) {
			c.report(ruleConsumption.At(d.path, m.KeySpan, "consumption blocks have no field %s (no rate or cost fields); the ten fields are %s",
				quote(m.Key), strings.Join(consumptionFields, ", ")))
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
