package review

import (
	"bytes"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/fix"
)

// rightLines splits a file the way a hunk numbers its RIGHT side.
func rightLines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// FuzzParsePatch checks ParsePatch against the unified diff squadci itself
// writes (lint/fix.WriteDiff) for two versions of a file: the patch always
// parses; its hunks are in order, do not overlap and lie inside the new
// file; each line a hunk shows is the new file's line of that number (so
// Hunk.matches accepts the new file); every added line lies in its hunk;
// and the new file's lines outside every added line are, in order, lines
// of the old file (the diff only added what it marks added). On raw input
// it never panics, and whatever parses keeps Added inside Text.
func FuzzParsePatch(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nB\nc\n", "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
	f.Add("", "new\n", "@@ -0,0 +1 @@\n+new\n")
	f.Add("x\ny", "x\ny\nz", "@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n")
	f.Add("0", "", "")
	f.Add("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "junk")
	f.Fuzz(func(t *testing.T, old, new, raw string) {
		if d, err := ParsePatch(raw); err == nil {
			for _, h := range d.Hunks {
				for l := range h.Added {
					if _, ok := h.Text[l]; !ok {
						t.Fatalf("added line %d has no text in %q", l, raw)
					}
				}
			}
		}
		if strings.Contains(old, "\r") || strings.Contains(new, "\r") || len(old)+len(new) > 4096 {
			return
		}
		var buf bytes.Buffer
		if err := fix.WriteDiff(&buf, []fix.Change{{Path: "f.md", Old: []byte(old), New: []byte(new)}}); err != nil {
			t.Fatal(err)
		}
		patch := buf.String()
		if i := strings.Index(patch, "@@"); i >= 0 {
			patch = patch[i:]
		} else {
			patch = ""
		}
		d, err := ParsePatch(patch)
		if err != nil {
			t.Fatalf("squadci's own diff does not parse: %v\n%s", err, patch)
		}
		if old == new && len(d.Hunks) != 0 {
			t.Fatalf("hunks for an unchanged file: %+v", d.Hunks)
		}
		if old != new && len(d.Hunks) == 0 {
			t.Fatalf("no hunk for %q → %q:\n%s", old, new, buf.String())
		}
		nl := rightLines(new)
		if new == "" {
			nl = nil
		}
		prev := 0
		added := map[int]bool{}
		for _, h := range d.Hunks {
			switch {
			case h.Last < h.First-1 || h.First < 0:
				t.Fatalf("hunk %d..%d is no range:\n%s", h.First, h.Last, patch)
			case h.Last < h.First:
				// no line on the new side (everything removed): "+N,0"
			case h.First <= prev || h.Last > len(nl):
				t.Fatalf("hunk %d..%d after %d in a %d-line file:\n%s", h.First, h.Last, prev, len(nl), patch)
			default:
				prev = h.Last
			}
			if !h.matches([]byte(new)) {
				t.Fatalf("hunk %d..%d does not match the new file:\n%s", h.First, h.Last, patch)
			}
			for l := range h.Added {
				if l < h.First || l > h.Last {
					t.Fatalf("added line %d outside its hunk %d..%d", l, h.First, h.Last)
				}
				added[l] = true
			}
		}
		ol := rightLines(old)
		j := 0
		for i, l := range nl {
			if added[i+1] {
				continue
			}
			for j < len(ol) && ol[j] != l {
				j++
			}
			if j == len(ol) {
				t.Fatalf("new line %d %q is not marked added and is no old line in order:\n%s", i+1, l, patch)
			}
			j++
		}
	})
}
