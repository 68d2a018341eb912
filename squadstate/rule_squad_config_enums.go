package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleConfigEnum = diag.Register(diag.Rule{
	ID: "SS206", Name: "squad-config-value", Severity: diag.SeverityError, Domain: "squad",
	Short: "a config.json enumeration has a value Squad does not accept",
	Full: "stateBackend is local, orphan, two-layer or external (worktree and git-notes are legacy, SS252); " +
		"defaultReasoningEffort is low, medium, high, xhigh or auto; each agentReasoningEffortOverrides value " +
		"is low, medium, high or xhigh (auto is not accepted per agent); stateLocation is \"external\" and " +
		"then projectKey is a non-empty string without \"..\". Unknown values silently fall back to defaults.",
	Help: "use one of the listed values",

	Consumer: "the Squad SDK falls back to its default for an unknown value, so the setting is lost",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var (
	stateBackends = []string{"local", "orphan", "two-layer", "external"}
	efforts       = []string{"low", "medium", "high", "xhigh", "auto"}
	agentEfforts  = []string{"low", "medium", "high", "xhigh"}
)

func checkConfigEnums(c *checker, t *squadTeam) {
	if t.config == nil {
		return
	}
	d := t.cfgDoc
	enum := func(v *source.Value, where string, vals []string) {
		if v != nil && v.Kind == source.KindString && !isOneOf(v.Str, vals) {
			c.report(ruleConfigEnum.At(d.path, v.Span, "%s is %s; want one of %s%s", where, quote(v.Str), strings.Join(vals, ", "), diag.DidYouMean(v.Str, vals)))
		}
	}
	if sb := t.config.Get("stateBackend"); sb != nil && (sb.Str == "worktree" || sb.Str == "git-notes") {
		c.report(ruleSquadLegacy.At(d.path, sb.Span, "stateBackend %q is a legacy value (read as %s); write the current name", sb.Str, map[string]string{"worktree": "local", "git-notes": "two-layer"}[sb.Str]))
	} else {
		enum(sb, "stateBackend", stateBackends)
	}
	enum(t.config.Get("defaultReasoningEffort"), "defaultReasoningEffort", efforts)
	if o := t.config.Get("agentReasoningEffortOverrides"); o != nil {
		for _, m := range o.Members {
			enum(m, "agentReasoningEffortOverrides."+m.Key, agentEfforts)
		}
	}
	sl := t.config.Get("stateLocation")
	if sl == nil {
		return
	}
	enum(sl, "stateLocation", []string{"external"})
	if sl.Str != "external" {
		return
	}
	switch pk := t.config.Get("projectKey"); {
	case pk == nil || pk.Kind != source.KindString || pk.Str == "":
		c.report(ruleConfigEnum.At(d.path, sl.Span, "stateLocation \"external\" needs a non-empty string projectKey"))
	case strings.Contains(pk.Str, ".."):
		c.report(ruleConfigEnum.At(d.path, pk.Span, "projectKey must not contain \"..\""))
	}
}
