package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeIsShortAndLinksEveryPage: the README stays what a visitor needs
// in five minutes (under 250 lines), starts with the two commands, and
// links every page under docs/; every relative link of the README and the
// pages names a file that exists, and an anchor a heading of that page.
func TestReadmeIsShortAndLinksEveryPage(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if n := strings.Count(readme, "\n"); n >= 250 {
		t.Errorf("the README has %d lines; keep it under 250 and move topics to docs/", n)
	}
	if !strings.HasPrefix(readme, "# squadci\n\n```sh\ngo run ./cmd/squadci lint examples/acme") || !strings.Contains(readme[:400], "\ngo test ./...") {
		t.Error("the README no longer starts with the example lint and the test command")
	}
	pages, _ := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	for _, p := range pages {
		if !strings.Contains(readme, "](docs/"+filepath.Base(p)+")") && !strings.Contains(readme, "](docs/"+filepath.Base(p)+"#") {
			t.Errorf("the README does not link docs/%s", filepath.Base(p))
		}
	}
	link := regexp.MustCompile(`(?:^|[^\\])\[[^\]]*\]\(([^)\s]+)\)`) // an escaped \[ is no link
	for _, page := range docPages(t) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(stripFences(string(b)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			full := page
			if file != "" {
				full = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
			}
			if _, err := os.Stat(full); err != nil {
				t.Errorf("%s: link %s: %v", filepath.Base(page), target, err)
				continue
			}
			if anchor != "" && strings.HasSuffix(full, ".md") && !hasAnchor(t, full, anchor) {
				t.Errorf("%s: link %s: no heading with that anchor in %s", filepath.Base(page), target, filepath.Base(full))
			}
		}
	}
}

// codeSpan is an inline code span of one line.
var codeSpan = regexp.MustCompile("`+[^`\n]*`+")

// stripFences drops fenced code blocks and inline code spans, whose
// brackets are not links.
func stripFences(s string) string {
	out := s
	for _, blk := range readmeBlocks(s) {
		out = strings.Replace(out, blk.body, "", 1)
	}
	return codeSpan.ReplaceAllString(out, "")
}

// hasAnchor reports whether the Markdown file has a heading whose GitHub
// anchor is anchor.
func hasAnchor(t *testing.T, path, anchor string) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	keep := regexp.MustCompile(`[^\p{L}\p{N}\- _]`)
	for _, l := range strings.Split(stripFences(string(b)), "\n") {
		h := strings.TrimLeft(l, "#")
		if h == l || !strings.HasPrefix(h, " ") {
			continue
		}
		slug := strings.ReplaceAll(keep.ReplaceAllString(strings.ToLower(strings.TrimSpace(h)), ""), " ", "-")
		if slug == anchor {
			return true
		}
	}
	return false
}
