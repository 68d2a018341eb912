package gitstore

// TreeFiles lists every entry of a commit's (or a tag's) tree, recursively,
// as index entries at stage 0 in git's order: what `git ls-tree -r`
// lists. Read from the object store: no checkout, no git process.
func (r *Repo) TreeFiles(commit ID) ([]Entry, error) {
	tree, err := r.commitTree(commit)
	if err != nil {
		return nil, err
	}
	var out []Entry
	return out, r.walkTree(tree, "", &out, 0)
}

func (r *Repo) walkTree(id ID, prefix string, out *[]Entry, depth int) error {
	if depth > 256 {
		return unsupported("tree nesting deeper than 256 under %q", prefix)
	}
	entries, err := r.readTree(id)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := prefix + e.name
		if e.mode == 0o040000 {
			if err := r.walkTree(e.id, p+"/", out, depth+1); err != nil {
				return err
			}
			continue
		}
		*out = append(*out, Entry{Path: p, Mode: e.mode, ID: e.id})
	}
	return nil
}
