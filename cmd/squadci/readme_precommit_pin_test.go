package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestDocsPinPreCommitToATag: every .pre-commit-config.yaml snippet of the
// README and docs/ that uses squadci's hooks pins a release tag, never a
// branch (pre-commit warns about a mutable rev on every run).
func TestDocsPinPreCommitToATag(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	pages = append(pages, filepath.Join(repoRoot, "README.md"))
	repoRev := regexp.MustCompile(`(?m)^\s*- repo: https://github\.com/squadci/squadci\s*\n\s*rev:\s*(\S+)`)
	tag := regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$`)
	seen := 0
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range repoRev.FindAllStringSubmatch(string(b), -1) {
			seen++
			if !tag.MatchString(m[1]) {
				t.Errorf("%s: pre-commit rev %q is not a release tag", filepath.Base(p), m[1])
			}
		}
	}
	if seen == 0 {
		t.Fatal("no pre-commit snippet found in the README or docs/")
	}
}
