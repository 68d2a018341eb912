package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleRosterRegistry = diag.Register(diag.Rule{
	ID: "SS227", Name: "squad-roster-registry", Severity: diag.SeverityWarning, Domain: "squad",
	Short: "a cast member has no active registry entry with its name",
	Full: "Every Members row except the reserved built-ins and humans is a cast identity: " +
		"registry.agents[lower(Name)] exists, has status active, and its persistent_name equals the Name " +
		"(keys and names compare ignoring case, as Squad does). " +
		"Casting keeps names unique and reserved through this entry.",
	Help: "add or fix the registry entry (the key is the lowercased name), or correct the roster name",

	Consumer: "nothing breaks today: no Squad code checks that a rostered member has a registry " +
		"entry; casting may hand the name out again",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleRegistryRoster = diag.Register(diag.Rule{
	ID: "SS228", Name: "squad-registry-roster", Severity: diag.SeverityNote, Domain: "squad",
	Short: "an active registry entry has no member, or a retired one is still rostered",
	Full: "Every active registry key (except the built-ins and @copilot) has a Members row and an agent directory; a " +
		"retired key is absent from Members (its name stays reserved).",
	Help: "retire the entry (status: retired) when a member leaves, or restore the member",

	Consumer: "nothing breaks: no Squad code compares the registry with the roster",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkRosterRegistry(c *checker, t *squadTeam) {
	if t.reg == nil || t.reg.agents == nil || t.roster == nil {
		return
	}
	d := t.roster.doc
	for _, m := range t.members() {
		if builtinNamed(m.nameText) != nil || m.isHuman() || m.nameText == "" || m.isReserved() {
			continue
		}
		key := strings.ToLower(m.nameText)
		e := t.reg.entry(key)
		if e == nil {
			e = t.reg.entry(strings.ReplaceAll(key, " ", "-"))
		}
		switch {
		case e == nil || e.Kind != source.KindObject:
			c.report(ruleRosterRegistry.At(d.path, m.name.Span, "member %s has no registry entry %q in %s", quote(m.nameText), key, t.reg.doc.path))
		case entryStatus(e) != "active":
			c.report(ruleRosterRegistry.At(d.path, m.name.Span, "member %s is rostered but its registry entry is %s (%s)", quote(m.nameText), quote(str(e.Get("status"))), t.reg.doc.at(e.Span.Start)))
		case !strings.EqualFold(str(e.Get("persistent_name")), m.nameText):
			c.report(ruleRosterRegistry.At(d.path, m.name.Span, "member %s has registry persistent_name %s (%s)", quote(m.nameText), quote(str(e.Get("persistent_name"))), t.reg.doc.at(e.Span.Start)))
		}
	}
}

func checkRegistryRoster(c *checker, t *squadTeam) {
	if t.reg == nil || t.roster == nil || t.roster.shape != headerOK {
		return
	}
	rostered := map[string]bool{}
	for _, m := range t.members() {
		rostered[strings.ToLower(m.nameText)] = true
		rostered[strings.ReplaceAll(strings.ToLower(m.nameText), " ", "-")] = true
	}
	d := t.reg.doc
	for _, e := range t.reg.entries() {
		if castBuiltin(e) {
			continue // the built-ins and @copilot have rows of their own, or none
		}
		switch status := entryStatus(e); {
		case status == "active" && !rostered[strings.ToLower(e.Key)] && len(t.members()) > 0:
			c.report(ruleRegistryRoster.At(d.path, e.KeySpan, "active entry %s has no Members row in %s", quote(e.Key), t.roster.doc.path))
		case status == "active" && !hasFold(t.agents, e.Key) && len(t.agents) > 0:
			c.report(ruleRegistryRoster.At(d.path, e.KeySpan, "active entry %s has no directory .squad/agents/%s/", quote(e.Key), e.Key))
		case status == "retired" && rostered[strings.ToLower(e.Key)]:
			c.report(ruleRegistryRoster.At(d.path, e.KeySpan, "entry %s is retired but still a Members row in %s", quote(e.Key), t.roster.doc.path))
		}
	}
}

// hasFold reports whether list holds s, ignoring case.
func hasFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
