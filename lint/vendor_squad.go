package lint

import (
	"slices"
	"strings"
)

// What `squad upgrade` of @bradygaster/squad-cli 0.10.0 rewrites, relative
// to the folder that holds .squad/ (dist/cli/core/upgrade.js runUpgrade,
// with TEMPLATE_MANIFEST of dist/cli/core/templates.js): the coordinator
// (stamped with the CLI's version), every overwriteOnUpgrade entry of the
// manifest — the .squad/templates/ files and the shipped skills under
// .copilot/skills/ — the whole templates directory copied to
// .squad/templates/ (refreshSquadTemplatesDir), and the workflows of
// templates/workflows/. The casting-*.json files are overwritten too but
// hold the team's own cast, so they are not counted as Squad's.
const squadCoordinatorPath = ".github/agents/squad.agent.md"

// squadTemplateDirs are where the templates land: .squad/, or the legacy
// .ai-team/ that upgrade still detects.
var squadTemplateDirs = []string{".squad/templates/", ".ai-team/templates/"}

// squadUpgradeSkills are the skills TEMPLATE_MANIFEST installs to
// .copilot/skills/<name>/SKILL.md.
var squadUpgradeSkills = []string{
	"agent-collaboration", "error-recovery", "git-workflow", "reviewer-protocol", "secret-handling",
	"session-recovery", "squad-commands", "squad-conventions", "squad-version-check", "test-discipline",
}

// squadUpgradeWorkflows are the files of templates/workflows/.
var squadUpgradeWorkflows = []string{
	"squad-ci.yml", "squad-docs.yml", "squad-heartbeat.yml", "squad-insider-release.yml", "squad-issue-assign.yml",
	"squad-label-enforce.yml", "squad-preview.yml", "squad-promote.yml", "squad-release.yml", "squad-triage.yml",
	"sync-squad-labels.yml",
}

// squadUpgrades reports whether `squad upgrade` rewrites rel, a path
// relative to the folder holding the squad.
func squadUpgrades(rel string) bool {
	if rel == squadCoordinatorPath {
		return true
	}
	for _, d := range squadTemplateDirs {
		if strings.HasPrefix(rel, d) {
			return true
		}
	}
	if name, ok := strings.CutPrefix(rel, ".copilot/skills/"); ok {
		dir, file, _ := strings.Cut(name, "/")
		return file == "SKILL.md" && slices.Contains(squadUpgradeSkills, dir)
	}
	if name, ok := strings.CutPrefix(rel, ".github/workflows/"); ok {
		return slices.Contains(squadUpgradeWorkflows, name)
	}
	return false
}

// squadMarker is the evidence that a folder holds a squad: its
// coordinator's version stamp, or a team file.
type squadMarker struct {
	version string // "" when the coordinator has no stamp
}

// maxCoordinatorSize caps the coordinator read for its stamp.
const maxCoordinatorSize = 4 << 20

// squadAt returns the squad of folder dir, nil when there is none: a
// coordinator with Squad's version stamp, or .squad/team.md (.ai-team/ for
// the legacy layout).
func (vs *vendors) squadAt(dir string) *squadMarker {
	if m, ok := vs.squads[dir]; ok {
		return m
	}
	var m *squadMarker
	if src := vs.read(dir+squadCoordinatorPath, maxCoordinatorSize); src != nil {
		if v, ok := squadVersion(src); ok {
			m = &squadMarker{version: v}
		}
	}
	if m == nil {
		for _, team := range []string{".squad/team.md", ".ai-team/team.md"} {
			if vs.read(dir+team, maxCoordinatorSize) != nil {
				m = &squadMarker{}
				break
			}
		}
	}
	vs.squads[dir] = m
	return m
}

// squadOwner returns Squad as the owner of rel in folder dir when `squad
// upgrade` rewrites it and dir holds a squad.
func (vs *vendors) squadOwner(dir, rel string) *vendor {
	if !squadUpgrades(rel) {
		return nil
	}
	m := vs.squadAt(dir)
	if m == nil {
		return nil
	}
	return &vendor{tool: "Squad", version: m.version}
}
