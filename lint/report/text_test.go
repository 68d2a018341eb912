package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func TestWriteTextGolden(t *testing.T) {
	tests := []struct {
		golden string
		opts   TextOptions
	}{
		{"text.golden", TextOptions{Gutter: true}},
		{"oneline.golden", TextOptions{}},
		{"text_color.golden", TextOptions{Gutter: true, Color: true}},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := WriteText(&buf, sampleRun(), tt.opts); err != nil {
			t.Fatal(err)
		}
		golden(t, tt.golden, buf.Bytes())
	}
}

func TestWriteTextOnelineIsOneLinePerFinding(t *testing.T) {
	var buf bytes.Buffer
	run := sampleRun()
	if err := WriteText(&buf, run, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != len(run.Findings) {
		t.Errorf("oneline wrote %d lines for %d findings:\n%s", n, len(run.Findings), buf.String())
	}
	if strings.Contains(buf.String(), "\x1b") {
		t.Error("colour codes without Color")
	}
}

func TestUnderline(t *testing.T) {
	tests := []struct {
		name         string
		line         string
		col, endCol  int
		endLine      int // 0: same line
		prefix, want string
	}{
		{"ascii", `    "comand": "x",`, 5, 13, 0, "    ", "^~~~~~~~"},
		{"tabs are copied", "\t\t\"comand\"", 3, 11, 0, "\t\t", "^~~~~~~~"},
		{"after CJK", "名前: x", 5, 6, 0, "      ", "^"},
		{"CJK span", "a 日本 b", 3, 5, 0, "  ", "^~~~"},
		{"fullwidth", "ＡＢx", 3, 4, 0, "    ", "^"},
		{"combining mark", "e\u0301x", 3, 4, 0, " ", "^"},
		{"empty span", "abcdef", 3, 3, 0, "  ", "^"},
		{"past end of line", "abc", 9, 10, 0, "   ", "^"},
		{"multi-line to end", "  steps: x", 3, 2, 2, "  ", "^~~~~~~~"},
	}
	for _, tt := range tests {
		f := &Finding{Line: 1, Column: tt.col, EndLine: 1 + tt.endLine, EndColumn: tt.endCol}
		prefix, caret := underline([]rune(tt.line), f)
		if prefix != tt.prefix || caret != tt.want {
			t.Errorf("%s: underline = %q %q, want %q %q", tt.name, prefix, caret, tt.prefix, tt.want)
		}
	}
}

func TestCellWidth(t *testing.T) {
	tests := []struct {
		r    rune
		want int
	}{
		{'a', 1}, {'é', 1}, {'日', 2}, {'テ', 2}, {'한', 2}, {'Ａ', 2}, {'ｱ', 1},
		{'\u0301', 0}, {'\u200b', 0}, {'\u3000', 2}, {'😀', 2}, {0x20000, 2},
	}
	for _, tt := range tests {
		if got := cellWidth(tt.r); got != tt.want {
			t.Errorf("cellWidth(%U) = %d, want %d", tt.r, got, tt.want)
		}
	}
}

func TestWriteTextHelp(t *testing.T) {
	tests := []struct {
		rule *diag.Rule
		want string // "" means no help line
	}{
		{ruleField, "help: remove the field or fix its spelling (" + ruleField.HelpURL() + ")\n"},
		{ruleStyle, ""},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		run := &Run{Findings: []Finding{at(tt.rule, "a", 1, "abc", "b", "m")}}
		if err := WriteText(&buf, run, TextOptions{Gutter: true}); err != nil {
			t.Fatal(err)
		}
		has := strings.Contains(buf.String(), "help:")
		if tt.want == "" && has || tt.want != "" && !strings.HasSuffix(buf.String(), tt.want) {
			t.Errorf("%s: output\n%s\nwant help line %q", tt.rule.ID, buf.String(), tt.want)
		}
	}
}

func TestWriteTextNeutralisesControlCharacters(t *testing.T) {
	var buf bytes.Buffer
	f := at(ruleStyle, "a\x1b[31m", 1, "x\x1b[2Jy", "y", "bad \x1b]0;title\x07")
	if err := WriteText(&buf, &Run{Findings: []Finding{f}}, TextOptions{Gutter: true}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(buf.String(), "\x1b\x07") {
		t.Errorf("control characters reached the output: %q", buf.String())
	}
}
