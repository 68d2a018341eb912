package skill

import (
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// owner says who, besides the author, decides what a skill file holds, and
// so how far a finding on it can go (fidelity: vendor files are at most
// warnings; a location only Squad reads is judged by Squad's lenient
// loader).
type owner uint8

const (
	ownerAuthor owner = iota
	// ownerSquadVendor: one of Squad's shipped skills where Squad installs
	// them (init: .github/skills, upgrade: .copilot/skills).
	ownerSquadVendor
	// ownerSquadOnly: a location only Squad loads skills from
	// (.squad/skills, the team's own; .copilot/skills, Squad's legacy
	// directory): VS Code and GitHub read neither, and Squad's loader
	// defaults the name to the directory and never reads the description.
	ownerSquadOnly
)

// squadShipped are the skills Squad ships, by directory name: the
// templates/skills directories of @bradygaster/squad-sdk 0.13.1 (which
// `squad init` installs) and @bradygaster/squad-cli 0.10.0 (which `squad
// upgrade` syncs), whose names the SDK's are a superset of.
var squadShipped = []string{
	"agent-collaboration", "agent-conduct", "architectural-proposals", "ci-validation-gates", "cli-wiring",
	"client-compatibility", "coordinator-init-mode", "coordinator-response-mode", "coordinator-source-of-truth",
	"cross-machine-coordination", "cross-squad", "cross-squad-communication", "distributed-mesh", "docs-standards",
	"e2e-template-testing", "economy-mode", "error-recovery", "external-comms", "fact-checking", "gh-auth-isolation",
	"git-workflow", "github-multi-account", "history-hygiene", "humanizer", "init-mode", "iterative-retrieval",
	"model-selection", "nap", "notification-routing", "personal-squad", "pr-review-response", "pr-screenshots",
	"project-conventions", "ralph-two-pass-scan", "reflect", "release-process", "reskill", "retro-enforcement",
	"reviewer-protocol", "secret-handling", "session-recovery", "squad", "squad-commands", "squad-conventions",
	"squad-help", "squad-version-check", "test-discipline", "tiered-memory", "versioning-policy", "windows-compatibility",
}

func ownerOf(p, dir string, squadRepo bool) owner {
	switch {
	case strings.HasPrefix(p, ".squad/skills/"):
		return ownerSquadOnly
	case squadRepo && (strings.HasPrefix(p, ".github/skills/") || strings.HasPrefix(p, ".copilot/skills/")) &&
		p == strings.SplitN(p, "/", 3)[0]+"/skills/"+dir+"/"+FileName && slices.Contains(squadShipped, dir):
		return ownerSquadVendor
	case strings.HasPrefix(p, ".copilot/skills/"):
		return ownerSquadOnly
	}
	return ownerAuthor
}

// cap lowers an error to a warning on a file the author does not own, and
// says why on every error or warning.
func (o owner) cap(d diag.Diagnostic) diag.Diagnostic {
	if o == ownerAuthor || d.Severity == diag.SeverityNote {
		return d
	}
	if d.Severity == diag.SeverityError {
		d.Severity = diag.SeverityWarning
	}
	switch o {
	case ownerSquadVendor:
		d.Message += " (a skill Squad ships: `squad upgrade` rewrites this file, so the fix is upstream)"
	case ownerSquadOnly:
		d.Message += " (only Squad loads skills from here, and its loader tolerates this)"
	}
	return d
}
