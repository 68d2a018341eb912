package connector

import (
	"strconv"
	"strings"
	"unicode"
)

// CheckSafePath applies the string-level safe-path rules of spec §6 to a
// '/'-separated relative path. dir allows one trailing '/' (a directory root
// such as ".connector-drops/acme/"). It returns ok, or a reason phrased to
// follow "path is unsafe: " that never repeats any part of p, so it can be
// shown even when p is credential-shaped.
//
// ".." is looked for before anything is cleaned: "a/../b" is refused, not
// resolved. On-disk checks (symlinks, junctions, non-regular entries) are the
// caller's, with Lstat per component.
func CheckSafePath(p string, dir bool) (reason string, ok bool) {
	switch {
	case p == "":
		return "it is empty", false
	case strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, "//"):
		return `it is a UNC path (\\server\share)`, false
	case p[0] == '/':
		return "it is absolute", false
	case len(p) >= 2 && p[1] == ':' && isASCIILetter(p[0]):
		return "it starts with a drive letter", false
	case strings.IndexByte(p, '\\') >= 0:
		return `it contains a backslash (use "/" separators)`, false
	case strings.IndexByte(p, ':') >= 0:
		return `it contains ":" (an NTFS alternate data stream marker)`, false
	}
	body := p
	if strings.HasSuffix(body, "/") {
		if !dir {
			return `it ends with "/" but must name a file`, false
		}
		body = body[:len(body)-1]
	}
	if hasSegment(body, "..") {
		return `it contains a ".." segment`, false
	}
	n := 0
	for seg := range strings.SplitSeq(body, "/") {
		n++
		if r := segmentReason(seg); r != "" {
			return "segment " + strconv.Itoa(n) + " " + r, false
		}
	}
	return "", true
}

// segmentReason explains why one path segment is refused, or returns "".
func segmentReason(seg string) string {
	switch {
	case seg == "":
		return "is empty"
	case seg == ".":
		return `is "."`
	}
	if dev := reservedDevice(seg); dev != "" {
		return "is the reserved Windows device name " + dev
	}
	for _, r := range seg {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			// A newline in a name makes anything that reads paths line by
			// line see two paths ("report\n/proc/self/environ").
			return "contains a control character (a newline, tab, escape or the like)"
		}
	}
	if last := seg[len(seg)-1]; last == '.' || last == ' ' {
		return "ends with a dot or a space"
	}
	return ""
}

// reservedDevices are the Windows device names that stay devices with any
// extension ("nul.txt") and in any case.
var reservedDevices = [...]string{"CON", "PRN", "AUX", "NUL",
	"COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
	"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9"}

// reservedDevice returns the canonical device name seg stands for, or "".
func reservedDevice(seg string) string {
	base := seg
	if i := strings.IndexByte(seg, '.'); i >= 0 {
		base = seg[:i]
	}
	if len(base) < 3 || len(base) > 4 {
		return ""
	}
	for _, d := range reservedDevices {
		if strings.EqualFold(base, d) {
			return d
		}
	}
	return ""
}

func hasSegment(p, seg string) bool {
	for s := range strings.SplitSeq(p, "/") {
		if s == seg {
			return true
		}
	}
	return false
}

// PathWithin reports whether p is root itself or lies below it, comparing
// whole '/'-separated segments: "out/a/x" is within "out/a", "out/ab" is not.
// One trailing '/' on either side is ignored. An empty root is the
// repository root, which holds every relative path. Both paths are taken as
// written; check them with CheckSafePath first.
func PathWithin(root, p string) bool {
	root = strings.TrimSuffix(root, "/")
	p = strings.TrimSuffix(p, "/")
	if root == "" {
		return true
	}
	if !strings.HasPrefix(p, root) {
		return false
	}
	return len(p) == len(root) || p[len(root)] == '/'
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
