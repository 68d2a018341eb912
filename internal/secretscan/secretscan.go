// Package secretscan runs the credential scanner (lint/secrets) over every
// text file of a directory tree and reports each match by file, line and
// family, never by value. It backs the measurement command
// internal/cmd/secretscan and the fixture test in lint/secrets; it is not
// part of the squadci CLI.
package secretscan

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/secrets"
)

// Finding is one match located in a file. Text is the match's line with
// every match on it redacted.
type Finding struct {
	Path         string // slash-separated, relative to the scanned root
	Line, Column int    // 1-based; Column counts bytes
	Family, Key  string
	Text         string
}

// Label is "family" or, for a generic match that names its key,
// "family/key": the form expected-findings files use.
func (f Finding) Label() string {
	if f.Key == "" {
		return f.Family
	}
	return f.Family + "/" + f.Key
}

// String is "path:line family[/key]".
func (f Finding) String() string { return fmt.Sprintf("%s:%d %s", f.Path, f.Line, f.Label()) }

// Report is the result of scanning one or more trees.
type Report struct {
	Files    int // text files scanned
	Binaries int // files skipped as binary
	Findings []Finding
}

// binarySniff is how much of a file is checked for a NUL byte, the test git
// uses to call a file binary.
const binarySniff = 8000

// IsBinary reports whether src looks binary: a NUL byte near its start.
func IsBinary(src []byte) bool {
	return bytes.IndexByte(src[:min(len(src), binarySniff)], 0) >= 0
}

// ScanFile returns the findings in src, a file at path.
func ScanFile(path string, src []byte) []Finding {
	text := string(src)
	ms := secrets.Scan(text)
	out := make([]Finding, 0, len(ms))
	line, lineStart := 1, 0
	at := 0
	for _, m := range ms {
		for ; at < m.Start; at++ {
			if text[at] == '\n' {
				line, lineStart = line+1, at+1
			}
		}
		out = append(out, Finding{
			Path: path, Line: line, Column: m.Start - lineStart + 1,
			Family: m.Family, Key: m.Key, Text: redactedLine(text, ms, lineStart),
		})
	}
	return out
}

// redactedLine returns the line starting at lineStart with every match that
// overlaps it redacted.
func redactedLine(text string, ms []secrets.Match, lineStart int) string {
	end := strings.IndexByte(text[lineStart:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += lineStart
	}
	var local []secrets.Match
	for _, m := range ms {
		if m.End > lineStart && m.Start < end {
			m.Start, m.End = max(m.Start, lineStart)-lineStart, min(m.End, end)-lineStart
			local = append(local, m)
		}
	}
	return strings.TrimRight(secrets.RedactMatches(text[lineStart:end], local), "\r")
}

// ScanTree scans every regular file under root, skipping .git directories,
// symbolic links and binary files, and adds to r. Paths in findings are
// prefixed with prefix.
func (r *Report) ScanTree(root, prefix string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if IsBinary(src) {
			r.Binaries++
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		r.Files++
		r.Findings = append(r.Findings, ScanFile(prefix+filepath.ToSlash(rel), src)...)
		return nil
	})
}

// PerFamily counts findings by family, in the scanner's family order.
func (r *Report) PerFamily() []FamilyCount {
	n := map[string]int{}
	for _, f := range r.Findings {
		n[f.Family]++
	}
	var out []FamilyCount
	for _, fam := range secrets.Families() {
		out = append(out, FamilyCount{fam.ID, n[fam.ID]})
	}
	return out
}

// FamilyCount is how many findings one family has.
type FamilyCount struct {
	Family string
	Count  int
}

// Lines returns every finding as "path:line family[/key]", sorted by path
// and then line (a walk already yields them so; a caller may have merged
// several reports).
func (r *Report) Lines() []string {
	fs := slices.Clone(r.Findings)
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line))
	})
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.String()
	}
	return out
}
