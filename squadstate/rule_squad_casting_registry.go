package squadstate

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleCastingRegistry = diag.Register(diag.Rule{
	ID: "SS202", Name: "squad-casting-registry", Severity: diag.SeverityError, Domain: "squad",
	Short: "casting/registry.json is missing or not {\"agents\": {…}}",
	Full: "squad doctor requires .squad/casting/registry.json to exist and parse; every reader expects an " +
		"object whose agents member is an object keyed by the lowercased cast name.",
	Help: "restore the file as {\"agents\": {}} or from git history; it is identity, never git-ignored",

	Consumer: "squad doctor fails; casting cannot read the registry, so names are no longer kept unique",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkCastingRegistry(c *checker, t *squadTeam) {
	if t.remote {
		return
	}
	if t.reg == nil {
		if !c.exists(squadDir + "casting/registry.json") {
			d := c.firstSquadDoc()
			c.report(ruleCastingRegistry.At(d.path, d.head(), ".squad/casting/registry.json does not exist").AboutFile(squadDir + "casting/registry.json"))
		}
		return
	}
	d := t.reg.doc
	if !checkJSONProblems(c, d) {
		return
	}
	root := d.jsonDoc().Root
	switch a := root.Get("agents"); {
	case root.Kind != source.KindObject:
		c.report(ruleCastingRegistry.At(d.path, root.Span, "the registry is %s; want an object {\"agents\": {…}}", kindName(root)))
	case a == nil:
		c.report(ruleCastingRegistry.At(d.path, diag.Span{Start: root.Span.Start, End: root.Span.Start + 1}, "the registry has no \"agents\" object").AnchoredTo("json:missing:agents"))
	case a.Kind != source.KindObject:
		c.report(ruleCastingRegistry.At(d.path, a.Span, "agents is %s; want an object keyed by the lowercased cast name", kindName(a)))
	}
}
