package lint

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// Changes are the lines added or changed since a revision (adoption.md,
// "New since a revision"), per root-relative path of the file as it is now.
type Changes struct {
	Rev   string                  // the revision as the user named it
	files map[string]*fileChanges // files the diff names
	atRev map[string]bool         // files that existed at the revision
}

// fileChanges are one file's changed lines.
type fileChanges struct {
	whole bool        // every line counts (a binary diff)
	spans []lineRange // sorted, 1-based, inclusive
}

type lineRange struct{ lo, hi int }

// ChangesOptions say where and against what the diff is taken.
type ChangesOptions struct {
	Root   string // the lint root: a git work tree or a folder in one
	Rev    string
	Staged bool   // diff the index, not the work tree
	What   string // how messages name the option: "--new-from-rev"
}

// ChangesSince runs `git diff --no-ext-diff -U0 -M` from the revision to the
// work tree (or the index) and lists the files the revision had. A
// revision git cannot resolve, or a root outside git, is a *ConfigError.
func ChangesSince(ctx context.Context, o ChangesOptions) (*Changes, error) {
	fail := func(format string, args ...any) error {
		return &ConfigError{Path: o.What, Message: fmt.Sprintf(format, args...)}
	}
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fail("needs git on PATH to find the lines changed since %s", o.Rev)
	}
	if _, err := Git(ctx, o.Root, "rev-parse", "--git-dir"); err != nil {
		return nil, fail("needs a git repository, and %s is not in one", o.Root)
	}
	commit, err := Git(ctx, o.Root, "rev-parse", "--verify", "--quiet", "--end-of-options", o.Rev+"^{commit}")
	if err != nil || strings.TrimSpace(string(commit)) == "" {
		return nil, fail("git cannot resolve %q to a commit (a typo, or not fetched: a shallow clone lacks history, `git fetch --unshallow`)", o.Rev)
	}
	sha := strings.TrimSpace(string(commit))
	args := []string{"diff", "--no-ext-diff", "-U0", "-M", "--no-color", "--no-textconv",
		"--src-prefix=a/", "--dst-prefix=b/", "--relative"}
	if o.Staged {
		args = append(args, "--cached")
	}
	patch, err := Git(ctx, o.Root, append(args, sha, "--")...)
	if err != nil {
		return nil, fmt.Errorf("%v (diffing from %s)", err, o.Rev)
	}
	tree, err := Git(ctx, o.Root, "ls-tree", "-r", "-z", "--name-only", sha)
	if err != nil {
		return nil, fmt.Errorf("%v (listing %s)", err, o.Rev)
	}
	c := &Changes{Rev: o.Rev, files: parseUnifiedDiff(patch), atRev: map[string]bool{}}
	for _, p := range bytes.Split(tree, []byte{0}) {
		if len(p) > 0 {
			c.atRev[string(p)] = true
		}
	}
	return c, nil
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

// Apply leaves out of run every finding that touches no changed line:
// neither its span nor its related position (the earlier definition, the
// other file of a cross-file rule).
func (c *Changes) Apply(run *report.Run) {
	all := report.Ungroup(run.Findings) // each member of a cause on its own lines
	kept := all[:0:0]
	unchanged := 0
	for _, f := range all {
		if lo, hi := spanLines(&f); c.touches(f.Path, lo, hi) || c.relatedTouches(&f) {
			kept = append(kept, f)
			continue
		}
		unchanged++
	}
	run.Findings = report.GroupCauses(kept)
	a := adoption(run)
	a.NewFromRev, a.Unchanged = c.Rev, unchanged
}

// spanLines are the lines a finding's span covers; 0, 0 for a finding about
// the whole file (an empty span at its start, or a file without text). A
// span ending at the start of a line does not cover that line.
func spanLines(f *report.Finding) (lo, hi int) {
	if f.Span.Start == 0 && f.Span.End == 0 {
		return 0, 0
	}
	hi = f.EndLine
	if f.EndColumn == 1 && hi > f.Line {
		hi--
	}
	return f.Line, hi
}

func (c *Changes) relatedTouches(f *report.Finding) bool {
	if f.Related == nil {
		return false
	}
	if f.Related.Span == (diag.Span{}) { // the other file as a whole
		return c.touches(f.Related.Path, 0, 0)
	}
	return c.touches(f.Related.Path, f.RelatedLine, f.RelatedEndLine)
}

// touches reports whether lines lo..hi of path (0, 0: any line) were added
// or changed. A file the revision did not have is new in every line.
func (c *Changes) touches(path string, lo, hi int) bool {
	fc := c.files[path]
	if fc == nil {
		return !c.atRev[path]
	}
	if fc.whole {
		return true
	}
	if lo == 0 {
		return len(fc.spans) > 0
	}
	i := sort.Search(len(fc.spans), func(i int) bool { return fc.spans[i].hi >= lo })
	return i < len(fc.spans) && fc.spans[i].lo <= hi
}
