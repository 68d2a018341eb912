package lint

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/lint/report"
)

// Revision is the commit --new-from-rev compares against (adoption.md,
// "New since a revision"): resolved by git, with the renames since.
type Revision struct {
	Rev     string            // the revision as the user named it
	Commit  string            // its commit id
	Top     string            // the work tree's top level
	Prefix  string            // the lint root relative to Top: "" or "dir/"
	Renames map[string]string // top-relative old path at Commit → path now (FindRenames)

	staged bool // renames are to the index, not the work tree
}

// ChangesOptions say where and against what the comparison is made.
type ChangesOptions struct {
	Root   string // the lint root: a git work tree or a folder in one
	Rev    string
	Staged bool   // compare with the index, not the work tree
	What   string // how messages name the option: "--new-from-rev"
}

// ResolveRevision resolves o.Rev to a commit; FindRenames lists the files
// renamed since. A revision git cannot resolve, or a root outside git, is
// a *ConfigError.
func ResolveRevision(ctx context.Context, o ChangesOptions) (*Revision, error) {
	fail := func(format string, args ...any) error {
		return &ConfigError{Path: o.What, Message: fmt.Sprintf(format, args...)}
	}
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fail("needs git on PATH to read the revision %s", o.Rev)
	}
	// One git process answers both: the top level, then the commit.
	var top, commit string
	out, err := Git(ctx, o.Root, "rev-parse", "--show-toplevel", "--verify", "--quiet", "--end-of-options", o.Rev+"^{commit}")
	if lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"); err == nil && len(lines) == 2 && lines[1] != "" {
		top, commit = lines[0], lines[1]
	} else {
		// Which one failed (or a top level with a line break in its name).
		t, err := Git(ctx, o.Root, "rev-parse", "--show-toplevel")
		if err != nil {
			return nil, fail("needs a git repository, and %s is not in one", o.Root)
		}
		c, err := Git(ctx, o.Root, "rev-parse", "--verify", "--quiet", "--end-of-options", o.Rev+"^{commit}")
		if err != nil || strings.TrimSpace(string(c)) == "" {
			return nil, fail("git cannot resolve %q to a commit (a typo, or not fetched: a shallow clone lacks history, `git fetch --unshallow`)", o.Rev)
		}
		top, commit = strings.TrimSuffix(string(t), "\n"), strings.TrimSpace(string(c))
	}
	r := &Revision{Rev: o.Rev, Commit: commit, Top: top, Renames: map[string]string{}, staged: o.Staged}
	if rel, err := filepath.Rel(r.Top, o.Root); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		r.Prefix = filepath.ToSlash(rel) + "/"
	} else if real, err2 := filepath.EvalSymlinks(o.Root); err2 == nil {
		if rel, err := filepath.Rel(r.Top, real); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			r.Prefix = filepath.ToSlash(rel) + "/"
		}
	}
	return r, nil
}

// FindRenames sets r.Renames to the files git's rename detection finds
// renamed since the revision (`git diff --name-status -M`, to the work
// tree or, with Staged, the index). It is the costly part of resolving a
// revision (every added file is compared with every deleted one), so it
// is a step of its own, to run beside other work.
func (r *Revision) FindRenames(ctx context.Context) error {
	return r.findRenames(ctx, nil)
}

// AddedAndDeleted lists the files added and deleted since the revision
// (top-relative), with no rename detection: a cheap listing git makes
// without comparing any contents.
func (r *Revision) AddedAndDeleted(ctx context.Context) (added, deleted []string, err error) {
	args := []string{"diff", "--no-ext-diff", "--name-status", "-z", "--no-renames", "--diff-filter=AD", "--no-color"}
	if r.staged {
		args = append(args, "--cached")
	}
	out, err := Git(ctx, r.Top, append(args, r.Commit, "--")...)
	if err != nil {
		return nil, nil, fmt.Errorf("%v (listing the files added and deleted since %s)", err, r.Rev)
	}
	// "A\0path\0" and "D\0path\0" records.
	recs := bytes.Split(out, []byte{0})
	for i := 0; i+1 < len(recs); i += 2 {
		switch string(recs[i]) {
		case "A":
			added = append(added, string(recs[i+1]))
		case "D":
			deleted = append(deleted, string(recs[i+1]))
		}
	}
	return added, deleted, nil
}

// FindRenamesFrom sets r.Renames to the renames git's rename detection
// finds from the given deleted paths to the given added ones (both
// top-relative, as AddedAndDeleted lists them): only those pairs are
// compared, and git is not run at all when either list is empty.
func (r *Revision) FindRenamesFrom(ctx context.Context, from, added []string) error {
	r.Renames = map[string]string{}
	if len(from) == 0 || len(added) == 0 {
		return nil
	}
	return r.findRenames(ctx, append(append([]string{}, from...), added...))
}

// findRenames runs git's rename detection, over the given paths only
// (literal pathspecs) when paths is not nil.
func (r *Revision) findRenames(ctx context.Context, paths []string) error {
	var args []string
	if paths != nil {
		args = append(args, "--literal-pathspecs")
	}
	args = append(args, "diff", "--no-ext-diff", "--name-status", "-z", "-M", "--diff-filter=R", "--no-color")
	if r.staged {
		args = append(args, "--cached")
	}
	args = append(append(args, r.Commit, "--"), paths...)
	out, err := Git(ctx, r.Top, args...)
	if err != nil {
		return fmt.Errorf("%v (finding renames since %s)", err, r.Rev)
	}
	renames := map[string]string{}
	// "R<score>\0old\0new\0" records.
	recs := bytes.Split(out, []byte{0})
	for i := 0; i+2 < len(recs); i += 3 {
		if len(recs[i]) > 0 && recs[i][0] == 'R' {
			renames[string(recs[i+1])] = string(recs[i+2])
		}
	}
	r.Renames = renames
	return nil
}

// Git runs a git command in dir and returns its standard output; the
// error names the subcommand and carries git's message.
func Git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out.Bytes(), nil
}

// SubFiles shows the files of inner under Prefix ("dir/") as a root of
// their own, as the work tree's folder is linted.
type SubFiles struct {
	Inner  Files
	Prefix string
}

// List implements Files.
func (s SubFiles) List(ctx context.Context, under []string) ([]string, error) {
	if s.Prefix == "" {
		return s.Inner.List(ctx, under)
	}
	in := []string{s.Prefix}
	if under != nil {
		in = make([]string, len(under))
		for i, u := range under {
			if u == "./" {
				u = ""
			}
			in[i] = s.Prefix + u
		}
	}
	all, err := s.Inner.List(ctx, in)
	var out []string
	for _, p := range all {
		if rest, ok := strings.CutPrefix(p, s.Prefix); ok {
			out = append(out, rest)
		}
	}
	return out, err
}

// Read implements Files.
func (s SubFiles) Read(rel string, limit int64) ([]byte, error) {
	return s.Inner.Read(s.Prefix+rel, limit)
}

// NewSince keeps of a run only the findings whose identity (the rule,
// path and fingerprint the baseline keys on) the revision's lint did not
// have, counted as a multiset: two identical findings there and three now
// leave one.
type NewSince struct {
	Rev  string
	base map[baselineKey]int
}

// NewSinceFindings records the findings of the lint of the revision.
func NewSinceFindings(rev string, base []report.Finding) *NewSince {
	n := &NewSince{Rev: rev, base: map[baselineKey]int{}}
	for _, f := range report.Ungroup(base) {
		n.base[baselineKey{f.Rule, f.Path, f.Fingerprint}]++
	}
	return n
}

// Apply leaves out of run every finding the revision already had.
func (n *NewSince) Apply(run *report.Run) {
	left := make(map[baselineKey]int, len(n.base))
	for k, v := range n.base {
		left[k] = v
	}
	all := report.Ungroup(run.Findings)
	kept := all[:0:0]
	old := 0
	for _, f := range all {
		k := baselineKey{f.Rule, f.Path, f.Fingerprint}
		if left[k] > 0 {
			left[k]--
			old++
			continue
		}
		kept = append(kept, f)
	}
	run.Findings = report.GroupCauses(kept)
	a := adoption(run)
	a.NewFromRev, a.Unchanged = n.Rev, old
}

// Credit counts the findings another filter (the baseline) already hid:
// those of before missing from after. Together the two hide, of each
// identity, as many as the larger of the revision's and the baseline's
// counts, so a finding both accepted is not taken twice.
func (n *NewSince) Credit(before, after []report.Finding) {
	count := func(fs []report.Finding) map[baselineKey]int {
		m := map[baselineKey]int{}
		for _, f := range report.Ungroup(fs) {
			m[baselineKey{f.Rule, f.Path, f.Fingerprint}]++
		}
		return m
	}
	b, a := count(before), count(after)
	for k, v := range b {
		if hid := v - a[k]; hid > 0 && n.base[k] > 0 {
			n.base[k] = max(0, n.base[k]-hid)
		}
	}
}
