// Package review posts a lint run's findings on a pull request as one
// GitHub review (adoption.md, Review comments): inline comments on the
// changed lines, with a suggestion block where the finding has a fix, the
// rest as a short table in the review body. It is the GitHub edge of the
// action's lint mode; domain packages never import it.
package review

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/squadci/squadci/internal/textutil"
)

// Hunk is one hunk of a file's diff, seen from the pull request's head
// (the RIGHT side): the lines First..Last are in the diff, Added are the
// ones the pull request added or changed, and Text holds each line's text
// at the head, to check that the checkout is the head.
type Hunk struct {
	First, Last int
	Added       map[int]bool
	Text        map[int]string
}

// FileDiff is a file's hunks in order. A file GitHub gives no patch for
// (binary, or past the response's diff limit) has none: none of its lines
// can carry a comment.
type FileDiff struct {
	Hunks []Hunk
}

var hunkHeader = regexp.MustCompile(`^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)

// ParsePatch reads the patch of one file of the pull request files API (a
// unified diff without file headers) into its RIGHT-side hunks.
func ParsePatch(patch string) (FileDiff, error) {
	var d FileDiff
	var cur *Hunk
	line := 0
	for i, text := range strings.Split(patch, "\n") {
		if m := hunkHeader.FindStringSubmatch(text); m != nil {
			start, _ := strconv.Atoi(m[1])
			count := 1
			if m[2] != "" {
				count, _ = strconv.Atoi(m[2])
			}
			d.Hunks = append(d.Hunks, Hunk{First: start, Last: start + count - 1, Added: map[int]bool{}, Text: map[int]string{}})
			cur, line = &d.Hunks[len(d.Hunks)-1], start
			continue
		}
		if cur == nil {
			if text == "" {
				continue
			}
			return FileDiff{}, fmt.Errorf("patch line %d: %q before the first hunk header", i+1, textutil.Abbreviate(text, 40))
		}
		switch {
		case strings.HasPrefix(text, "+"):
			cur.Added[line], cur.Text[line] = true, text[1:]
			line++
		case strings.HasPrefix(text, " "):
			cur.Text[line] = text[1:]
			line++
		case text == "" || strings.HasPrefix(text, "-") || strings.HasPrefix(text, `\`):
			// a deleted line, "\ No newline at end of file", or the split's
			// empty tail: no RIGHT-side line
		default:
			return FileDiff{}, fmt.Errorf("patch line %d: %q is not a diff line", i+1, textutil.Abbreviate(text, 40))
		}
	}
	return d, nil
}

// hunkOf returns the hunk whose RIGHT side holds line, or nil.
func (d FileDiff) hunkOf(line int) *Hunk {
	for i := range d.Hunks {
		if h := &d.Hunks[i]; h.First <= line && line <= h.Last {
			return h
		}
	}
	return nil
}

// firstAdded returns the first added line in first..last, or 0.
func (d FileDiff) firstAdded(first, last int) int {
	for l := first; l <= last; l++ {
		if h := d.hunkOf(l); h != nil && h.Added[l] {
			return l
		}
	}
	return 0
}

// matches reports whether src holds the hunk's lines at their numbers: a
// checkout of another commit (the merge commit a pull_request workflow
// checks out by default, when the base changed the file too) would put
// comments on the wrong lines.
func (h *Hunk) matches(src []byte) bool {
	lines := strings.Split(string(src), "\n")
	for l := h.First; l <= h.Last; l++ {
		want, ok := h.Text[l]
		if !ok {
			continue
		}
		if l > len(lines) || strings.TrimSuffix(lines[l-1], "\r") != strings.TrimSuffix(want, "\r") {
			return false
		}
	}
	return true
}

// matchesAll reports whether src holds every hunk's lines.
func (d FileDiff) matchesAll(src []byte) bool {
	for i := range d.Hunks {
		if !d.Hunks[i].matches(src) {
			return false
		}
	}
	return true
}
