package gitstore

import "strings"

// Staged lists what `git diff --cached --name-only --diff-filter=ACMR`
// lists, in the same order: the paths whose index entry is added, or
// modified (content or executable bit) against HEAD's tree. Deleted
// paths, type changes (a file became a symlink, say), conflicts,
// intent-to-add entries and submodules are left out. A directory whose
// cache-tree id equals HEAD's tree for it is not read at all: after `git
// add` of one file only the trees on that file's path are.
func (r *Repo) Staged(ix *Index) ([]string, error) {
	head, ok, err := r.Head()
	if err != nil {
		return nil, err
	}
	d := differ{r: r, ix: ix}
	if !ok {
		d.added(ix.Entries)
		return d.out, nil
	}
	tree, err := r.commitTree(head)
	if err != nil {
		return nil, err
	}
	return d.out, d.diff(tree, "", ix.Entries)
}

type differ struct {
	r   *Repo
	ix  *Index
	out []string
}

// diff compares the index entries under prefix (all of them starting with
// it, in index order) with the tree id.
func (d *differ) diff(id ID, prefix string, ents []Entry) error {
	if ct, ok := d.ix.trees[prefix]; ok && ct.id == id && ct.entries == len(ents) {
		return nil
	}
	entries, err := d.r.readTree(id)
	if err != nil {
		return err
	}
	tree := make(map[string]treeEntry, len(entries))
	for _, e := range entries {
		tree[e.name] = e
	}
	for i := 0; i < len(ents); {
		rest := ents[i].Path[len(prefix):]
		slash := strings.IndexByte(rest, '/')
		if slash < 0 { // a file directly under prefix, perhaps at several stages
			j := i + 1
			for j < len(ents) && ents[j].Path == ents[i].Path {
				j++
			}
			d.file(ents[i:j], tree[rest])
			i = j
			continue
		}
		sub := prefix + rest[:slash+1]
		j := i + 1
		for j < len(ents) && strings.HasPrefix(ents[j].Path, sub) {
			j++
		}
		if te, ok := tree[rest[:slash]]; ok && te.mode == 0o040000 {
			if err := d.diff(te.id, sub, ents[i:j]); err != nil {
				return err
			}
		} else {
			d.added(ents[i:j])
		}
		i = j
	}
	return nil
}

// file judges one path's entries against HEAD's entry for it (zero when
// HEAD has none, or has a directory there).
func (d *differ) file(ents []Entry, head treeEntry) {
	e := ents[0]
	if len(ents) > 1 || e.Stage != 0 || e.IntentToAdd || e.Mode == 0o160000 {
		return // a conflict, `git add -N`, or a submodule
	}
	switch {
	case head.mode == 0 || head.mode == 0o040000:
		d.out = append(d.out, e.Path)
	case head.id == e.ID && head.mode == e.Mode:
	case fileType(head.mode) == fileType(e.Mode):
		d.out = append(d.out, e.Path)
	}
}

// added lists every stage-0 entry as added.
func (d *differ) added(ents []Entry) {
	for i, e := range ents {
		conflict := i > 0 && ents[i-1].Path == e.Path || i+1 < len(ents) && ents[i+1].Path == e.Path
		if e.Stage == 0 && !conflict && !e.IntentToAdd && e.Mode != 0o160000 {
			d.out = append(d.out, e.Path)
		}
	}
}

func fileType(mode uint32) uint32 { return mode & 0o170000 }
