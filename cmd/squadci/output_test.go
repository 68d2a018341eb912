package main

import (
	"strings"
	"testing"
)

// TestLintSummaryCounts: the stderr summary says "1 file checked", "1 error",
// never "1 files" or "1 errors".
func TestLintSummaryCounts(t *testing.T) {
	one := writeTree(t, map[string]string{"connectors/a.json": badManifest})
	two := writeTree(t, map[string]string{"connectors/a.json": goodManifest, "connectors/b.json": strings.ReplaceAll(goodManifest, "acme-research-agent", "acme-other-agent")})
	cases := []struct {
		dir, want string
	}{
		{one, "squadci: 1 file checked: 1 error, 0 warnings, 0 notes\n"},
		{two, "squadci: 2 files checked: 0 errors, 0 warnings, 0 notes\n"},
	}
	for _, tc := range cases {
		_, _, errOut := run(t, tc.dir, "lint", tc.dir)
		if !strings.HasSuffix(errOut, tc.want) {
			t.Errorf("summary %q, want %q", errOut, tc.want)
		}
	}
}
