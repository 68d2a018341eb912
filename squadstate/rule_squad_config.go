package squadstate

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleConfig = diag.Register(diag.Rule{
	ID: "SS203", Name: "squad-config-shape", Severity: diag.SeverityError, Domain: "squad",
	Short: ".squad/config.json is not an object or a known key has the wrong type",
	Full: "config.json is a free-form object every reader parses defensively: a value of the wrong type is " +
		"silently ignored, so the setting is lost. squad doctor fails when teamRoot is present but not a " +
		"(non-empty) string; version is a number; consult, extractionDisabled, economyMode and cacheEnabled " +
		"are booleans; defaultModel is a string; agentModelOverrides maps agent names to model id strings.",
	Help: "give the key the documented type (\"version\": 1, \"teamRoot\": \"../team\")",

	Consumer: "the Squad SDK ignores a value of the wrong type, so the setting is lost; squad doctor fails on a bad teamRoot",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var configTypes = map[string]source.Kind{
	"version": source.KindNumber, "teamRoot": source.KindString, "stateLocation": source.KindString,
	"stateBackend": source.KindString, "consult": source.KindBool, "extractionDisabled": source.KindBool,
	"platform": source.KindString, "ado": source.KindObject, "github": source.KindObject,
	"communications": source.KindObject, "watch": source.KindObject, "mcpConfigMode": source.KindString,
	"defaultModel": source.KindString, "agentModelOverrides": source.KindObject,
	"defaultReasoningEffort": source.KindString, "agentReasoningEffortOverrides": source.KindObject,
	"economyMode": source.KindBool, "cacheEnabled": source.KindBool, "cacheTtlMs": source.KindNumber,
}

func checkConfig(c *checker, t *squadTeam) {
	d := t.cfgDoc
	if d == nil || !checkJSONProblems(c, d) {
		return
	}
	root := d.jsonDoc().Root
	if root.Kind != source.KindObject {
		c.report(ruleConfig.At(d.path, root.Span, "config.json is %s; want an object such as {\"version\": 1}", kindName(root)))
		return
	}
	for _, m := range root.Members {
		want, ok := configTypes[m.Key]
		switch {
		case !ok:
		case m.Kind == source.KindNull && m.Key == "projectKey":
		case m.Kind != want:
			c.report(ruleConfig.At(d.path, m.Span, "%s is %s; want %s", m.Key, kindName(m), kindWord(want)))
		case m.Key == "teamRoot" && m.Str == "":
			c.report(ruleConfig.At(d.path, m.Span, "teamRoot is empty; give the team directory or remove the key"))
		case m.Key == "agentModelOverrides":
			for _, o := range m.Members {
				if o.Kind != source.KindString {
					c.report(ruleConfig.At(d.path, o.Span, "agentModelOverrides.%s is %s; only string model ids are kept", o.Key, kindName(o)))
				}
			}
		}
	}
}
