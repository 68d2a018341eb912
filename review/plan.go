package review

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// GitHub's limits, and the ones squadci keeps below them.
const (
	// MaxComments caps the inline comments of one review. GitHub documents
	// no per-review cap, but its secondary rate limits allow about 80
	// content-generating requests a minute, large reviews time out, and a
	// pull request with hundreds of review threads stops loading; past 50
	// the rest go into the review body.
	MaxComments = 50
	// MaxTableRows caps the review body's table ("a short table"); the
	// rest go into the step summary.
	MaxTableRows = 100
	// MaxBodyBytes keeps every body below GitHub's 65,536 characters (a
	// byte count is never below the character count), with room to spare.
	MaxBodyBytes = 64000
	// MaxDeletes caps the stale comments deleted per run (each DELETE is a
	// content request); the next run deletes the rest.
	MaxDeletes = 50
)

// Key is what a marker names: the rule and the finding's fingerprint.
type Key struct{ Rule, Fingerprint string }

// Marker is the hidden line every comment body ends with.
func Marker(k Key) string {
	return "<!-- squadci:" + k.Rule + ":" + k.Fingerprint + " -->"
}

var markerPattern = regexp.MustCompile(`<!-- squadci:([A-Z]{1,4}[0-9]{2,4}):([0-9a-f]{32}) -->`)

// Markers returns the markers in a body, in order.
func Markers(body string) []Key {
	var out []Key
	for _, m := range markerPattern.FindAllStringSubmatch(body, -1) {
		out = append(out, Key{m[1], m[2]})
	}
	return out
}

// keyOf is the marker a finding's comment carries: for a grouped finding
// its cause's fingerprint, which files joining or leaving do not change.
func keyOf(f *report.Finding) Key { return Key{f.Rule, f.CauseFingerprint()} }

// keysOf are every marker a finding may have been posted under: keyOf
// first, then the identities it had when it stood alone or was grouped.
func keysOf(f *report.Finding) []Key {
	var out []Key
	for _, id := range f.Identities() {
		out = append(out, Key{f.Rule, id})
	}
	return out
}

// OwnComment is an inline comment the token's user wrote, with its marker.
type OwnComment struct {
	ID  int64
	Key Key
}

// Input is what a plan is made from.
type Input struct {
	Findings []report.Finding
	// Diffs are the pull request's files by their repository path.
	Diffs map[string]FileDiff
	// Prefix is the lint root's path in the repository ("" or "sub/dir/").
	Prefix string
	// Present are the markers already on the pull request (inline
	// comments and review bodies), once per occurrence.
	Present []Key
	Own     []OwnComment
	// Source reads a finding's file (lint-root relative), to check that it
	// is the head's and for suggestions; nil skips both.
	Source func(path string) ([]byte, error)
	// Suggest adds suggestion blocks for findings with a fix.
	Suggest bool
}

// Comment is one inline comment to post.
type Comment struct {
	Path        string // repository path
	First, Last int    // RIGHT-side lines; First == Last for one line
	Body        string
}

// Plan is what a run posts and deletes.
type Plan struct {
	Comments []Comment
	Table    []*report.Finding // rows of the review body
	Overflow []*report.Finding // past the body's limits: the step summary
	Delete   []int64
	Skipped  int // findings whose marker is already present
	Body     string
	// Notes are files kept out of inline comments, and why.
	Notes []string
}

// Empty says whether the plan posts no review.
func (p *Plan) Empty() bool { return len(p.Comments) == 0 && len(p.Table) == 0 }

// Build decides the review: findings already marked are skipped (their
// count per marker, so a second identical mistake is still new), new ones
// go inline when their span touches an added line, else into the body's
// table; own comments whose finding is gone are deleted.
func Build(in Input) Plan {
	var p Plan
	present, current := map[Key]int{}, map[Key]int{}
	for _, k := range in.Present {
		present[k]++
	}
	for i := range in.Findings {
		for _, k := range keysOf(&in.Findings[i]) {
			current[k]++
		}
	}
	p.Delete = staleComments(in.Own, current)
	src := in.sources(&p)
	seen := map[Key]int{}
	for i := range in.Findings {
		f := &in.Findings[i]
		if markedBefore(keysOf(f), seen, present) {
			p.Skipped++
			continue
		}
		if c, ok := in.inline(f, src); ok && len(p.Comments) < MaxComments {
			p.Comments = append(p.Comments, c)
			continue
		}
		p.Table = append(p.Table, f)
	}
	p.Body, p.Table, p.Overflow = reviewBody(len(p.Comments), p.Table)
	return p
}

// markedBefore reports whether one of a finding's markers is present
// beyond those earlier findings consumed, and consumes it.
func markedBefore(keys []Key, seen, present map[Key]int) bool {
	for _, k := range keys {
		if seen[k] < present[k] {
			seen[k]++
			return true
		}
	}
	return false
}

// staleComments are own comments beyond the count of findings that still
// carry their marker; the oldest (lowest id) are kept.
func staleComments(own []OwnComment, current map[Key]int) []int64 {
	sorted := append([]OwnComment(nil), own...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	kept := map[Key]int{}
	var out []int64
	for _, c := range sorted {
		if kept[c.Key] < current[c.Key] {
			kept[c.Key]++
			continue
		}
		if len(out) < MaxDeletes {
			out = append(out, c.ID)
		}
	}
	return out
}

// sources reads, once each, the files of findings in the pull request's
// diff, and keeps out (nil) those whose hunks are not the checkout's lines.
func (in Input) sources(p *Plan) map[string][]byte {
	out := map[string][]byte{}
	if in.Source == nil {
		return out
	}
	for i := range in.Findings {
		path := in.Findings[i].Path
		d, ok := in.Diffs[in.Prefix+path]
		if _, done := out[path]; done || !ok || len(d.Hunks) == 0 {
			continue
		}
		b, err := in.Source(path)
		switch {
		case err != nil:
			p.Notes = append(p.Notes, fmt.Sprintf("%s: %v; its findings go into the review body", in.Prefix+path, err))
		case !d.matchesAll(b):
			p.Notes = append(p.Notes, fmt.Sprintf("%s: the checkout is not the pull request's head (check out github.event.pull_request.head.sha); its findings go into the review body", in.Prefix+path))
		default:
			if b == nil {
				b = []byte{} // never nil: nil marks a file kept out
			}
			out[path] = b
			continue
		}
		out[path] = nil
	}
	return out
}

// inline places f on its file's diff: on the hunk of the first added line
// its span touches, its lines clipped to that hunk; with a fix whose lines
// lie in the hunk, on those lines with a suggestion.
func (in Input) inline(f *report.Finding, sources map[string][]byte) (Comment, bool) {
	path := in.Prefix + f.Path
	d := in.Diffs[path]
	first, last := findingLines(f)
	added := d.firstAdded(first, last)
	src, read := sources[f.Path]
	if added == 0 || (read && src == nil) {
		return Comment{}, false
	}
	h := d.hunkOf(added)
	c := Comment{Path: path, First: max(first, h.First), Last: min(last, h.Last)}
	var sug *Suggestion
	if in.Suggest && src != nil && f.Fix != nil {
		if s, ok := Suggest(src, f.Diagnostic); ok && h.First <= s.First && s.Last <= h.Last {
			c.First, c.Last, sug = s.First, s.Last, &s
		}
	}
	c.Body = commentBody(f, sug)
	return c, true
}

// findingLines are the lines a finding's span covers; a span that ends at
// the start of a line (just past a line break) does not cover that line.
func findingLines(f *report.Finding) (int, int) {
	last := max(f.EndLine, f.Line)
	if last > f.Line && f.EndColumn <= 1 {
		last--
	}
	return f.Line, last
}

// commentBody is the inline comment: rule, severity, message, help link,
// the suggestion when there is one, and the marker last.
func commentBody(f *report.Finding, s *Suggestion) string {
	head := fmt.Sprintf("**squadci %s** (%s): ", f.Rule, f.Severity)
	link := ""
	if r, ok := diag.Lookup(f.Rule); ok {
		link = fmt.Sprintf("\n\n[%s %s](%s)", f.Rule, r.Name, r.HelpURL())
	}
	marker := "\n\n" + Marker(keyOf(f))
	block := ""
	if s != nil {
		fence := fenceFor(s.Text)
		block = "\n\n" + fence + "suggestion\n" + s.Text + "\n" + fence
	}
	room := MaxBodyBytes - len(head) - len(link) - len(marker)
	if len(block) > room/2 {
		block = "" // a suggestion too long to show: the message still is
	}
	cands := ""
	if c := f.CandidatesLine(); c != "" {
		cands = "\n\ncandidates: " + markdownText(c, 1000)
	}
	return head + markdownText(f.Message+f.AlsoIn(), room-len(block)-len(cands)) + cands + link + block + marker
}

// fenceFor is a backtick fence longer than any run of backticks in text.
func fenceFor(text string) string {
	longest, run := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

// reviewBody renders the review body: a count line, then the table of the
// findings not commented inline, as many as fit; the rest overflow.
func reviewBody(inline int, table []*report.Finding) (string, []*report.Finding, []*report.Finding) {
	if inline == 0 && len(table) == 0 {
		return "", nil, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**squadci**: %s", plural.Count(inline+len(table), "new finding"))
	if inline > 0 {
		fmt.Fprintf(&b, ", %d on the lines this pull request changes (inline)", inline)
	}
	if len(table) == 0 {
		b.WriteString(".\n")
		return b.String(), nil, nil
	}
	b.WriteString(", these elsewhere:\n\n" + tableHead)
	var markers strings.Builder
	const footerRoom = 512
	shown := 0
	for _, f := range table {
		row := tableRow(f)
		mark := Marker(keyOf(f)) + "\n"
		if shown == MaxTableRows || b.Len()+markers.Len()+len(row)+len(mark)+footerRoom > MaxBodyBytes {
			break
		}
		b.WriteString(row)
		markers.WriteString(mark)
		shown++
	}
	if rest := len(table) - shown; rest > 0 {
		fmt.Fprintf(&b, "\n%s in the job's step summary (a review stays under GitHub's limits); the next run posts them.\n", plural.Count(rest, "more finding"))
	}
	b.WriteString("\n" + markers.String())
	return b.String(), table[:shown], table[shown:]
}

const tableHead = "| File | Line | Rule | Message |\n|---|---:|---|---|\n"

func tableRow(f *report.Finding) string {
	rule := markdownText(f.Rule, 16)
	if r, ok := diag.Lookup(f.Rule); ok {
		rule = "[" + rule + "](" + r.HelpURL() + ")"
	}
	return fmt.Sprintf("| %s | %d | %s | %s |\n", markdownText(f.Path, 300), f.Line, rule, markdownText(f.Message+f.AlsoIn(), 1000))
}

// markdownText sets repository text (names, values) as plain inline
// Markdown: at most limit bytes, one line, HTML and Markdown punctuation
// escaped, so no finding can inject markup, split a table row or forge a
// marker.
func markdownText(s string, limit int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	for _, r := range s {
		var piece string
		switch r {
		case '\n', '\r', '\t':
			piece = " "
		case '<':
			piece = "&lt;"
		case '>':
			piece = "&gt;"
		case '&':
			piece = "&amp;"
		case '\\', '|', '`', '*', '_', '[', ']', '~', '#':
			piece = `\` + string(r)
		default:
			if r < 0x20 || r == 0x7f {
				r = ' '
			}
			piece = string(r)
		}
		if b.Len()+len(piece) > limit-len("…") {
			b.WriteString("…")
			break
		}
		b.WriteString(piece)
	}
	return b.String()
}

// Table renders findings as the review body's table, at most rows rows and
// a line counting the rest; for the step summary's overflow.
func Table(fs []*report.Finding, rows int) string {
	var b strings.Builder
	b.WriteString(tableHead)
	for i, f := range fs {
		if i == rows {
			fmt.Fprintf(&b, "\n%s not listed: the SARIF or JSON output has them all.\n", plural.Count(len(fs)-rows, "more finding"))
			break
		}
		b.WriteString(tableRow(f))
	}
	return b.String()
}
