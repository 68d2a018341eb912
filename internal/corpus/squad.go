package corpus

import (
	"fmt"
	"strings"
)

// castMember is one .squad/team.md Members row (squad-formats.md A3).
type castMember struct {
	name, role, dir, status string
	charter                 bool // has .squad/agents/<dir>/charter.md
	builtin                 bool
	expertise               []string
	model                   string
}

// planCast casts n members, a Lead first, then the four built-ins that
// current squad versions keep on every cast roster.
func planCast(seed uint64, n int) []castMember {
	out := make([]castMember, 0, n+4)
	for i := range n {
		r := rngFor(seed, "cast", i+1)
		name := castNames[i%len(castNames)]
		if round := i / len(castNames); round > 0 {
			name = fmt.Sprintf("%s%d", name, round+1)
		}
		role := "Lead"
		if i > 0 {
			role = castRoles[(i-1)%len(castRoles)]
		}
		out = append(out, castMember{
			name: name, role: role, dir: strings.ToLower(name), status: "✅ Active", charter: true,
			expertise: pickN(r, topics, 3), model: pick(r, []string{"auto", "claude-sonnet-4.6", "gpt-5.4"}),
		})
	}
	return append(out,
		castMember{name: "Scribe", role: "Session Logger", dir: "scribe", status: "📋 Silent", charter: true, builtin: true, model: "claude-haiku-4.5"},
		castMember{name: "Ralph", role: "Work Monitor", status: "🔄 Monitor", builtin: true},
		castMember{name: "Rai", role: "RAI Reviewer", dir: "Rai", status: "🛡️ RAI", charter: true, builtin: true, model: "auto"},
		castMember{name: "Fact Checker", role: "Fact Checker", dir: "fact-checker", status: "🔍 Verifier", charter: true, builtin: true, model: "auto"},
	)
}

const squadDir = ".squad/"

// writeCast writes the .squad/ layout squad doctor checks, with a charter and
// history for every member that has a directory, the casting registry, and the
// coordinator agent file.
func writeCast(c *corpus, ms []castMember) error {
	files := []file{
		{squadDir + "config.json", []byte("{\n  \"version\": 1,\n  \"defaultModel\": \"claude-sonnet-4.6\"\n}\n")},
		{squadDir + "team.md", []byte(castTeam(ms))},
		{squadDir + "routing.md", []byte(castRouting(ms))},
		{squadDir + "decisions.md", []byte(castDecisions(ms))},
		{squadDir + "casting/registry.json", castRegistry(ms)},
		{".github/agents/squad.agent.md", []byte(squadAgent)},
		{".gitattributes", []byte(gitattributes)},
		{".gitignore", []byte(gitignore)},
	}
	for _, m := range ms {
		if !m.charter {
			continue
		}
		files = append(files,
			file{squadDir + "agents/" + m.dir + "/charter.md", []byte(castCharter(m))},
			file{squadDir + "agents/" + m.dir + "/history.md", []byte(castHistory(m))},
		)
	}
	for _, f := range files {
		if err := c.write(f.path, f.data); err != nil {
			return err
		}
	}
	return nil
}

func castTeam(ms []castMember) string {
	var b strings.Builder
	b.WriteString("# Squad Team\n\n> Synthetic benchmark team written by testdata/gen.\n\n")
	b.WriteString("## Coordinator\n\n| Name | Role | Notes |\n|------|------|-------|\n")
	b.WriteString("| Squad | Coordinator | Routes work, enforces handoffs and reviewer gates. |\n\n")
	b.WriteString("## Members\n\n| Name | Role | Charter | Status |\n|------|------|---------|--------|\n")
	for _, m := range ms {
		charter := "—"
		if m.charter {
			charter = "`" + squadDir + "agents/" + m.dir + "/charter.md`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", m.name, m.role, charter, m.status)
	}
	b.WriteString("\n## Project Context\n\n- **Owner:** Platform team\n- **Stack:** Go, TypeScript, PostgreSQL\n- **Created:** 2026-03-02\n")
	return b.String()
}

func castRouting(ms []castMember) string {
	var b strings.Builder
	b.WriteString("# Squad Routing\n\n## Routing Table\n\n| Work Type | Route To | Examples |\n|-----------|----------|----------|\n")
	for _, m := range ms {
		if m.builtin {
			continue
		}
		fmt.Fprintf(&b, "| %s work | %s | %s |\n", m.role, m.name, strings.Join(m.expertise, ", "))
	}
	b.WriteString("| Session logging | Scribe | automatic after each session |\n")
	b.WriteString("| RAI review | Rai | responsible AI checks on generated content |\n")
	b.WriteString("\n## Rules\n\n1. Route by work type; ask the Lead when two rows match.\n2. Scribe records every session.\n")
	return b.String()
}

func castDecisions(ms []castMember) string {
	lead := ms[0]
	var b strings.Builder
	b.WriteString("# Squad Decisions\n\n## Active Decisions\n\n")
	fmt.Fprintf(&b, "### 2026-03-02: Small pull requests only\n**By:** %s (%s)\n**What:** Keep each pull request under 400 changed lines.\n**Why:** Reviews stay focused and reverts stay cheap.\n\n", lead.name, lead.role)
	fmt.Fprintf(&b, "### 2026-03-09: Record decisions through the inbox\n**By:** %s (%s)\n**What:** Members drop decisions in `.squad/decisions/inbox/`; Scribe merges them here.\n**Why:** One writer keeps this file append-only.\n\n", lead.name, lead.role)
	b.WriteString("## Governance\n\nDecisions are appended, never edited. Superseded decisions are marked in a new entry.\n")
	return b.String()
}

// castRegistry keys every cast (non-built-in) member by its lowercased name.
func castRegistry(ms []castMember) []byte {
	type entry struct {
		PersistentName string `json:"persistent_name"`
		Universe       string `json:"universe"`
		CreatedAt      string `json:"created_at"`
		LegacyNamed    bool   `json:"legacy_named"`
		Status         string `json:"status"`
	}
	agents := map[string]entry{}
	for _, m := range ms {
		if !m.builtin {
			agents[m.dir] = entry{PersistentName: m.name, Universe: "Birds", CreatedAt: stamp(epoch), Status: "active"}
		}
	}
	return jsonBytes(struct {
		Agents map[string]entry `json:"agents"`
	}{agents})
}

// castCharter is a native cast charter: every section squad's parser reads.
func castCharter(m castMember) string {
	var b strings.Builder
	if m.builtin {
		fmt.Fprintf(&b, "# %s\n\n> Built-in %s.\n\n", m.name, strings.ToLower(m.role))
	} else {
		fmt.Fprintf(&b, "# %s — %s\n\n> Calm under pressure; prefers small, reversible steps.\n\n", m.name, m.role)
	}
	fmt.Fprintf(&b, "## Identity\n\n- **Name:** %s\n- **Role:** %s\n", m.name, m.role)
	if len(m.expertise) > 0 {
		fmt.Fprintf(&b, "- **Expertise:** %s\n", strings.Join(m.expertise, ", "))
	}
	b.WriteString("- **Style:** Direct and concise.\n\n")
	fmt.Fprintf(&b, "## What I Own\n\n- %s work for this repository.\n\n", m.role)
	b.WriteString("## How I Work\n\n- Read `.squad/decisions.md` before starting.\n- Keep changes small and tested.\n\n")
	b.WriteString("## Boundaries\n\n**I handle:** work routed to me in `.squad/routing.md`.\n**I don't handle:** work owned by another member.\n**When I'm unsure:** I ask the Lead.\n**If I review others' work:** I report findings and do not rewrite their changes.\n\n")
	fmt.Fprintf(&b, "## Model\n\n- **Preferred:** %s\n- **Rationale:** Matches the work's reasoning needs.\n- **Fallback:** claude-sonnet-4.6\n\n", m.model)
	fmt.Fprintf(&b, "## Collaboration\n\nResolve TEAM ROOT first. Write decisions to `.squad/decisions/inbox/%s-{brief-slug}.md`.\n\n", m.dir)
	b.WriteString("## Voice\n\nPlain, specific, and brief.\n")
	return b.String()
}

func castHistory(m castMember) string {
	return fmt.Sprintf("# %s — History\n\n## Core Context\n\n- **Project:** corpus\n- **Role:** %s\n- **Joined:** 2026-03-02\n\n## Learnings\n\n### 2026-03-09\n\n- Small pull requests review faster.\n", m.name, m.role)
}

const squadAgent = `---
name: Squad
description: "Your AI team. Routes work to the members in .squad/team.md and keeps their decisions and history."
tools: [read, edit, search, execute, agent]
---
<!-- version: 0.9.1 -->

# Squad

Coordinate the team in ` + "`.squad/`" + `: read ` + "`team.md`" + ` and ` + "`routing.md`" + `, route each request
to the member who owns that work, and have Scribe record the session.
`

const gitattributes = `.squad/decisions.md merge=union
.squad/agents/*/history.md merge=union
.squad/log/** merge=union
.squad/orchestration-log/** merge=union
.squad/rai/audit-trail.md merge=union
.squad/fact-checker/audit-trail.md merge=union
`

const gitignore = `.squad/orchestration-log/
.squad/log/
.squad/decisions/inbox/
.squad/sessions/
.squad/.scratch/
.squad/.cache/
.squad-workstream
`
