package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleDispatchEntries = diag.Register(diag.Rule{
	ID: "SS121", Name: "hve-dispatch-deliverable", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a history entry does not claim an existing deliverable under its root",
	Full: "A dispatch entry is the proof that a stage ran (from v0.16.0-pre; earlier releases prescribed no " +
		"entry shape and are not checked): it has a \"* Deliverable:\" bullet with a backticked path, or one " +
		"bare path (a / and a file extension, as Tier-1 reads it), that exists (relative to the repository or to the squad root) and lies under the " +
		"agent's roster Deliverable Root (<date> and <slug> match any one directory). An entry whose " +
		"consumption block is in an older release's form was written before an upgrade and is not checked. Squad Scribe's file and " +
		"run summaries are exempt, and so is a federation root. Entries of history/Squad Connector.md name " +
		"validated reports; only their existence is checked, since orchestrator outputs go to declared slots.",
	Help: "write \"* Deliverable: `path/to/report.md`\" with the real path of the report under the root",

	Consumer: "the HVE Tier-1 SQ-12 (blocking) fails: the entry is no proof that the stage ran",
	Since:    "HVE Squad v0.16.0-pre (c5fdb6b); bare paths from 216ef20/4f754d2 (#86)",
})

func checkDispatchEntries(c *checker, h *hveRoot) {
	if h.federation || h.team == nil || h.profile.deliverable == deliverableNone {
		return
	}
	for _, f := range h.historyFiles() {
		if f.base == scribeAgent || h.isRunSummary(f.base) {
			continue
		}
		roots, known := agentRoots(h, f.base)
		for _, e := range f.entries {
			if !olderEntry(f, e, h.profile) {
				checkDeliverable(c, h, f, e, roots, known && f.base != connectorPrimary)
			}
		}
	}
}

// scribeAgent is the HVE state writer; its history records state writes.
const scribeAgent = "Squad Scribe"

// agentRoots are the Deliverable Roots of the rows naming agent.
func agentRoots(h *hveRoot, agent string) (roots []string, known bool) {
	if ai := h.agentIndex()[agent]; ai != nil {
		return ai.roots, true
	}
	return nil, false
}

func checkDeliverable(c *checker, h *hveRoot, f *historyFile, e *historyEntry, roots []string, contain bool) {
	b := e.get("Deliverable")
	if b == nil {
		c.report(ruleDispatchEntries.At(f.doc.path, e.heading.Span, "entry %s has no \"* Deliverable:\" bullet", quote(e.heading.Text)))
		return
	}
	paths := backticked(b.value)
	if len(paths) == 0 && h.profile.deliverable == deliverableBare {
		paths = barePath(b.value)
	}
	if len(paths) == 0 {
		c.report(ruleDispatchEntries.At(f.doc.path, b.value.span, "the Deliverable %s names no path (backticked, or one bare path with a / and a file extension)", quote(b.value.text)))
		return
	}
	for _, p := range paths {
		switch {
		case !relativePath(p.text):
			c.report(ruleDispatchEntries.At(f.doc.path, p.span, "deliverable %s is not a relative path", quote(p.text)))
		case !c.exists(p.text) && !c.exists(h.dir+p.text):
			c.report(ruleDispatchEntries.At(f.doc.path, p.span, "deliverable %s does not exist (relative to the repository or to %s)", quote(p.text), h.dir))
		case contain && !underAnyRoot(p.text, roots, h):
			c.report(ruleDispatchEntries.At(f.doc.path, p.span, "deliverable %s is not under the Deliverable Root %s of %s in the roster at %s",
				quote(p.text), quoteList(roots, 3), quote(f.base), h.team.tableAt()))
		}
	}
}

// relativePath reports whether p is a clean relative slash path.
func relativePath(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\:") {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return false
		}
	}
	return true
}

// underAnyRoot reports whether path lies under one of the roots ("—"
// imposes nothing; "(squad state)" is the squad root).
func underAnyRoot(path string, roots []string, h *hveRoot) bool {
	for _, r := range roots {
		switch {
		case isNone(r):
			return true
		case r == "(squad state)":
			r = h.dir
		}
		if underRoot(path, r) || underRoot(h.dir+path, r) {
			return true
		}
	}
	return false
}

// underRoot compares segment by segment; a <placeholder> root segment
// matches any one segment. Comparison ignores case (Tier-1 compares tails
// case-insensitively).
func underRoot(path, root string) bool {
	rs := strings.Split(strings.Trim(root, "/"), "/")
	ps := strings.Split(path, "/")
	if len(ps) <= len(rs) {
		return false
	}
	for i, r := range rs {
		if strings.HasPrefix(r, "<") && strings.HasSuffix(r, ">") {
			continue
		}
		if !strings.EqualFold(r, ps[i]) {
			return false
		}
	}
	return true
}

// barePath reads an unquoted deliverable: the value up to a " (" remark,
// without trailing punctuation, when it has a / and ends in a short file
// extension; "N/A - inline verdict" is no path.
func barePath(v spanText) []spanText {
	t := v.text
	if i := strings.Index(t, " ("); i >= 0 {
		t = t[:i]
	}
	lead := len(t) - len(strings.TrimLeft(t, " \t"))
	t = strings.TrimRight(strings.TrimSpace(t), ",;.")
	dot := strings.LastIndexByte(t, '.')
	if !strings.Contains(t, "/") || dot < 0 || !isExtension(t[dot+1:]) || strings.ContainsAny(t, "*?{}") {
		return nil
	}
	start := v.span.Start + lead
	return []spanText{{t, diag.Span{Start: start, End: start + len(t)}}}
}

func isExtension(s string) bool {
	if len(s) < 1 || len(s) > 5 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// olderEntry reports whether an entry's consumption block is in an older
// release's form: history is append-only, so entries written before an
// upgrade keep their shape and predate the Deliverable bullet (SS120
// reports the block).
func olderEntry(f *historyFile, e *historyEntry, p *hveProfile) bool {
	for _, b := range e.blocks {
		if v, _ := b.json(f.doc); v != nil && v.Kind == source.KindObject && olderBlock(memberKeys(v), p.block.fields) != "" {
			return true
		}
	}
	return false
}
