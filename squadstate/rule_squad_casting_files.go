package squadstate

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleCastingHistory = diag.Register(diag.Rule{
	ID: "SS231", Name: "squad-casting-history", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "casting/history.json does not have its top-level shape",
	Full: "history.json is an object with an array universe_usage_history and an object " +
		"assignment_cast_snapshots; each snapshot has created_at and universe, and its agents is an array " +
		"or an object. Three element shapes are in use, so only this structure is checked.",
	Help: "restore the two top-level members; snapshots are keyed by assignment id",

	Consumer: "nothing breaks at runtime: casting appends to the history's arrays and objects",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleCastingPolicy = diag.Register(diag.Rule{
	ID: "SS232", Name: "squad-casting-policy", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "casting/policy.json has neither known shape",
	Full: "policy.json is either {casting_policy_version, allowlist_universes[], universe_capacity{}} " +
		"(capacities are numbers, keys are allowlisted universes; version 1.2, which `squad init` writes from " +
		"SDK 0.13, adds the boolean allow_custom_universes and the string default_naming, e.g. \"descriptive\") " +
		"or {universe_allowlist[], max_capacity}.",
	Help: "use one of the two shapes; capacities are numbers",

	Consumer: "casting cannot read the allowlist or capacities and falls back to its defaults",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1 (policy 1.2 keys from SDK 0.13.1)",
})

var ruleUniverse = diag.Register(diag.Rule{
	ID: "SS233", Name: "squad-universe-not-allowed", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "an active registry universe is not in the policy allowlist",
	Full: "Casting draws names from allowlisted universes: every active registry entry's universe is in " +
		"the policy allowlist, unless the allowlist is [\"*\"], the universe starts with preset:, it is " +
		"\"descriptive\" (role-based names, the default naming of casting-reference.md) or the policy sets " +
		"allow_custom_universes: true (any user-specified universe is accepted). Names casting never drew " +
		"are not judged: the built-ins and @copilot, exempt from casting (their universe is often written " +
		"\"exempt\"), and legacy_named members.",
	Help: "add the universe to the policy allowlist, or recast the member",

	Consumer: "nothing breaks for the existing member; casting would not draw from that universe again",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkCastingHistory(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "casting/history.json")
	if d == nil || !checkJSONProblems(c, d) {
		return
	}
	root := d.jsonDoc().Root
	sh := &shape{c: c, d: d, r: ruleCastingHistory, unknown: func(string, *source.Value) bool { return true }}
	sh.object(root, "history.json", []field{
		{name: "universe_usage_history", kind: source.KindArray},
		{name: "assignment_cast_snapshots", kind: source.KindObject},
	})
	snaps := root.Get("assignment_cast_snapshots")
	if snaps == nil || snaps.Kind != source.KindObject {
		return
	}
	for _, s := range snaps.Members {
		if s.Kind != source.KindObject {
			c.report(ruleCastingHistory.At(d.path, s.Span, "snapshot %s is %s; want an object", quote(s.Key), kindName(s)))
			continue
		}
		for _, k := range []string{"created_at", "universe"} {
			if s.Get(k) == nil {
				c.report(ruleCastingHistory.At(d.path, s.KeySpan, "snapshot %s has no %q", quote(s.Key), k))
			}
		}
		if a := s.Get("agents"); a != nil && a.Kind != source.KindArray && a.Kind != source.KindObject {
			c.report(ruleCastingHistory.At(d.path, a.Span, "agents is %s; want an array or an object", kindName(a)))
		}
	}
}

// checkCastingPolicy checks the policy shape, then the registry universes against its allowlist.
func checkCastingPolicy(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "casting/policy.json")
	if d == nil || !checkJSONProblems(c, d) {
		return
	}
	root := d.jsonDoc().Root
	if root.Kind != source.KindObject {
		c.report(ruleCastingPolicy.At(d.path, root.Span, "the policy is %s; want an object", kindName(root)))
		return
	}
	var allow *source.Value
	switch {
	case root.Get("allowlist_universes") != nil:
		sh := &shape{c: c, d: d, r: ruleCastingPolicy}
		sh.object(root, "policy.json", []field{
			{name: "casting_policy_version", kind: source.KindString},
			{name: "allowlist_universes", kind: source.KindArray, check: stringsOnly},
			{name: "universe_capacity", kind: source.KindObject},
			{name: "allow_custom_universes", kind: source.KindBool, optional: true},
			{name: "default_naming", kind: source.KindString, optional: true},
		})
		allow = root.Get("allowlist_universes")
		checkCapacities(c, d, root.Get("universe_capacity"), allow)
	case root.Get("universe_allowlist") != nil:
		sh := &shape{c: c, d: d, r: ruleCastingPolicy}
		sh.object(root, "policy.json", []field{
			{name: "universe_allowlist", kind: source.KindArray, check: stringsOnly},
			{name: "max_capacity", kind: source.KindNumber},
		})
		allow = root.Get("universe_allowlist")
	default:
		c.report(ruleCastingPolicy.At(d.path, root.Span, "the policy has neither allowlist_universes nor universe_allowlist"))
		return
	}
	if custom := root.Get("allow_custom_universes"); custom != nil && custom.Kind == source.KindBool && custom.Bool {
		return // any universe the user names is accepted
	}
	checkUniverses(c, t, d, allow)
}

func checkCapacities(c *checker, d *doc, caps, allow *source.Value) {
	if caps == nil || caps.Kind != source.KindObject {
		return
	}
	for _, m := range caps.Members {
		switch {
		case m.Kind != source.KindNumber:
			c.report(ruleCastingPolicy.At(d.path, m.Span, "universe_capacity.%s is %s; want a number", m.Key, kindName(m)))
		case allow != nil && allow.Kind == source.KindArray && !arrayHas(allow, m.Key):
			c.report(ruleCastingPolicy.At(d.path, m.KeySpan, "universe %s has a capacity but is not in allowlist_universes", quote(m.Key)))
		}
	}
}

func arrayHas(a *source.Value, s string) bool {
	for _, e := range a.Elems {
		if e.Kind == source.KindString && e.Str == s {
			return true
		}
	}
	return false
}

// descriptiveUniverse is the registry universe of role-based names, which
// casting uses when no themed universe is asked for.
const descriptiveUniverse = "descriptive"

func checkUniverses(c *checker, t *squadTeam, d *doc, allow *source.Value) {
	if allow == nil || allow.Kind != source.KindArray || arrayHas(allow, "*") || t.reg == nil {
		return
	}
	for _, e := range t.reg.entries() {
		u := e.Get("universe")
		if entryStatus(e) != "active" || castExempt(e) || u == nil || u.Kind != source.KindString {
			continue
		}
		if len(u.Str) >= 7 && u.Str[:7] == "preset:" || u.Str == descriptiveUniverse || arrayHas(allow, u.Str) {
			continue
		}
		c.report(ruleUniverse.At(t.reg.doc.path, u.Span, "universe %s of %s is not in the policy allowlist (%s)", quote(u.Str), quote(e.Key), d.at(allow.Span.Start)))
	}
}
