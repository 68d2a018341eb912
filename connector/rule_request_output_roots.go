package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRequestOutputRoots = diag.Register(diag.Rule{
	ID: "CN214", Name: "request-output-roots-overlap", Severity: diag.SeverityError, Domain: "request",
	Short: "Two output slots share or nest their deliverableRoot",
	Full: "Each allowedOutputs slot owns its own directory, so an artifact belongs to exactly one slot: " +
		"roots must be pairwise non-nested and collision-free. They are compared by whole segments after " +
		"dropping one trailing '/', ignoring ASCII letter case (roots differing only in case are one " +
		"directory on Windows and macOS). Each pair is reported once, at the later root.",
	Help:     "Give every output slot a sibling directory, for example reports/impl/ and reports/validation/.",
	Consumer: "Overlapping output roots let one artifact belong to two slots, so squadci resume cannot attribute it. Error.",
})

func checkRequestOutputRoots(c *requestCheck) {
	type slot struct {
		v   *source.Value
		key string
	}
	var seen []slot
	for _, el := range c.r.outputElems() {
		v := strMember(el, "deliverableRoot")
		if v == nil {
			continue
		}
		if _, safe := CheckSafePath(v.Str, true); !safe {
			continue
		}
		key := strings.ToLower(strings.TrimSuffix(v.Str, "/"))
		for _, s := range seen {
			rel := ""
			switch {
			case s.key == key:
				rel = "is the same directory as"
			case PathWithin(s.key, key):
				rel = "sits inside"
			case PathWithin(key, s.key):
				rel = "contains"
			default:
				continue
			}
			c.report(ruleRequestOutputRoots.At(c.path, v.Span, "allowedOutputs[%d].deliverableRoot %s %s allowedOutputs[%d].deliverableRoot %s",
				el.Index, c.q(v), rel, s.v.Parent.Index, c.q(s.v)))
			break
		}
		seen = append(seen, slot{v, key})
	}
}
