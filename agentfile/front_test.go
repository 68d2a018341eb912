package agentfile

import (
	"testing"

	"gopkg.in/yaml.v3"
)

func TestReadFront(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		present   bool
		unclosed  bool
		problem   bool
		body      string // the text from Body on
		valueAt   string // the text at the span of the first value, when decoded
	}{
		{name: "absent", src: "# Title\n", body: "# Title\n"},
		{name: "plain", src: "---\nname: pdf\n---\nBody\n", present: true, body: "Body\n", valueAt: "pdf"},
		{name: "crlf and bom", src: "\ufeff---\r\nname: \"pdf\"\r\n---\r\nBody\r\n", present: true, body: "Body\r\n", valueAt: `"pdf"`},
		{name: "unclosed", src: "---\nname: pdf\n", present: true, unclosed: true},
		{name: "bad yaml", src: "---\nname: a: b\n---\n", present: true, problem: true},
		{name: "empty", src: "---\n---\nBody\n", present: true, body: "Body\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := ReadFront([]byte(tc.src))
			if f.Present != tc.present || f.Unclosed != tc.unclosed || (f.Problem != "") != tc.problem {
				t.Fatalf("present %v unclosed %v problem %q", f.Present, f.Unclosed, f.Problem)
			}
			if got := tc.src[f.Body:]; !tc.unclosed && !tc.problem && got != tc.body {
				t.Errorf("body %q, want %q", got, tc.body)
			}
			if tc.valueAt == "" {
				return
			}
			if f.Root == nil || f.Root.Kind != yaml.MappingNode {
				t.Fatalf("root %+v", f.Root)
			}
			sp := f.Span(f.Root.Content[1])
			if got := tc.src[sp.Start:sp.End]; got != tc.valueAt {
				t.Errorf("value span %q, want %q", got, tc.valueAt)
			}
		})
	}
}
