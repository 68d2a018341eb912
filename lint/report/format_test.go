package report

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in      string
		want    Format
		wantErr bool
	}{
		{"text", FormatText, false},
		{"ONELINE", FormatOneline, false},
		{" json ", FormatJSON, false},
		{"jsonl", FormatJSONL, false},
		{"sarif", FormatSARIF, false},
		{"github", FormatGitHub, false},
		{"xml", "", true},
		{"", "", true},
	}
	for _, tt := range tests {
		got, err := ParseFormat(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestWriteDispatch(t *testing.T) {
	tests := []struct {
		format Format
		prefix string
	}{
		{FormatText, "agents/a.json:2:"},
		{FormatOneline, "agents/a.json:2:"},
		{FormatJSON, "{\n  \"version\": 1,"},
		{FormatJSONL, `{"rule":"TT001",`},
		{FormatSARIF, "{\n  \"$schema\":"},
		{FormatGitHub, "::error file=agents/a.json,"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := Write(&buf, tt.format, sampleRun(), Options{}); err != nil {
			t.Fatalf("%s: %v", tt.format, err)
		}
		if !strings.HasPrefix(buf.String(), tt.prefix) {
			t.Errorf("%s output starts %q, want prefix %q", tt.format, buf.String()[:min(40, buf.Len())], tt.prefix)
		}
	}
	if err := Write(&bytes.Buffer{}, "xml", sampleRun(), Options{}); err == nil {
		t.Error("Write with an unknown format: want an error")
	}
}

func TestWriteSARIFWarns(t *testing.T) {
	var warned []string
	run := manyFindings(SARIFShownResults+1, 0, 0)
	err := Write(&bytes.Buffer{}, FormatSARIF, run, Options{Warn: func(m string) { warned = append(warned, m) }})
	if err != nil || len(warned) != 1 || !strings.Contains(warned[0], "5000") {
		t.Errorf("err %v, warnings %q; want one warning about GitHub showing 5000", err, warned)
	}
}

func TestWrapWords(t *testing.T) {
	cases := []struct {
		text  string
		width int
		want  string
	}{
		{"a bb ccc dddd", 6, "a bb\nccc\ndddd"},
		{"a bb ccc dddd", 80, "a bb ccc dddd"},
		{"tiny averyveryverylongword x", 8, "tiny\naveryveryverylongword\nx"},
		{"  spaced   out  ", 80, "spaced out"},
		{"", 10, ""},
	}
	for _, tc := range cases {
		if got := wrapWords(tc.text, tc.width); got != tc.want {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
	}
}
