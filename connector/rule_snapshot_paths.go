package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleSnapshotPaths = diag.Register(diag.Rule{
	ID: "CN405", Name: "snapshot-paths", Severity: diag.SeverityError, Domain: "snapshot",
	Short: "Snapshot root or entry is unsafe, repeated or outside its root",
	Full: "Each roots entry names a safe relative directory once (compared ignoring letter case), and " +
		"each of its entries is the repository-relative path of a file that lies strictly below that " +
		"root, by whole segments, listed once per root (nested roots may share files). A snapshot that breaks these rules cannot protect " +
		"pre-existing files from being claimed as artifacts.",
	Help:     "Snapshots are never edited: dispatch the task again rather than repairing this one.",
	Consumer: "squadci resume cannot trust a snapshot with unsafe or repeated paths to refuse overwrites, and fails the task. Error.",
})

func checkSnapshotPaths(c *snapshotCheck) {
	arr := arrMember(c.root, "roots")
	if arr == nil {
		return
	}
	seenRoot := map[string]int{}
	for _, el := range arr.Elems {
		root := strMember(el, "root")
		if el.Kind != source.KindObject || root == nil {
			continue
		}
		where := "roots[" + itoa(el.Index) + "]"
		if reason, ok := CheckSafePath(root.Str, true); !ok {
			c.report(ruleSnapshotPaths.At(c.path, root.Span, "%s root %s is unsafe: %s", where, c.q(root), reason))
			continue
		}
		key := strings.ToLower(strings.TrimSuffix(root.Str, "/"))
		if first, dup := seenRoot[key]; dup {
			c.report(ruleSnapshotPaths.At(c.path, root.Span, "%s root %s repeats roots[%d]", where, c.q(root), first))
			continue
		}
		seenRoot[key] = el.Index
		sr := SnapshotRoot{Root: root.Str, Entries: []string{}}
		if entries := arrMember(el, "entries"); entries != nil {
			seen := map[string]bool{}
			for _, e := range entries.Elems {
				if e.Kind == source.KindString && c.entryOK(e, root, where, seen) {
					sr.Entries = append(sr.Entries, e.Str)
				}
			}
		}
		c.s.Roots = append(c.s.Roots, sr)
	}
}

// entryOK reports an unsafe, misplaced or repeated entry of root.
func (c *snapshotCheck) entryOK(e, root *source.Value, where string, seen map[string]bool) bool {
	what := where + ".entries[" + itoa(e.Index) + "]"
	if reason, ok := CheckSafePath(e.Str, false); !ok {
		c.report(ruleSnapshotPaths.At(c.path, e.Span, "%s %s is unsafe: %s", what, c.q(e), reason))
		return false
	}
	if !PathWithin(root.Str, e.Str) || strings.TrimSuffix(root.Str, "/") == e.Str {
		c.report(ruleSnapshotPaths.At(c.path, e.Span, "%s %s is not below its root %s", what, c.q(e), c.q(root)))
		return false
	}
	key := strings.ToLower(e.Str)
	if seen[key] {
		c.report(ruleSnapshotPaths.At(c.path, e.Span, "%s %s is listed twice", what, c.q(e)))
		return false
	}
	seen[key] = true
	c.s.entries[key] = true
	return true
}
