package connector

import (
	"path"
	"slices"
	"strings"
)

// Protected describes the folders of a repository whose files run or
// configure something, so that no deliverable root may reach them: an
// adapter writes under its deliverable root, the poll job uploads what it
// wrote, and the resume job merges and commits it with a write token. A
// root under .github/workflows/ would let a poll job holding a read-only
// token commit a workflow.
//
// The zero value protects what every repository has: any ".git" segment,
// .github/, connectors/ and the repository root itself. NewProtected adds
// the folders the configuration names: the config file's and those of the
// adapter commands. Protected is plain data, safe to copy and to share
// between goroutines.
type Protected struct {
	// Dirs are repository-relative folders, '/' separated, without a
	// trailing '/', that no root may equal, lie inside or contain.
	Dirs []ProtectedDir
	// ConfigFile is the squadci config file, repository-relative ("" when
	// none or outside the repository). No root may contain it.
	ConfigFile string
}

// ProtectedDir is one protected folder and why it is protected.
type ProtectedDir struct {
	Dir string
	// Why follows "it ... <Dir>, ": for example "the folder of the adapter
	// command of acme".
	Why string
}

// NewProtected derives Protected from trusted configuration: configFile is
// the squadci config file's path relative to the repository root ("" when
// none; an absolute path or one outside the repository is ignored), and
// adapterCommands maps a connectorId to its adapter's argv. The folder of
// every argv element that names a repository-relative path with a folder
// ("scripts/acme-adapter", "./tools/run.py"; not "python3" nor "-v") is
// protected, as is the config file's folder when it is not the
// repository root.
func NewProtected(configFile string, adapterCommands map[string][]string) Protected {
	var p Protected
	if rel, ok := repoRelative(configFile); ok {
		p.ConfigFile = rel
		if dir := path.Dir(rel); dir != "." {
			p.Dirs = append(p.Dirs, ProtectedDir{Dir: dir, Why: "the folder of the squadci config file " + rel})
		}
	}
	ids := make([]string, 0, len(adapterCommands))
	for id := range adapterCommands {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		for _, arg := range adapterCommands[id] {
			if strings.HasPrefix(arg, "-") || !strings.ContainsAny(arg, `/\`) {
				continue
			}
			rel, ok := repoRelative(arg)
			if !ok {
				continue
			}
			if dir := path.Dir(rel); dir != "." && !p.has(dir) {
				p.Dirs = append(p.Dirs, ProtectedDir{Dir: dir, Why: "the folder of the adapter command of " + id})
			}
		}
	}
	return p
}

// WithAdapters returns p with the folders of these adapters' commands
// protected as well.
func (p Protected) WithAdapters(adapters map[string]Adapter) Protected {
	cmds := make(map[string][]string, len(adapters))
	for id, a := range adapters {
		cmds[id] = a.Command
	}
	extra := NewProtected("", cmds)
	out := Protected{Dirs: append([]ProtectedDir(nil), p.Dirs...), ConfigFile: p.ConfigFile}
	for _, d := range extra.Dirs {
		if !out.has(d.Dir) {
			out.Dirs = append(out.Dirs, d)
		}
	}
	return out
}

func (p Protected) has(dir string) bool {
	for _, d := range p.Dirs {
		if strings.EqualFold(d.Dir, dir) {
			return true
		}
	}
	return false
}

// repoRelative cleans a relative path written with '/' or '\' and returns
// it '/'-separated; false when it is absolute, empty or leaves the
// repository.
func repoRelative(p string) (string, bool) {
	p = strings.ReplaceAll(p, `\`, "/")
	if p == "" || strings.HasPrefix(p, "/") || (len(p) >= 2 && p[1] == ':' && isASCIILetter(p[0])) {
		return "", false
	}
	p = path.Clean(p)
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}

// ProtectedRoot reports whether root, a deliverable root (or a mailbox)
// as written in a request, a manifest or on the command line, may reach
// what runs or configures the repository. It returns a reason and true
// when the root is refused, "" and false when it may be used. The reason
// follows "deliverable root is protected: "; it is made of fixed words and
// p's folders, never of root's text, so it can be shown even when root is
// credential-shaped.
//
// Refused: a root the safe-path rules (spec §6, CheckSafePath) refuse; the
// repository root; any ".git" segment (also its Windows short name GIT~1
// and spellings with characters macOS ignores in names); .github/ at the
// top; connectors/ (the manifests); a root that contains p.ConfigFile; and
// a root that equals, lies inside or contains one of p.Dirs. Folders are
// compared by whole segments, ignoring ASCII case, as on Windows and
// macOS file systems.
//
// It reads no file: on-disk checks (links) are the caller's.
func ProtectedRoot(root string, p Protected) (reason string, protected bool) {
	if root == "" || root == "." || root == "./" {
		return "it is the repository root, which holds the squadci config, .github/ and connectors/", true
	}
	if why, ok := CheckSafePath(root, true); !ok {
		return "it is unsafe: " + why, true
	}
	if reason := fixedProtected(root, true); reason != "" {
		return reason, true
	}
	return configProtected(root, p)
}

// fixedProtected is why a safe root reaches a folder every repository
// protects, or "". Without fold it sees only ASCII spellings, which is
// what the published request schemas can express and ParseRequest
// checks; ProtectedRoot also drops the code points macOS ignores.
func fixedProtected(root string, fold bool) string {
	key := strings.ToLower(strings.TrimSuffix(root, "/"))
	for i, seg := range strings.Split(key, "/") {
		if fold {
			seg = foldIgnorable(seg)
		}
		switch {
		case seg == ".git" || seg == "git~1":
			return "segment " + itoa(i+1) + " names .git, where git keeps its hooks and config"
		case i == 0 && (seg == ".github" || seg == "github~1"):
			return "it is under .github/, where workflows, actions and agent files live"
		case i == 0 && seg == strings.TrimSuffix(ManifestDir, "/"):
			return "it is under " + ManifestDir + ", where the connector manifests live"
		}
	}
	return ""
}

// configProtected is ProtectedRoot's check of the folders configuration
// names, for a safe root.
func configProtected(root string, p Protected) (string, bool) {
	key := strings.ToLower(strings.TrimSuffix(root, "/"))
	if p.ConfigFile != "" && PathWithin(key, strings.ToLower(p.ConfigFile)) {
		return "it contains the squadci config file " + p.ConfigFile, true
	}
	for _, d := range p.Dirs {
		dir := strings.ToLower(d.Dir)
		switch {
		case dir == key:
			return "it is " + d.Dir + "/, " + d.Why, true
		case PathWithin(dir, key):
			return "it lies inside " + d.Dir + "/, " + d.Why, true
		case PathWithin(key, dir):
			return "it contains " + d.Dir + "/, " + d.Why, true
		}
	}
	return "", false
}

// foldIgnorable drops the code points HFS+ ignores in file names (git
// refuses ".git" spelt with them for the same reason).
func foldIgnorable(seg string) string {
	if isASCII(seg) {
		return seg
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == 0x200c || r == 0x200d || r == 0x200e || r == 0x200f,
			r >= 0x202a && r <= 0x202e, r >= 0x206a && r <= 0x206f, r == 0xfeff:
			return -1
		}
		return r
	}, seg)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
