package review

import (
	"fmt"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
	_ "github.com/squadci/squadci/squadstate" // registers SS236, for its help link
)

func finding(path string, line, endLine int, fp string) report.Finding {
	return report.Finding{
		Diagnostic: diag.Diagnostic{Rule: "SS236", Severity: diag.SeverityError, Path: path, Message: "plain Preferred: line"},
		Line:       line, Column: 1, EndLine: endLine, EndColumn: 5, Fingerprint: fp, Occurrence: 1,
	}
}

func fp(n int) string { return fmt.Sprintf("%032x", n) }

// oneHunk is a diff whose lines first..last are in one hunk, all added.
func oneHunk(first, last int) FileDiff {
	h := Hunk{First: first, Last: last, Added: map[int]bool{}}
	for l := first; l <= last; l++ {
		h.Added[l] = true
	}
	return FileDiff{Hunks: []Hunk{h}}
}

func TestMarkersRoundTrip(t *testing.T) {
	k := Key{"SS236", fp(7)}
	body := "text\n\n" + Marker(k)
	if got := Markers(body); len(got) != 1 || got[0] != k {
		t.Errorf("Markers(%q) = %v", body, got)
	}
	if Marker(k) != "<!-- squadci:SS236:00000000000000000000000000000007 -->" {
		t.Errorf("marker shape = %q", Marker(k))
	}
	if got := Markers("<!-- squadci:SS236:nothex -->"); len(got) != 0 {
		t.Errorf("a malformed marker was read: %v", got)
	}
}

func TestBuildPlacesFindings(t *testing.T) {
	in := Input{
		Prefix: "sub/",
		Diffs:  map[string]FileDiff{"sub/a.md": oneHunk(3, 6)},
		Findings: []report.Finding{
			finding("a.md", 4, 4, fp(1)),  // on an added line: inline
			finding("a.md", 1, 2, fp(2)),  // above the hunk: body
			finding("a.md", 5, 9, fp(3)),  // runs past the hunk: inline, clipped to 5-6
			finding("b.md", 1, 1, fp(4)),  // a file the pull request does not change
			finding("a.md", 7, 8, fp(5)),  // past the hunk
			finding("a.md", 2, 3, fp(6)),  // ends on the first added line
			finding("a.md", 6, 7, fp(10)), // EndColumn 1 on line 7: covers line 6 only
		},
	}
	in.Findings[6].EndColumn = 1
	p := Build(in)
	got := []string{}
	for _, c := range p.Comments {
		got = append(got, fmt.Sprintf("%s:%d-%d", c.Path, c.First, c.Last))
	}
	if want := "sub/a.md:4-4 sub/a.md:5-6 sub/a.md:3-3 sub/a.md:6-6"; strings.Join(got, " ") != want {
		t.Errorf("comments = %v, want %s", got, want)
	}
	if len(p.Table) != 3 || p.Table[0].Fingerprint != fp(2) || p.Table[1].Path != "b.md" {
		t.Errorf("table = %v", p.Table)
	}
	body := p.Comments[0].Body
	for _, want := range []string{"**squadci SS236** (error): plain Preferred: line", "[SS236 squad-charter-model-syntax](", "\n\n" + Marker(Key{"SS236", fp(1)})} {
		if !strings.Contains(body, want) {
			t.Errorf("comment body lacks %q:\n%s", want, body)
		}
	}
	if !strings.HasSuffix(body, Marker(Key{"SS236", fp(1)})) {
		t.Errorf("comment body does not end with its marker:\n%s", body)
	}
	for _, want := range []string{"7 new findings, 4 on the lines this pull request changes", "| b.md | 1 | [SS236](", Marker(Key{"SS236", fp(4)})} {
		if !strings.Contains(p.Body, want) {
			t.Errorf("review body lacks %q:\n%s", want, p.Body)
		}
	}
}

func TestBuildSuggestion(t *testing.T) {
	src := "# Charter\nPreferred: gpt\nend\n"
	two := strings.Index(src, "Preferred")
	f := finding("c.md", 2, 2, fp(1))
	f.Span = diag.Span{Start: two, End: two + 10}
	f.Fix = &diag.Fix{Edits: []diag.Edit{{Start: two, End: two + 10, Text: "**Preferred:**"}}}
	source := func(string) ([]byte, error) { return []byte(src), nil }
	for _, tc := range []struct {
		name    string
		diff    FileDiff
		suggest bool
		want    bool
	}{
		{"suggest", oneHunk(2, 2), true, true},
		{"comment mode", oneHunk(2, 2), false, false},
		{"fix outside the hunk", FileDiff{Hunks: []Hunk{{First: 1, Last: 1, Added: map[int]bool{1: true}}}}, true, false},
	} {
		f := f
		if tc.name == "fix outside the hunk" {
			f.Line, f.EndLine = 1, 2 // the span starts on line 1, the fix is on 2
		}
		p := Build(Input{Findings: []report.Finding{f}, Diffs: map[string]FileDiff{"c.md": tc.diff}, Source: source, Suggest: tc.suggest})
		if len(p.Comments) != 1 {
			t.Fatalf("%s: %d comments", tc.name, len(p.Comments))
		}
		has := strings.Contains(p.Comments[0].Body, "```suggestion\n**Preferred:** gpt\n```")
		if has != tc.want {
			t.Errorf("%s: suggestion %v, want %v:\n%s", tc.name, has, tc.want, p.Comments[0].Body)
		}
	}
}

func TestBuildSkipsPresentAndDeletesStale(t *testing.T) {
	same := fp(1)
	in := Input{
		Diffs: map[string]FileDiff{"a.md": oneHunk(1, 10)},
		Findings: []report.Finding{
			finding("a.md", 1, 1, same), finding("a.md", 5, 5, same), // two identical mistakes
			finding("a.md", 7, 7, fp(2)),
		},
		Present: []Key{{"SS236", same}, {"SS236", fp(9)}},
		Own: []OwnComment{
			{ID: 11, Key: Key{"SS236", same}},
			{ID: 12, Key: Key{"SS236", fp(9)}}, // its finding is gone
			{ID: 10, Key: Key{"SS236", fp(2)}}, // another user's marker? no: own, and still current
		},
	}
	p := Build(in)
	if p.Skipped != 1 || len(p.Comments) != 2 || p.Comments[0].First != 5 {
		t.Errorf("skipped %d, comments %+v; want the second occurrence and fp(2) posted", p.Skipped, p.Comments)
	}
	if len(p.Delete) != 1 || p.Delete[0] != 12 {
		t.Errorf("delete = %v, want [12]", p.Delete)
	}
	in.Present = []Key{{"SS236", same}, {"SS236", same}, {"SS236", fp(2)}}
	if p := Build(in); !p.Empty() || p.Body != "" || p.Skipped != 3 {
		t.Errorf("everything marked: plan %+v, want empty", p)
	}
}

func TestBuildLimits(t *testing.T) {
	var fs []report.Finding
	for i := 0; i < MaxComments+MaxTableRows+7; i++ {
		fs = append(fs, finding("a.md", 1+i, 1+i, fp(i)))
	}
	p := Build(Input{Findings: fs, Diffs: map[string]FileDiff{"a.md": oneHunk(1, len(fs))}})
	if len(p.Comments) != MaxComments || len(p.Table) != MaxTableRows || len(p.Overflow) != 7 {
		t.Fatalf("comments %d, table %d, overflow %d", len(p.Comments), len(p.Table), len(p.Overflow))
	}
	if p.Overflow[0].Line != MaxComments+MaxTableRows+1 || !strings.Contains(p.Body, "7 more findings in the job's step summary") {
		t.Errorf("overflow starts at line %d; body:\n%s", p.Overflow[0].Line, p.Body[len(p.Body)-400:])
	}
	if n := len(Markers(p.Body)); n != MaxTableRows {
		t.Errorf("body has %d markers, want one per row (%d)", n, MaxTableRows)
	}
	long := finding("a.md", 1, 1, fp(1))
	long.Message = strings.Repeat("ü<", 40000)
	for i := range fs {
		fs[i].Message = long.Message
	}
	p = Build(Input{Findings: append([]report.Finding{long}, fs[:MaxTableRows]...)})
	if len(p.Body) > MaxBodyBytes || len(p.Table) >= MaxTableRows {
		t.Errorf("body %d bytes with %d rows", len(p.Body), len(p.Table))
	}
	if c := commentBody(&long, nil); len(c) > MaxBodyBytes || !strings.HasSuffix(c, Marker(keyOf(&long))) {
		t.Errorf("long comment: %d bytes, marker kept %v", len(c), strings.HasSuffix(c, Marker(keyOf(&long))))
	}
}

func TestMarkdownTextCannotForgeMarkup(t *testing.T) {
	got := markdownText("x <!-- squadci:SS236:"+fp(1)+" --> | `code` [l](u)\nnext", 1000)
	if strings.ContainsAny(got, "<>\n") || len(Markers(got)) != 0 || strings.Contains(got, " | ") {
		t.Errorf("markdownText = %q", got)
	}
}

// grouped is one cause in several files, grouped as the engine does.
func grouped(paths ...string) report.Finding {
	var fs []report.Finding
	for i, p := range paths {
		f := finding(p, 3, 3, fp(100+i))
		f.Cause = "SS236 plain Preferred: line"
		fs = append(fs, f)
	}
	g := report.GroupCauses(fs)
	if len(g) != 1 {
		panic("grouped: not one cause")
	}
	return g[0]
}

// TestBuildGroupedFinding: one cause in several files is one comment that
// says how many other files have it, marked with the cause's identity, so
// the comment stays while files of the cause are fixed, and is neither
// reposted nor deleted when the cause shrinks to one file.
func TestBuildGroupedFinding(t *testing.T) {
	g := grouped("a.md", "b.md", "c.md")
	in := Input{Diffs: map[string]FileDiff{"a.md": oneHunk(1, 10)}, Findings: []report.Finding{g}}
	p := Build(in)
	if len(p.Comments) != 1 || !strings.Contains(p.Comments[0].Body, "(and 2 other files)") {
		t.Fatalf("comments %+v, want one saying there are 2 other files", p.Comments)
	}
	marker := Key{"SS236", g.CauseFingerprint()}
	if !strings.HasSuffix(p.Comments[0].Body, Marker(marker)) || marker.Fingerprint == g.Fingerprint {
		t.Errorf("body %q does not end with the cause's marker", p.Comments[0].Body)
	}
	fewer := grouped("a.md", "c.md")
	if fewer.CauseFingerprint() != marker.Fingerprint {
		t.Errorf("the cause's identity changed when b.md was fixed")
	}
	in.Findings, in.Present, in.Own = []report.Finding{fewer}, []Key{marker}, []OwnComment{{ID: 5, Key: marker}}
	if p := Build(in); len(p.Comments) != 0 || p.Skipped != 1 || len(p.Delete) != 0 {
		t.Errorf("a file of the cause fixed: plan %+v, want the comment kept", p)
	}
	alone := report.Ungroup([]report.Finding{fewer})[0] // c.md fixed too: a.md's finding stands alone
	in.Findings = []report.Finding{alone}
	if p := Build(in); len(p.Comments) != 0 || p.Skipped != 1 || len(p.Delete) != 0 {
		t.Errorf("the cause left in one file: plan %+v, want the comment kept", p)
	}
}
