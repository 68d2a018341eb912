package skill

import (
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// owner says who, besides the author, decides what a skill file holds and
// who reads it, and so how far a finding on it can go (fidelity: vendor
// files are at most warnings; a location only Squad reads is judged by
// Squad's lenient loader).
type owner struct {
	// vendor: one of Squad's shipped skills where Squad installs them
	// (init: .github/skills, upgrade: .copilot/skills).
	vendor bool
	// squadOnly: a location only Squad loads skills from (.squad/skills,
	// the team's own; .copilot/skills, Squad's legacy directory): VS Code
	// and GitHub read neither, and Squad's loader defaults the name to the
	// directory and never reads the description.
	squadOnly bool
}

// ownership is the sentence every rule's documentation ends with: how
// owner.cap lowers its findings.
const ownership = " In .squad/skills and .copilot/skills, which only Squad loads (its loader tolerates a missing " +
	"header, name or description), findings are at most warnings, and a missing or broken header (SK101) or " +
	"description (SK104) is a note: the loader then names the skill after its directory and never reads a description; on a skill Squad ships, in a repository with " +
	".squad/team.md, they say that `squad upgrade` rewrites the file, and are notes where only Squad reads it."

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
	top, _, _ := strings.Cut(p, "/")
	installed := (top == ".github" || top == ".copilot") && p == top+"/skills/"+dir+"/"+FileName
	return owner{
		vendor:    squadRepo && installed && slices.Contains(squadShipped, dir),
		squadOnly: strings.HasPrefix(p, ".squad/skills/") || strings.HasPrefix(p, ".copilot/skills/"),
	}
}

// squadTolerates reports the rules whose finding Squad's skill loader does
// not notice: the header (SK101) and the description (SK104).
func squadTolerates(rule string) bool { return rule == "SK101" || rule == "SK104" }

// cap lowers a finding on a file the author does not own or that only
// Squad reads, and says why on every error or warning. A shipped skill
// only Squad reads breaks nothing and is not the user's to fix: a note.
func (o owner) cap(d diag.Diagnostic) diag.Diagnostic {
	if o == (owner{}) || d.Severity == diag.SeverityNote {
		return d
	}
	switch {
	case o.vendor && o.squadOnly:
		d.Severity = diag.SeverityNote
	case o.squadOnly && squadTolerates(d.Rule):
		// Squad's loader defaults the name to the directory and never
		// reads the description: a missing header or description loses
		// nothing where only Squad loads the skill.
		d.Severity = diag.SeverityNote
	case d.Severity == diag.SeverityError:
		d.Severity = diag.SeverityWarning
	}
	if o.vendor {
		d.Message += " (a skill Squad ships: `squad upgrade` rewrites this file, so the fix is upstream)"
	} else {
		d.Message += " (only Squad loads skills from here, and its loader tolerates this)"
	}
	return d
}
