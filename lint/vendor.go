package lint

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
)

// Vendor-owned files (fidelity.md §3): a file a package manager or a tool
// overwrites is the vendor's. A finding on it is at most a warning, and its
// message names the package and version, so the fix goes upstream. Two
// owners are known:
//
//   - APM: every path listed under a dependency's deployed_files in an
//     apm.lock.yaml (or the legacy apm.lock) of the file's folder or one
//     above it (vendor_apm.go). The project's own local_deployed_files are
//     not a vendor's.
//   - Squad: what `squad upgrade` rewrites next to a squad (vendor_squad.go).
//
// Credential findings keep their severity and get no vendor clause: a
// credential in the tree is exposed whoever wrote it, and the repair
// (revoke it) is not upstream.

// vendor is the owner of one file.
type vendor struct {
	tool    string // "APM" or "Squad"
	pkg     string // APM: the dependency's key (owner/repo[/virtual path]) or local path; Squad: ""
	version string // APM: the resolved ref; Squad: the coordinator's version stamp; "" when unknown
	local   bool   // APM: a local-path dependency
}

// clause is what a finding's message says about the owner.
func (v *vendor) clause() string {
	if v.tool == "APM" {
		if v.local {
			return "installed by APM from the local package " + v.pkg + ": fix it there and run `apm install`"
		}
		at := v.pkg
		if v.version != "" {
			at += "@" + v.version
		}
		return "installed by APM from " + at + ": fix upstream or pin another release"
	}
	if v.version == "" {
		return "shipped by Squad, version not stamped: `squad upgrade` rewrites it"
	}
	return "shipped by Squad " + v.version + ": `squad upgrade` rewrites it"
}

// key is the owner without its version: part of a finding's cause, so
// pinning another release does not change a grouped finding's identity.
func (v *vendor) key() string { return v.tool + " " + v.pkg }

// vendors answers, per path, who owns a file. Lock files and squads are
// read once, on first need, from the run's files.
type vendors struct {
	s      *session
	locks  map[string]*apmLock     // folder ("" or "dir/") -> its lock, nil when none
	squads map[string]*squadMarker // folder -> the squad evidence there, nil when none
}

func newVendors(s *session) *vendors {
	return &vendors{s: s, locks: map[string]*apmLock{}, squads: map[string]*squadMarker{}}
}

// of returns the owner of path, nil when the file is the user's. The
// nearest folder decides: a lock in a subproject wins over the root's.
func (vs *vendors) of(path string) *vendor {
	dirs := folders(path)
	for _, d := range dirs {
		if v := vs.lock(d).owner(path[len(d):]); v != nil {
			return v
		}
	}
	for _, d := range dirs {
		if v := vs.squadOwner(d, path[len(d):]); v != nil {
			return v
		}
	}
	return nil
}

// folders are the folders path is in, nearest first, ending with the root
// (""): "a/b/c.md" gives "a/b/", "a/", "".
func folders(path string) []string {
	var out []string
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			out = append(out, path[:i+1])
		}
	}
	return append(out, "")
}

// read returns a file's bytes from the run (when a check read it) or from
// the files, nil when it cannot be read.
func (vs *vendors) read(rel string, limit int64) []byte {
	if src := vs.s.srcs[rel]; src != nil {
		return src
	}
	if vs.s.files == nil {
		return nil
	}
	src, err := vs.s.files.Read(rel, limit)
	if err != nil {
		return nil
	}
	return src
}

// vendorCap lowers a finding on a vendor's file to at most a warning and
// names the owner in its message.
func vendorCap(r *diag.Rule, d *diag.Diagnostic, v *vendor) {
	if v == nil || r.Secret || r.ID == ruleInternal.ID {
		return
	}
	if d.Severity == diag.SeverityError {
		d.Severity = diag.SeverityWarning
	}
	d.Message = withClause(d.Message, v.clause())
}

// withClause appends " (clause)" to msg. A check that already said, in a
// closing parenthesis, that `squad upgrade` rewrites the file wrote a
// clause without the version: it is replaced, so the message says it once.
func withClause(msg, clause string) string {
	if strings.HasSuffix(msg, ")") {
		if i := strings.LastIndex(msg, " ("); i >= 0 && strings.Contains(msg[i:], "squad upgrade") &&
			strings.Count(msg[i:], "(") == strings.Count(msg[i:], ")") {
			msg = msg[:i]
		}
	}
	return msg + " (" + clause + ")"
}

// versionStamp finds Squad's version as `squad upgrade` reads it back from
// the coordinator: the <!-- version: X --> comment, else the older front
// matter line version: "X".
var versionStamp = sync.OnceValue(func() [2]*regexp.Regexp {
	return [2]*regexp.Regexp{
		regexp.MustCompile(`<!-- version: ([0-9.]+(?:-[a-z]+(?:\.\d+)?)?) -->`),
		regexp.MustCompile(`(?m)^version:\s*"([^"]+)"`),
	}
})

func squadVersion(src []byte) (string, bool) {
	for _, re := range versionStamp() {
		if m := re.FindSubmatch(src); m != nil {
			return string(m[1]), true
		}
	}
	return "", false
}
