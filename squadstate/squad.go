package squadstate

import (
	"path"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/source"
)

// squadDir is Squad's state directory; legacyDir is its deprecated name.
const (
	squadDir  = ".squad/"
	legacyDir = ".ai-team/"
	agentFile = ".github/agents/squad.agent.md"
)

// skillDirs are where Squad looks for skills, in precedence order.
var skillDirs = []string{".squad/skills/", ".github/skills/", ".copilot/skills/", ".claude/skills/", ".agents/skills/"}

// isSquadFile reports whether a path is one the Squad checks read.
func isSquadFile(p string) bool {
	if p == agentFile {
		return true
	}
	for _, d := range skillDirs {
		if rest, ok := strings.CutPrefix(p, d); ok {
			return path.Base(rest) == "SKILL.md"
		}
	}
	rest, ok := strings.CutPrefix(p, squadDir)
	if !ok {
		return false
	}
	switch rest {
	case "team.md", "routing.md", "decisions.md", "config.json", "ceremonies.md", "manifest.json",
		"casting/registry.json", "casting/policy.json", "casting/history.json", "identity/now.md", "identity/wisdom.md":
		return true
	}
	if a, ok := strings.CutPrefix(rest, "agents/"); ok {
		dir, file, ok := strings.Cut(a, "/")
		return ok && dir != "" && (file == "charter.md" || file == "history.md")
	}
	return false
}

// squadTeam is the .squad/ directory as the checks see it.
type squadTeam struct {
	roster  *castRoster
	config  *source.Value // config.json's object, nil when absent or not an object
	cfgDoc  *doc
	remote  bool            // teamRoot is set: the team's identity lives elsewhere
	agents  []string        // directory names under .squad/agents/ (not _ or . prefixed), sorted
	withCh  map[string]bool // agent directories holding charter.md
	charter map[string]*doc // loaded charters by directory name
	reg     *registry
}

// castRoster is .squad/team.md.
type castRoster struct {
	doc     *doc
	heading *source.Heading // ## Members, or the tolerated ## Team Roster
	table   *source.Table
	shape   headerShape
	members []*castMember
	coordH  *source.Heading
	codingH *source.Heading
}

// castMember is one Members row.
type castMember struct {
	row                            *source.Row
	name, role, charter, status    source.Cell
	nameText, roleText, statusText string
	charterPath                    string // the backticked path (or a link's target), "" for —
	charterLink                    bool   // the cell is a markdown link, not Squad's backticked path
}

// membersHeader is the .squad Members header (squad-formats.md A3).
var membersHeader = []string{"Name", "Role", "Charter", "Status"}

func parseCastRoster(d *doc) *castRoster {
	r := &castRoster{doc: d}
	md := d.markdown()
	r.heading = md.FindHeading(2, "Members")
	if r.heading == nil {
		for _, h := range md.Headings {
			if h.Level == 2 && strings.EqualFold(h.Text, "Team Roster") {
				r.heading = h
				break
			}
		}
	}
	r.coordH = md.FindHeading(2, "Coordinator")
	r.codingH = md.FindHeading(2, "Coding Agent")
	if r.heading == nil {
		return r
	}
	r.table, r.shape = firstTable(md, r.heading, membersHeader, nil)
	if r.shape != headerOK {
		return r
	}
	for _, row := range r.table.Rows {
		m := &castMember{row: row, name: row.Cell(0), role: row.Cell(1), charter: row.Cell(2), status: row.Cell(3)}
		m.nameText, m.roleText, m.statusText = strings.TrimSpace(m.name.Text), strings.TrimSpace(m.role.Text), strings.TrimSpace(m.status.Text)
		if c := strings.TrimSpace(m.charter.Text); !isNone(c) {
			m.charterPath, m.charterLink = charterCellPath(c)
		}
		r.members = append(r.members, m)
	}
	return r
}

// charterCellPath is the charter a Charter cell names: the backticked
// path Squad writes, or the target of a markdown link (the form lived-in
// squads use), resolved from .squad/team.md unless it starts at the root.
func charterCellPath(cell string) (p string, link bool) {
	text, target, ok := strings.Cut(strings.TrimPrefix(cell, "["), "](")
	if !strings.HasPrefix(cell, "[") || !ok || !strings.HasSuffix(target, ")") {
		return unbacktick(cell), false
	}
	target = strings.TrimSpace(strings.TrimSuffix(target, ")"))
	if t := unbacktick(text); strings.HasPrefix(t, squadDir) {
		return t, true
	}
	target = strings.TrimPrefix(target, "/")
	if !strings.HasPrefix(target, squadDir) {
		target = path.Join(squadDir, target)
	}
	return path.Clean(target), true
}

// checkSquad runs the .squad/ checks when the repository has a squad
// (.squad/ holds files); the legacy .ai-team/ is reported either way.
func (c *checker) checkSquad() {
	checkLegacyDir(c)
	if len(c.under(squadDir)) == 0 {
		return
	}
	t := c.parseSquad()
	for _, rule := range squadRules {
		rule(c, t)
	}
}

func (c *checker) parseSquad() *squadTeam {
	t := &squadTeam{withCh: map[string]bool{}, charter: map[string]*doc{}}
	if d := c.doc(squadDir + "team.md"); d != nil {
		t.roster = parseCastRoster(d)
	}
	if d := c.doc(squadDir + "config.json"); d != nil {
		t.cfgDoc = d
		if r := d.jsonDoc().Root; r != nil && r.Kind == source.KindObject {
			t.config = r
			tr := r.Get("teamRoot")
			t.remote = tr != nil && tr.Kind == source.KindString && tr.Str != "" && tr.Str != "."
			if sl := r.Get("stateLocation"); sl != nil && sl.Str == "external" {
				t.remote = true
			}
		}
	}
	seen := map[string]bool{}
	for _, p := range c.under(squadDir + "agents/") {
		dir, file, ok := strings.Cut(strings.TrimPrefix(p, squadDir+"agents/"), "/")
		if !ok || dir == "" || dir[0] == '_' || dir[0] == '.' {
			continue
		}
		if !seen[dir] {
			seen[dir] = true
			t.agents = append(t.agents, dir)
		}
		if file == "charter.md" {
			t.withCh[dir] = true
			if d := c.doc(p); d != nil {
				t.charter[dir] = d
			}
		}
	}
	sort.Strings(t.agents)
	t.reg = parseRegistry(c.doc(squadDir + "casting/registry.json"))
	return t
}

// members is nil-safe access to the Members rows.
func (t *squadTeam) members() []*castMember {
	if t.roster == nil {
		return nil
	}
	return t.roster.members
}

// memberByCharterDir returns the row whose Charter path is in dir.
func (t *squadTeam) memberByCharterDir(dir string) *castMember {
	for _, m := range t.members() {
		if d, ok := charterDir(m.charterPath); ok && d == dir {
			return m
		}
	}
	return nil
}

// charterDir extracts <dir> from .squad/agents/<dir>/charter.md.
func charterDir(p string) (string, bool) {
	rest, ok := strings.CutPrefix(p, squadDir+"agents/")
	if !ok {
		return "", false
	}
	dir, ok := strings.CutSuffix(rest, "/charter.md")
	if !ok || dir == "" || strings.Contains(dir, "/") || dir == ".." || dir == "." {
		return "", false
	}
	return dir, true
}

// builtin describes a reserved built-in member (squad-formats.md A13).
type builtin struct {
	name, role string
	dirs       []string // accepted agent directories
	statuses   []string
}

var builtins = []builtin{
	{"Scribe", "Session Logger", []string{"scribe"}, []string{"📋 Silent"}},
	{"Ralph", "Work Monitor", []string{"ralph"}, []string{"🔄 Monitor"}},
	{"Rai", "RAI Reviewer", []string{"Rai", "rai"}, []string{"🛡️ RAI", "🛡 RAI"}},
	{"Fact Checker", "Fact Checker", []string{"fact-checker", "fact checker"}, []string{"🔍 Verifier", "✅ Active"}},
}

// acceptsRole reports whether Squad reads role as this built-in's: the
// canonical role or its alias (the name, or fact-checker), ignoring case,
// as presets/scaffold.js statusForRole compares them.
func (b *builtin) acceptsRole(role string) bool {
	if strings.EqualFold(role, b.role) || strings.EqualFold(role, b.name) {
		return true
	}
	return b.name == "Fact Checker" && strings.EqualFold(role, "fact-checker")
}

// builtinNamed returns the built-in with this name (case-insensitive), or nil.
func builtinNamed(name string) *builtin {
	for i := range builtins {
		if strings.EqualFold(builtins[i].name, name) {
			return &builtins[i]
		}
	}
	return nil
}

// isBuiltinDir reports whether dir is a built-in's agent directory.
func isBuiltinDir(dir string) bool {
	for _, b := range builtins {
		if isOneOf(dir, b.dirs) {
			return true
		}
	}
	return false
}

// isReserved reports whether the row is @copilot or Squad, which belong in
// their own tables (SS220) and are not judged as members otherwise.
func (m *castMember) isReserved() bool {
	return strings.EqualFold(m.nameText, "@copilot") || strings.EqualFold(m.nameText, "Squad")
}

// isHuman reports whether the row is a human member.
func (m *castMember) isHuman() bool { return strings.Contains(m.statusText, "Human") }
