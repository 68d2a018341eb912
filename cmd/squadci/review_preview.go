package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/squadci/squadci/review"
)

func init() {
	register("review", "review --base REV [PATH] [flags]",
		"preview the pull request review the action would post (body, inline comments, suggestions); needs no token", (*Command).runReviewPreview)
}

// runReviewPreview prints the review the action's review input would post
// for a pull request from REV to the checkout: the findings new since REV
// (the comparison --new-from-rev and only-new make), inline on the lines
// `git diff REV` adds, the rest in the body's table, with suggestion
// blocks under --suggest. It posts nothing and reads no token; the markers
// of an earlier review on the pull request are not known here, so nothing
// counts as already posted.
func (c *Command) runReviewPreview(args []string) int {
	var f lintFlags
	var format string
	var suggest bool
	fs := flag.NewFlagSet("squadci review", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	fs.StringVar(&f.newFromRev, "base", "", "the pull request's base revision `REV` (a commit, branch or tag); required")
	fs.StringVar(&format, "format", "markdown", "output: markdown|json")
	fs.BoolVar(&suggest, "suggest", false, "add suggestion blocks for findings with a fix (the action's review: suggest)")
	fs.StringVar(&f.config, "config", "", "config file (default: as lint finds it)")
	fs.StringVar(&f.root, "root", "", "the repository root (default: as lint finds it)")
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if f.newFromRev == "" {
		return c.usageError(fmt.Errorf("review needs --base REV, the revision the pull request starts from (e.g. --base origin/main)"))
	}
	if format != "markdown" && format != "json" {
		return c.usageError(fmt.Errorf("--format must be markdown or json, not %q", format))
	}
	f.format, f.failLevel = "text", "none"
	out, code := c.lintRun(f, positional)
	if out == nil {
		return code
	}
	diffs, err := reviewDiffs(out.root, f.newFromRev)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: review: %v\n", err)
		return exitInternal
	}
	in := review.Input{Findings: out.res.Run.Findings, Diffs: diffs, Prefix: repoPrefix(out.root), Source: reviewSource(out.root), Suggest: suggest}
	p := review.Build(in)
	if format == "json" {
		err = writePreviewJSON(c.Stdout, p)
	} else {
		err = writePreviewMarkdown(c.Stdout, p)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitInternal
	}
	for _, n := range p.Notes {
		fmt.Fprintf(c.Stderr, "squadci: review: %s\n", n)
	}
	if out.res.Internal {
		return exitInternal
	}
	return exitOK
}

// reviewDiffs is `git diff REV` of the checkout (its work tree against
// REV, renames followed), per file by its repository path, as the pull
// request files API gives them: the hunks of each file's patch.
func reviewDiffs(root, rev string) (map[string]review.FileDiff, error) {
	cmd := exec.Command("git", "-C", root, "diff", "--no-color", "--no-ext-diff", "--unified=3", "-M", rev, "--")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %v: %s", rev, err, strings.TrimSpace(stderr.String()))
	}
	return splitGitDiff(string(raw))
}

// splitGitDiff splits the output of git diff into each file's patch (the
// hunks after its headers), keyed by the path on the new side; a deleted
// file has none, a binary file no hunks.
func splitGitDiff(raw string) (map[string]review.FileDiff, error) {
	out := map[string]review.FileDiff{}
	for _, part := range strings.Split("\n"+raw, "\ndiff --git ")[1:] {
		lines := strings.Split(part, "\n")
		path, i := "", 1
		for ; i < len(lines) && !strings.HasPrefix(lines[i], "@@"); i++ {
			if p, ok := strings.CutPrefix(lines[i], "+++ b/"); ok {
				path = p
			} else if lines[i] == "+++ /dev/null" {
				path = ""
			}
			if p, ok := strings.CutPrefix(lines[i], "rename to "); ok && path == "" {
				path = p
			}
		}
		if path == "" {
			continue // a deletion, or a header without a new side
		}
		d, err := review.ParsePatch(strings.Join(lines[i:], "\n"))
		if err != nil {
			return nil, fmt.Errorf("the diff of %s: %v", path, err)
		}
		out[path] = d
	}
	return out, nil
}

// previewComment is an inline comment of the preview.
type previewComment struct {
	Path      string `json:"path"`
	StartLine int    `json:"startLine,omitempty"`
	Line      int    `json:"line"`
	Body      string `json:"body"`
}

func previewComments(p review.Plan) []previewComment {
	cs := make([]previewComment, 0, len(p.Comments))
	for _, c := range p.Comments {
		pc := previewComment{Path: c.Path, Line: c.Last, Body: c.Body}
		if c.First != c.Last {
			pc.StartLine = c.First
		}
		cs = append(cs, pc)
	}
	return cs
}

func writePreviewJSON(w io.Writer, p review.Plan) error {
	v := struct {
		Post     bool             `json:"post"`
		Body     string           `json:"body"`
		Comments []previewComment `json:"comments"`
		Overflow int              `json:"overflow"`
		Notes    []string         `json:"notes"`
	}{!p.Empty(), p.Body, previewComments(p), len(p.Overflow), append([]string{}, p.Notes...)}
	if !v.Post {
		v.Body = ""
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func writePreviewMarkdown(w io.Writer, p review.Plan) error {
	var b strings.Builder
	if p.Empty() {
		b.WriteString("squadci would post no review: no finding is new since the base.\n")
	} else {
		b.WriteString("# Review body\n\n" + p.Body + "\n")
		fmt.Fprintf(&b, "\n# Inline comments (%d)\n", len(p.Comments))
		for _, c := range previewComments(p) {
			at := fmt.Sprintf("%d", c.Line)
			if c.StartLine != 0 {
				at = fmt.Sprintf("%d-%d", c.StartLine, c.Line)
			}
			fmt.Fprintf(&b, "\n## %s:%s\n\n%s\n", c.Path, at, c.Body)
		}
	}
	if len(p.Overflow) > 0 {
		b.WriteString("\n# Past GitHub's limits (the action lists these in the step summary)\n\n" + review.Table(p.Overflow, maxSummaryRows))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
