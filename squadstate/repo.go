package squadstate

import (
	"regexp"
	"sort"
	"strings"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/diag"
)

// Repo is what the checks see of a repository.
type Repo struct {
	// Files holds the loaded state files by root-relative path: every path
	// for which Wanted is true, as far as it could be read.
	Files map[string][]byte
	// Paths lists every file under the squad directories (Dirs), sorted;
	// presence checks (eager files, agent directories, history, deliverables
	// under .copilot-tracking/) read it.
	Paths []string
	// Exists reports whether a file exists anywhere in the repository; it
	// answers for deliverables outside the listed directories. Nil means
	// only Paths count.
	Exists func(path string) bool
	// AtGitTop reports whether a file exists at the git top-level when the
	// lint root is a folder below it (a monorepo package): `squad init` in
	// a subfolder writes .squad/ there and the coordinator at the top,
	// where Copilot resolves .github/agents/. Nil means the root is the top.
	AtGitTop func(path string) bool
	// StateBranch lists the files on the `squad-state` branch, where the
	// orphan and two-layer state backends keep decisions.md and the agents'
	// history.md (paths relative to the branch root, as below .squad/). ok
	// is false when the branch cannot be read (no git, an index-only run,
	// no such branch). Nil means it is never readable.
	StateBranch func() (paths []string, ok bool)
	// Agents are the deployed agent files (.github/agents/**/*.agent.md). A
	// repository without any skips the roster's "agent deployed" check.
	Agents []Agent
	// SkillsChecked says the engine checks every skill's Agent Skills
	// fields (name, description) itself (the skill rules, SK1xx): SS248
	// then keeps to what only Squad reads (confidence), so one mismatch is
	// not reported twice at two severities.
	SkillsChecked bool
	// Manifests are the connector manifests the engine parsed.
	Manifests []*connector.Manifest
	// InvalidManifests holds the paths of Manifests that have an
	// error-level finding of their own: a binding may not rely on them.
	InvalidManifests map[string]bool
	// Exchanges are connector private state files
	// (<dropPath>/.squad-connector/<taskId>.state.json).
	Exchanges []Exchange
	// IsKmxCharter classifies a .squad/agents/<dir>/charter.md: complete kmx
	// charters belong to the agent-file rules and are skipped here. Nil
	// means this package's own reading of agentfile.md (IsKmxCharter).
	IsKmxCharter func(src []byte) bool
	// ProfilePins are .squadci.yml's squadstate.profile entries: the HVE
	// Squad release whose format a root matching the glob is checked by,
	// over any evidence. The first match wins.
	ProfilePins []ProfilePin
}

// ProfilePin pins the format of the HVE squad roots a glob matches.
type ProfilePin struct {
	Glob    string // doublestar glob matched against the root directory ("…/members/*/" or without the /)
	Release string // an HVE Squad release tag: "v0.12.1"
}

// Agent is one deployed agent file's identity.
type Agent struct {
	Path                   string
	Name                   string // the frontmatter name:, or the file name without .agent.md
	DisableModelInvocation bool
}

// Exchange is one connector private state file.
type Exchange struct {
	Path string
	Src  []byte
}

// Dirs are the directories (root-relative, ending in "/") whose listing the
// checks need in Paths.
var Dirs = []string{".copilot-tracking/", ".squad/", ".ai-team/", ".github/agents/", ".github/skills/", ".copilot/skills/", ".claude/skills/", ".agents/skills/"}

// projectionFiles are Squad 2.0's per-host MCP projection files.
var projectionFiles = []string{".mcp.json", ".cursor/mcp.json", ".kiro/settings/mcp.json", "opencode.json", ".copilot/mcp-config.json", ".vscode/mcp.json", ".codex/config.toml", ".agents/agents/squad.md"}

// RootFiles are single files outside Dirs that the Squad checks read,
// and the APM files that pin the HVE Squad release (apmFiles).
var RootFiles = append(append([]string{".gitattributes", ".gitignore"}, projectionFiles...), apmFiles...)

// Wanted reports whether the file at path is one the checks read (and so
// one the engine should load), given the listing.
func Wanted(path string) bool {
	if strings.HasPrefix(path, hveBase) {
		_, _, ok := hveStateFile(path)
		return ok
	}
	if isSquadFile(path) {
		return true
	}
	for _, f := range RootFiles {
		if path == f {
			return true
		}
	}
	return false
}

// Check runs every squad state rule over the repository.
func Check(r *Repo) []diag.Diagnostic {
	out, _ := CheckExplained(r)
	return out
}

// CheckExplained is Check that also returns the format profile each HVE
// squad root was checked by, in root order.
func CheckExplained(r *Repo) ([]diag.Diagnostic, []RootProfile) {
	if !sort.StringsAreSorted(r.Paths) {
		r.Paths = append([]string(nil), r.Paths...)
		sort.Strings(r.Paths)
	}
	c := &checker{repo: r, docs: map[string]*doc{}}
	c.checkHVE()
	c.checkSquad()
	c.checkCredentials()
	return c.out, c.profiles
}

// checker is one run's state: parsed files and findings.
type checker struct {
	repo     *Repo
	docs     map[string]*doc
	out      []diag.Diagnostic
	profiles []RootProfile

	branchPaths []string // the squad-state branch's files, once listed (stateFile)
	branchRead  bool
}

func (c *checker) report(d diag.Diagnostic) {
	if d.Anchor == "" {
		if doc := c.docs[d.Path]; doc != nil && d.Span == doc.head() {
			d.Anchor = wholeFileAnchor(d.Message)
		}
	}
	c.out = append(c.out, d)
}

// digits are the numbers of a message: counts and line references.
var digits = regexp.MustCompile(`[0-9]+`)

// wholeFileAnchor is the anchor of a finding about a whole file, shown on
// its first line: what the message says, without its numbers (the line of
// a place it cites, a count of lines), so text added above or blank lines at the top of the
// file leave its identity as it was (adoption.md, Identity).
func wholeFileAnchor(msg string) string {
	return "file-head:" + digits.ReplaceAllString(msg, "#")
}

// doc returns the parsed file at path, or nil when it was not loaded.
func (c *checker) doc(path string) *doc {
	if d, ok := c.docs[path]; ok {
		return d
	}
	src, ok := c.repo.Files[path]
	var d *doc
	if ok {
		d = &doc{path: path, src: src}
	}
	c.docs[path] = d
	return d
}

// listed reports whether path is in the listing.
func (c *checker) listed(path string) bool {
	i := sort.SearchStrings(c.repo.Paths, path)
	return i < len(c.repo.Paths) && c.repo.Paths[i] == path
}

// exists reports whether a file exists: listed, loaded, or known to Exists.
func (c *checker) exists(path string) bool {
	if c.listed(path) {
		return true
	}
	if _, ok := c.repo.Files[path]; ok {
		return true
	}
	return c.repo.Exists != nil && c.repo.Exists(path)
}

// under returns the listed paths below dir ("x/"), in order.
func (c *checker) under(dir string) []string {
	i := sort.SearchStrings(c.repo.Paths, dir)
	j := i
	for j < len(c.repo.Paths) && strings.HasPrefix(c.repo.Paths[j], dir) {
		j++
	}
	return c.repo.Paths[i:j]
}
