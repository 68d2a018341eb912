package connector

import (
	"slices"
	"strings"
)

// DropRoot is the conventional parent of every mailbox. Files below it are
// exchange files even when no manifest declares their mailbox.
const DropRoot = ".connector-drops/"

// stateDir is the shim's private directory inside a mailbox.
const stateDir = ".squad-connector/"

// examplesDir holds the example request and result `squadci connector new`
// writes; they are validated as examples, never as live exchanges.
const examplesDir = "examples/"

// MailboxIndex says which mailbox, and so which manifest, owns a path.
type MailboxIndex struct {
	dirs []string // Dirs
	// keys maps every directory of dirs, lower-cased without its trailing
	// '/', to itself; sorted lists the keys in order, for prefix searches.
	keys   map[string]string
	sorted []string
	owner  map[string]*Manifest // box dir → its manifest (the first in path order)
}

type mailboxDir struct {
	dir string // "path/" as declared, one trailing '/'
	m   *Manifest
}

// NewMailboxIndex indexes the safe dropPaths of ms. When mailboxes nest or
// repeat (drop-path-overlap reports that), the deepest one owns a path and
// the first manifest in path order wins a tie.
func NewMailboxIndex(ms []*Manifest) *MailboxIndex {
	ix := &MailboxIndex{}
	var boxes []mailboxDir // sorted by path order, for ties
	for _, m := range ms {
		if m == nil || m.DropPath == "" {
			continue
		}
		if _, ok := CheckSafePath(m.DropPath, true); !ok {
			continue
		}
		boxes = append(boxes, mailboxDir{dir: strings.TrimSuffix(m.DropPath, "/") + "/", m: m})
	}
	slices.SortStableFunc(boxes, func(a, b mailboxDir) int { return strings.Compare(a.m.Path, b.m.Path) })
	ix.dirs = []string{DropRoot}
	ix.owner = make(map[string]*Manifest, len(boxes))
	for _, b := range boxes {
		ix.dirs = append(ix.dirs, b.dir)
		if _, dup := ix.owner[b.dir]; !dup {
			ix.owner[b.dir] = b.m
		}
	}
	slices.Sort(ix.dirs)
	ix.dirs = slices.Compact(ix.dirs)
	ix.keys = make(map[string]string, len(ix.dirs))
	for _, d := range ix.dirs {
		k := strings.ToLower(strings.TrimSuffix(d, "/"))
		if _, dup := ix.keys[k]; !dup {
			ix.keys[k] = d
			ix.sorted = append(ix.sorted, k)
		}
	}
	slices.Sort(ix.sorted)
	return ix
}

// Dirs lists the directories to search for exchange files: DropRoot and
// every manifest's mailbox, sorted, without repeats.
func (ix *MailboxIndex) Dirs() []string { return slices.Clone(ix.dirs) }

// Owner returns the mailbox holding p and its manifest (nil when no
// manifest declares it), or ok false when p lies in no mailbox. A path
// directly in DropRoot has mailbox DropRoot; a path below an undeclared
// .connector-drops/<name>/ has that directory as mailbox.
func (ix *MailboxIndex) Owner(p string) (mailbox string, m *Manifest, ok bool) {
	for i := strings.LastIndexByte(p, '/'); i > 0; i = strings.LastIndexByte(p[:i], '/') {
		if m, ok := ix.owner[p[:i+1]]; ok {
			return p[:i+1], m, true
		}
	}
	rest, under := strings.CutPrefix(p, DropRoot)
	if !under {
		return "", nil, false
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return DropRoot + rest[:i+1], nil, true
	}
	return DropRoot, nil, true
}

// overlapping returns a mailbox that dir equals, lies inside or contains,
// comparing whole segments and ignoring ASCII case: deliverable roots
// must keep clear of all of them. The deepest mailbox holding dir is
// preferred, then one inside it. It costs a few map lookups and one binary
// search, whatever the number of mailboxes.
func (ix *MailboxIndex) overlapping(dir string) (string, bool) {
	key := strings.ToLower(strings.TrimSuffix(dir, "/"))
	for p := key; p != ""; {
		if box, ok := ix.keys[p]; ok {
			return box, true
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	i, _ := slices.BinarySearch(ix.sorted, key+"/")
	if i < len(ix.sorted) && strings.HasPrefix(ix.sorted[i], key+"/") {
		return ix.keys[ix.sorted[i]], true
	}
	return "", false
}
