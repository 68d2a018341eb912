package squadstate

import (
	"strings"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
)

var ruleMemberCells = diag.Register(diag.Rule{
	ID: "SS212", Name: "squad-member-empty-cell", Severity: diag.SeverityError, Domain: "squad",
	Short: "a Members row has an empty cell or the wrong number of cells",
	Full: "The Squad shell drops empty cells before indexing and ignores rows with fewer than four non-empty " +
		"cells, so a member with an empty Charter or Status silently disappears. Write — for \"none\".",
	Help: "fill every cell; use — for a member without a charter",

	Consumer: "the Squad shell drops empty cells and ignores the row: the member disappears",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleCharterCell = diag.Register(diag.Rule{
	ID: "SS213", Name: "squad-charter-cell", Severity: diag.SeverityError, Domain: "squad",
	Short: "a Charter cell is not — or a backticked .squad/agents/<dir>/charter.md",
	Full: "The shell recognises a charter only when the cell starts with a backtick, and every writer uses " +
		"`.squad/agents/<dir>/charter.md` with <dir> a single directory (no /, not ..). A markdown link to " +
		"the charter, which lived-in squads write, is a note: the shell only shows the charter path, and the " +
		"coordinator loads the charter from .squad/agents/<dir>/ either way; its target is still checked like a path.",
	Help: "write the cell as `.squad/agents/<lowercase name>/charter.md`, or — when there is no charter",

	Consumer: "the Squad shell recognises a charter only in a cell that starts with a backtick; the " +
		"coordinator still loads the charter from .squad/agents/<dir>/, so a markdown link breaks nothing (a note)",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleCharterMissing = diag.Register(diag.Rule{
	ID: "SS214", Name: "squad-charter-missing", Severity: diag.SeverityError, Domain: "squad",
	Short: "a Members row names a charter file that does not exist",
	Full: "Each Charter path is the member's charter, which the coordinator loads when spawning the member. " +
		"A missing file means the member cannot be spawned.",
	Help: "restore the charter, fix the path, or set the cell to —",

	Consumer: "the coordinator cannot load the charter, so the member cannot be spawned",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkMemberCells(c *checker, t *squadTeam) {
	for _, m := range t.members() {
		d := t.roster.doc
		if len(m.row.Cells) != len(membersHeader) {
			c.report(ruleMemberCells.At(d.path, m.row.Span, "this Members row has %s; the header has 4 (escape a literal pipe as \\|)", plural.Count(len(m.row.Cells), "cell")))
			continue
		}
		for i, cell := range m.row.Cells {
			if strings.TrimSpace(cell.Text) == "" {
				c.report(ruleMemberCells.At(d.path, cell.Span, "the %s cell is empty; the shell then drops %s from the team (write —)", membersHeader[i], quote(m.nameText)))
			}
		}
	}
}

func checkCharterCells(c *checker, t *squadTeam) {
	for _, m := range t.members() {
		d := t.roster.doc
		raw := strings.TrimSpace(m.charter.Text)
		if isNone(raw) {
			continue
		}
		_, ok := charterDir(m.charterPath)
		if m.charterLink {
			w := ruleCharterCell.At(d.path, m.charter.Span, "the charter is a markdown link; Squad writes the path in backticks (`%s`)", m.charterPath)
			w.Severity = diag.SeverityNote
			c.report(w)
		}
		switch {
		case !m.charterLink && (!strings.HasPrefix(raw, "`") || !strings.HasSuffix(raw, "`")):
			c.report(ruleCharterCell.At(d.path, m.charter.Span, "the charter path is not in backticks; the shell recognises `%s` only", m.charterPath))
		case !ok:
			c.report(ruleCharterCell.At(d.path, m.charter.Span, "charter %s is not .squad/agents/<dir>/charter.md", quote(m.charterPath)))
		case !c.exists(m.charterPath):
			c.report(ruleCharterMissing.At(d.path, m.charter.Span, "%s does not exist", m.charterPath))
		}
	}
}
