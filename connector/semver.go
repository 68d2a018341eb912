package connector

import "strings"

// isSemVer reports whether s is a Semantic Versioning 2.0.0 version:
// MAJOR.MINOR.PATCH without leading zeros, then optional -prerelease
// (dot-separated identifiers; numeric ones without leading zeros) and
// optional build metadata after a plus sign (dot-separated identifiers).
func isSemVer(s string) bool {
	core, build, hasBuild := strings.Cut(s, "+")
	if hasBuild && !identifiers(build, false) {
		return false
	}
	core, pre, hasPre := strings.Cut(core, "-")
	if hasPre && !identifiers(pre, true) {
		return false
	}
	n := 0
	for part := range strings.SplitSeq(core, ".") {
		n++
		if !numericIdentifier(part) {
			return false
		}
	}
	return n == 3
}

// identifiers checks dot-separated [0-9A-Za-z-]+ identifiers; in a
// prerelease an all-digit identifier must not have a leading zero.
func identifiers(s string, prerelease bool) bool {
	for id := range strings.SplitSeq(s, ".") {
		if id == "" {
			return false
		}
		digits := true
		for i := 0; i < len(id); i++ {
			c := id[i]
			switch {
			case c >= '0' && c <= '9':
			case isASCIILetter(c) || c == '-':
				digits = false
			default:
				return false
			}
		}
		if prerelease && digits && !numericIdentifier(id) {
			return false
		}
	}
	return true
}

// numericIdentifier is 0 or a run of digits without a leading zero.
func numericIdentifier(s string) bool {
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
