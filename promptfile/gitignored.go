package promptfile

import "strings"

// IgnoredDirs reads a root .gitignore for the plain directory entries it
// names (".copilot-tracking/", "/build", "**/out/"): the places where files
// are written at run time and never committed. Entries with wildcards,
// negations and comments are left out, so an entry is only ever a literal
// path; an entry git anchors at the root keeps a leading "/". The result is
// lower-cased, as applyTo matching is.
func IgnoredDirs(gitignore []byte) []string {
	var out []string
	for _, line := range strings.Split(string(gitignore), "\n") {
		e := strings.TrimPrefix(strings.TrimSpace(strings.TrimSuffix(line, "\r")), "**/")
		if e == "" || strings.HasPrefix(e, "#") || strings.HasPrefix(e, "!") || strings.ContainsAny(e, "*?[]\\") {
			continue
		}
		// A leading slash anchors the entry at the root; so does a slash
		// inside it (gitignore(5)). The anchored form keeps one leading /.
		e = strings.TrimSuffix(e, "/")
		if strings.Contains(strings.TrimPrefix(e, "/"), "/") && !strings.HasPrefix(e, "/") {
			e = "/" + e
		}
		if strings.Trim(e, "/") != "" {
			out = append(out, strings.ToLower(e))
		}
	}
	return out
}

// literalDir is the leading run of whole path segments of pattern that
// hold no glob character, with a leading **/ or / taken off: the folder
// every file the pattern matches lies in ("" when there is none).
func literalDir(pattern string) string {
	p := strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(pattern), "**/"), "/")
	segs := strings.Split(p, "/")
	var lit []string
	for _, s := range segs[:len(segs)-1] { // the last segment names files
		if strings.ContainsAny(s, "*?[]{}") {
			break
		}
		lit = append(lit, s)
	}
	return strings.Join(lit, "/")
}

// underIgnored reports whether every file pattern can match lies in a
// directory .gitignore names: runtime output, which is never in the
// repository, so matching nothing there says nothing about the pattern.
func underIgnored(pattern string, ignored []string) bool {
	dir := literalDir(pattern)
	if dir == "" {
		return false
	}
	for _, e := range ignored {
		if anchored, ok := strings.CutPrefix(e, "/"); ok {
			if dir == anchored || strings.HasPrefix(dir, anchored+"/") {
				return true
			}
			continue
		}
		// An entry without a slash is ignored at any depth.
		if strings.Contains("/"+dir+"/", "/"+e+"/") {
			return true
		}
	}
	return false
}
