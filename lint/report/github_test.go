package report

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// command is one parsed workflow command.
type command struct {
	name  string
	props map[string]string
	data  string
}

// parseCommand reads a `::name k=v,k=v::data` line the way the Actions runner
// does: properties split on ',' and the first '=', then unescaped.
func parseCommand(t *testing.T, line string) command {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "::")
	if !ok {
		t.Fatalf("not a workflow command: %q", line)
	}
	head, data, ok := strings.Cut(rest, "::")
	if !ok {
		t.Fatalf("no data separator: %q", line)
	}
	name, props, _ := strings.Cut(head, " ")
	c := command{name: name, props: map[string]string{}, data: unescapeData(data)}
	if props != "" {
		for _, kv := range strings.Split(props, ",") {
			k, v, _ := strings.Cut(kv, "=")
			c.props[k] = unescapeProperty(v)
		}
	}
	return c
}

// The runner's unescaping (ActionCommand.cs): %25 goes last.
func unescapeData(s string) string {
	s = strings.ReplaceAll(s, "%0D", "\r")
	s = strings.ReplaceAll(s, "%0A", "\n")
	return strings.ReplaceAll(s, "%25", "%")
}

func unescapeProperty(s string) string {
	s = strings.ReplaceAll(s, "%0D", "\r")
	s = strings.ReplaceAll(s, "%0A", "\n")
	s = strings.ReplaceAll(s, "%3A", ":")
	s = strings.ReplaceAll(s, "%2C", ",")
	return strings.ReplaceAll(s, "%25", "%")
}

func githubLines(t *testing.T, run *Run, opts GitHubOptions) []string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, run, opts); err != nil {
		t.Fatal(err)
	}
	if buf.Len() == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}

func TestWriteGitHubGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, sampleRun(), GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	golden(t, "github.golden", buf.Bytes())
	golden(t, "summary.golden.md", []byte(StepSummary(sampleRun(), 0)))
}

func TestWriteGitHubRoundTrip(t *testing.T) {
	run := sampleRun()
	run.Findings = append(run.Findings,
		at(ruleStyle, "a,line=99,title=forged.json", 4, "abc", "b", "100%25 literal %0A, not a newline"),
		at(ruleStyle, "crlf\r\nname", 6, "abc", "c", "ends with CR\r\n"),
		at(ruleField, "x::y", 8, "abc", "a", "::error::nested"),
	)
	kinds := map[string]string{"error": "error", "warning": "warning", "note": "notice"}
	for i, line := range githubLines(t, run, GitHubOptions{}) {
		c := parseCommand(t, line)
		f := findingForCommand(run, c)
		if f == nil {
			t.Fatalf("line %d: no finding with file %q line %q", i+1, c.props["file"], c.props["line"])
		}
		if c.name != kinds[f.Severity.String()] {
			t.Errorf("%q: command %q for a %s", f.Path, c.name, f.Severity)
		}
		wantData := fmt.Sprintf("%s:%d:%d: %s%s [%s]", f.Path, f.Line, f.Column, f.Message, f.AlsoIn(), f.Rule)
		if len(f.Candidates) > 0 {
			wantData += "\ncandidates: " + strings.Join(f.Candidates, ", ")
		}
		if c.data != wantData {
			t.Errorf("data %q, want %q", c.data, wantData)
		}
		if c.props["title"] != annotationTitle(f) || !strings.HasPrefix(c.props["title"], f.Rule) {
			t.Errorf("title %q", c.props["title"])
		}
		if _, forged := c.props["title=forged.json"]; forged || len(c.props) > 6 {
			t.Errorf("extra properties: %v", c.props)
		}
		_, hasCol := c.props["col"]
		if oneLine := f.EndLine == f.Line; hasCol != oneLine {
			t.Errorf("%q: col present %v for a span on lines %d-%d", f.Path, hasCol, f.Line, f.EndLine)
		}
	}
}

func findingForCommand(run *Run, c command) *Finding {
	for i := range run.Findings {
		f := &run.Findings[i]
		if f.Path == c.props["file"] && strconv.Itoa(f.Line) == c.props["line"] {
			return f
		}
	}
	return nil
}

func TestWriteGitHubCaps(t *testing.T) {
	tests := []struct {
		name               string
		errs, warns, notes int
		perKind            int
		want               map[string]int // annotations by command, overflow excluded
		overflow           int            // 0: no overflow notice
	}{
		{"40 findings", 15, 15, 10, 0, map[string]int{"error": 10, "warning": 10, "notice": 9}, 11},
		{"few notes", 12, 3, 2, 0, map[string]int{"error": 10, "warning": 3, "notice": 2}, 2},
		{"under the cap", 10, 10, 10, 0, map[string]int{"error": 10, "warning": 10, "notice": 10}, 0},
		{"custom cap", 5, 5, 5, 2, map[string]int{"error": 2, "warning": 2, "notice": 1}, 10},
		{"one left out", 3, 0, 0, 2, map[string]int{"error": 2}, 1},
	}
	for _, tt := range tests {
		lines := githubLines(t, manyFindings(tt.errs, tt.warns, tt.notes), GitHubOptions{PerKind: tt.perKind})
		got := map[string]int{}
		overflow := 0
		for i, line := range lines {
			c := parseCommand(t, line)
			if c.props["file"] == "" {
				if i != len(lines)-1 || c.name != "notice" {
					t.Errorf("%s: overflow notice %q is not the last line", tt.name, line)
				}
				overflow, _ = strconv.Atoi(strings.Fields(c.data)[0])
				noun := "more findings"
				if overflow == 1 {
					noun = "more finding"
				}
				if c.data != fmt.Sprintf("%d %s — see the job summary or SARIF", overflow, noun) {
					t.Errorf("%s: overflow text %q", tt.name, c.data)
				}
				continue
			}
			got[c.name]++
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) || overflow != tt.overflow {
			t.Errorf("%s: annotations %v overflow %d; want %v overflow %d", tt.name, got, overflow, tt.want, tt.overflow)
		}
		if kinds := got["error"] + got["warning"] + got["notice"]; kinds+overflow != tt.errs+tt.warns+tt.notes {
			t.Errorf("%s: %d annotated + %d overflow != %d findings", tt.name, kinds, overflow, tt.errs+tt.warns+tt.notes)
		}
	}
}

func TestWriteGitHubMostSevereFirst(t *testing.T) {
	order := map[string]int{"error": 0, "warning": 1, "notice": 2}
	last := 0
	for _, line := range githubLines(t, manyFindings(3, 3, 3), GitHubOptions{}) {
		c := parseCommand(t, line)
		if order[c.name] < last {
			t.Fatalf("%s after a less severe annotation", c.name)
		}
		last = order[c.name]
	}
}

func TestStepSummaryListsAll(t *testing.T) {
	run := manyFindings(15, 15, 10)
	s := StepSummary(run, 0)
	rows := strings.Count(s, "\n| ") - 2 - 1 // minus counts table rows, minus the one file's header
	if rows != 40 || len(s) >= 1<<20 || strings.Contains(s, "omitted") {
		t.Errorf("%d rows, %d bytes:\n%s", rows, len(s), s)
	}
	for _, want := range []string{"| 15 | 15 | 10 | 1 |", "### many.json", `finding \| &lt;b&gt;<br>line two`} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q", want)
		}
	}
}

func TestStepSummaryTruncates(t *testing.T) {
	tests := []struct {
		name     string
		findings int
		limit    int
	}{
		{"100,000 findings, default limit", 100000, 0},
		{"small limit", 200, 4096},
	}
	for _, tt := range tests {
		run := manyFindings(tt.findings/2, tt.findings/4, tt.findings-tt.findings/2-tt.findings/4)
		s := StepSummary(run, tt.limit)
		limit := tt.limit
		if limit == 0 {
			limit = DefaultSummaryLimit
		}
		if len(s) > limit || !utf8.ValidString(s) {
			t.Errorf("%s: %d bytes (limit %d), valid UTF-8 %v", tt.name, len(s), limit, utf8.ValidString(s))
		}
		rows := strings.Count(s, "\n| ") - 3
		want := fmt.Sprintf("**%d of %d findings omitted**", tt.findings-rows, tt.findings)
		if !strings.Contains(s, want) || !strings.Contains(s, "SARIF or JSON output lists them all") {
			t.Errorf("%s: %d rows, no %q in the tail %q", tt.name, rows, want, s[max(0, len(s)-300):])
		}
	}
}

func TestSummaryCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a|b", `a\|b`},
		{"x\ny\r\nz", "x<br>y<br>z"},
		{"<script>&", "&lt;script&gt;&amp;"},
		{"`code` *b* _i_ [l](u)", "\\`code\\` \\*b\\* \\_i\\_ \\[l\\](u)"},
		{"bad \xff byte", "bad \uFFFD byte"},
		{strings.Repeat("日", summaryMaxCell+5), strings.Repeat("日", summaryMaxCell) + "…"},
	}
	for _, tt := range tests {
		if got := summaryCell(tt.in); got != tt.want {
			t.Errorf("summaryCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
