package lsp

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRelatedInformation: an unsaved new manifest is linted from its
// buffer. Copying a valid one, its duplicate-id finding points at the
// first declaration, in the other file on disk, at its range there;
// copying one with findings, with both open, each finding (one cause in
// two files) points at the same finding in the other file.
func TestRelatedInformation(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join("..", "examples", "acme"), dir)
	c := startServer(t, Options{})
	c.initialize(dir)
	for _, tc := range []struct{ from, rule, says string }{
		{"research-agent.json", "CN122", "the other place this finding is about"},
		{"legacy-reviewer.json", "CN114", "the same finding in connectors/legacy-reviewer.json"},
	} {
		src, err := os.ReadFile(filepath.Join(dir, "connectors", tc.from))
		if err != nil {
			t.Fatal(err)
		}
		if tc.rule == "CN114" {
			c.open(filepath.Join(dir, "connectors", tc.from), string(src))
		}
		uri := c.open(filepath.Join(dir, "connectors/zz-copy-of-"+tc.from), string(src))
		d := findCode(c.diagnostics(uri, tc.rule, func(d []Diagnostic) bool { return hasCode(d, tc.rule) }), tc.rule)
		if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Message != tc.says {
			t.Fatalf("%s related: %+v", tc.rule, d.RelatedInformation)
		}
		loc := d.RelatedInformation[0].Location
		// The copy's bytes are the original's (and it sorts after it, so it
		// is the second declaration): the same range, in the other file.
		if loc.URI != fileURI(filepath.Join(dir, "connectors", tc.from)) || loc.Range != d.Range || loc.Range.End == loc.Range.Start {
			t.Errorf("%s related location %+v; the finding is at %+v", tc.rule, loc, d.Range)
		}
		c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	}
}
