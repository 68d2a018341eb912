package squadstate

import "github.com/squadci/squadci/lint/diag"

var ruleLegacy = diag.Register(diag.Rule{
	ID: "SS120", Name: "hve-legacy-format", Severity: diag.SeverityNote, Domain: "squad-state",
	Short: "an HVE state file uses an older format variant",
	Full: "Squads written before the 2026-08-18 contract, and the hve-squad-mcp server, use variants the " +
		"current Tier-1 contract rejects: a seven-column roster without Selection Cue, a \"# Members\" H1, " +
		"routing as | Role | Seeded |, slug-named history files, <!-- consumption:begin --> blocks, the " +
		"Autonomy Tier \"autopilot\", a state.json \"profile\" key or trigger.sub. squadci reads them and " +
		"notes them, so an old squad keeps linting while it is migrated. A slug-named history file is a " +
		"warning: every release's Scribe appends to history/<agent name>.md, so the slug-named file stops " +
		"growing and the agent's history is split in two.",
	Help: "rewrite the file in the current format (the message names the current form); paths that must stay old can turn SS120 off in .squadci.yml overrides",

	Consumer: "nothing breaks today (a note): the squad's own release reads the older form, and only the " +
		"current Tier-1 contract rejects it; append-only history cannot be rewritten anyway. A slug-named history " +
		"file is a warning: the Scribe appends to history/<agent name>.md, a new file, so the history splits",
	Since: "HVE Squad v0.16.0-pre (c5fdb6b) marks these forms legacy",
})
