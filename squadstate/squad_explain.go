package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// The .squad/ checks are not chosen per release the way HVE's are: Squad
// CLI 0.10.0 writes two template generations at once (`squad init` copies
// the SDK 0.13.1 templates, `squad upgrade` the CLI's own), and the checks
// accept both. What the files say about their writer is still worth
// showing, so a user can see what squadci took the squad for: the
// coordinator's version stamp, which template set wrote it, the casting
// policy version, the state backend and an SDK-first config.

// squadFormat names the layout in a RootProfile.
const squadFormat = "squad"

// squadTemplates is the release span the .squad/ checks are written for.
const squadTemplates = "Squad CLI 0.10.0 / SDK 0.13.1 (both template sets)"

// explainSquad records the .squad/ root's profile for the report. It
// reports no finding.
func explainSquad(c *checker, t *squadTeam) {
	rp := RootProfile{Root: squadDir, Format: squadFormat, Profile: "unknown", Releases: squadTemplates, ChosenBy: "default",
		Note: "the .squad/ checks accept both template sets Squad 0.10.0 writes (squad init: the SDK's; squad upgrade: the CLI's); " +
			"the evidence is shown, not used to pick checks"}
	if d := c.doc(agentFile); d != nil {
		if ev, version := coordinatorEvidence(d); len(ev) > 0 {
			rp.Evidence = append(rp.Evidence, ev...)
			if version != "" {
				rp.Profile, rp.ChosenBy = version, "stamp"
			}
		}
	}
	if d := c.doc(squadDir + "casting/policy.json"); d != nil {
		if r := d.jsonDoc().Root; r != nil && r.Kind == source.KindObject {
			if v := r.Get("casting_policy_version"); v != nil && v.Kind == source.KindString {
				rp.Evidence = append(rp.Evidence, Evidence{At: d.at(v.Span.Start), What: "casting policy " + quote(v.Str), Fits: castingFits(v.Str)})
			}
		}
	}
	if t.config != nil {
		if sb := t.config.Get("stateBackend"); sb != nil && sb.Kind == source.KindString {
			fits := ""
			if isOneOf(sb.Str, stateBackends) {
				fits = "Squad CLI 0.10.0"
			}
			rp.Evidence = append(rp.Evidence, Evidence{At: t.cfgDoc.at(sb.Span.Start), What: "state backend " + quote(sb.Str), Fits: fits})
		}
	}
	if c.exists("squad.config.ts") {
		rp.Evidence = append(rp.Evidence, Evidence{At: "squad.config.ts", What: "an SDK-first squad (squad build writes .squad/ from it)", Fits: "Squad SDK"})
	}
	c.profiles = append(c.profiles, rp)
}

// coordinatorEvidence reads the coordinator's version stamp and which
// template set wrote it: the SDK's carries a HEAD canary comment.
func coordinatorEvidence(d *doc) ([]Evidence, string) {
	md := d.markdown()
	var ev []Evidence
	version := ""
	for _, cm := range md.Comments {
		switch {
		case version == "" && strings.HasPrefix(cm.Text, "version:"):
			version = strings.TrimSpace(strings.TrimPrefix(cm.Text, "version:"))
			ev = append(ev, Evidence{At: d.at(cm.Span.Start), What: "coordinator stamp " + quote(version), Fits: "Squad " + version})
		case strings.HasPrefix(cm.Text, "SQUAD_COORDINATOR_CANARY_HEAD"):
			ev = append(ev, Evidence{At: d.at(cm.Span.Start), What: "the HEAD canary: the SDK's template set (squad init)", Fits: "Squad SDK 0.13.1"})
		}
	}
	if version != "" && len(ev) == 1 {
		ev = append(ev, Evidence{At: agentFile, What: "no HEAD canary: the CLI's template set (squad upgrade, or an older init)", Fits: "Squad CLI 0.10.0"})
	}
	return ev, version
}

// castingFits says which template set writes a casting policy version.
func castingFits(v string) string {
	switch v {
	case "1.2":
		return "Squad SDK 0.13.1 (squad init)"
	case "1.1":
		return "Squad CLI 0.10.0 and earlier"
	}
	return ""
}
