package lint

import (
	"bytes"
	"strconv"
	"strings"
)

// parseUnifiedDiff reads the output of `git diff -U0 -M --src-prefix=a/
// --dst-prefix=b/` into the changed lines of each file by its new path. A
// new file and a binary file change as a whole; a renamed file keeps the
// lines its hunks name (the diff is against its old path); a deleted file
// is left out. With -U0 a hunk's "+c,d" are exactly the added or changed
// lines; a pure deletion ("+c,0") counts for line c+1, the line after it.
func parseUnifiedDiff(patch []byte) map[string]*fileChanges {
	files := map[string]*fileChanges{}
	var cur *fileChanges
	added := false // the section's old side is /dev/null
	body := 0      // lines of the current hunk still to come: content, not headers
	for _, raw := range bytes.Split(patch, []byte{'\n'}) {
		line := string(raw)
		if body > 0 {
			if !strings.HasPrefix(line, "\\") { // "\ No newline at end of file"
				body--
			}
			continue
		}
		switch {
		case strings.HasPrefix(line, "diff --git "):
			cur, added = nil, false
		case strings.HasPrefix(line, "--- "):
			added = line == "--- /dev/null"
		case strings.HasPrefix(line, "rename to "):
			cur = fileEntry(files, diffPath(strings.TrimPrefix(line, "rename to "), ""))
		case strings.HasPrefix(line, "+++ "):
			cur = nil
			if name := strings.TrimPrefix(line, "+++ "); name != "/dev/null" {
				cur = fileEntry(files, diffPath(name, "b/"))
				cur.whole = added
			}
		case strings.HasPrefix(line, "Binary files "):
			if p, ok := binaryPath(line); ok {
				fileEntry(files, p).whole = true
			}
		case strings.HasPrefix(line, "@@ ") && cur != nil:
			if old, lo, n, ok := hunkSides(line); ok {
				body = old + n
				if n == 0 {
					lo, n = lo+1, 1 // deleted lines count for the line after them
				}
				cur.spans = append(cur.spans, lineRange{lo, lo + n - 1})
			}
		}
	}
	return files
}

func fileEntry(files map[string]*fileChanges, path string) *fileChanges {
	fc := files[path]
	if fc == nil {
		fc = &fileChanges{}
		files[path] = fc
	}
	return fc
}

// diffPath decodes a path of a diff header: C-quoted by git when it holds
// special bytes, followed by a tab when it holds a space, under prefix.
func diffPath(s, prefix string) string {
	s = strings.TrimSuffix(s, "\t")
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			s = u
		}
	}
	return strings.TrimPrefix(s, prefix)
}

// binaryPath is the new path of "Binary files a/x and b/y differ"; false
// for a deleted file ("and /dev/null").
func binaryPath(line string) (string, bool) {
	body := strings.TrimSuffix(strings.TrimPrefix(line, "Binary files "), " differ")
	i := strings.LastIndex(body, " and ")
	if i < 0 || body[i+5:] == "/dev/null" {
		return "", false
	}
	return diffPath(body[i+5:], "b/"), true
}

// hunkSides reads "@@ -a,b +c,d @@": the old side's line count b, and the
// new side's start c and count d (a count defaults to 1).
func hunkSides(line string) (oldCount, start, count int, ok bool) {
	fields := strings.Fields(line)
	if len(fields) < 3 || !strings.HasPrefix(fields[1], "-") || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, 0, false
	}
	_, oldCount, ok1 := hunkRange(fields[1][1:])
	start, count, ok2 := hunkRange(fields[2][1:])
	return oldCount, start, count, ok1 && ok2
}

// hunkRange reads "c,d" or "c".
func hunkRange(s string) (start, count int, ok bool) {
	c, d, hasCount := strings.Cut(s, ",")
	start, err := strconv.Atoi(c)
	if err != nil {
		return 0, 0, false
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(d); err != nil {
			return 0, 0, false
		}
	}
	return start, count, true
}
