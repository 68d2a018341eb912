package lint

import (
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// APM's lock file, as microsoft/apm writes it (src/apm_cli/deps/lockfile.py
// and _locked_dependency.py: LockFile.to_yaml, LockedDependency.to_dict):
//
//	lockfile_version: '1'
//	dependencies:
//	- repo_url: microsoft/hve-core
//	  resolved_commit: <40 hex>
//	  resolved_ref: v3.2.2
//	  version: 3.2.2
//	  virtual_path: …            # with is_virtual: true, a part of the repository
//	  source: local              # with local_path: a package on disk
//	  deployed_files:
//	  - .github/prompts/hve-core/rpi.prompt.md
//	  - .agents/skills/obsidian  # a folder: every file below it
//
// Only the fields read here are modelled. An unreadable or malformed lock
// names no owner: APM itself treats such a lock as absent.

// apmLockNames are the lock's names, newest first (APM renamed apm.lock).
var apmLockNames = []string{"apm.lock.yaml", "apm.lock"}

// maxLockSize caps a lock file read for ownership.
const maxLockSize = 16 << 20

type apmLock struct {
	deps []apmDependency
}

type apmDependency struct {
	RepoURL        string   `yaml:"repo_url"`
	ResolvedCommit string   `yaml:"resolved_commit"`
	ResolvedRef    string   `yaml:"resolved_ref"`
	Version        string   `yaml:"version"`
	VirtualPath    string   `yaml:"virtual_path"`
	IsVirtual      bool     `yaml:"is_virtual"`
	Source         string   `yaml:"source"`
	LocalPath      string   `yaml:"local_path"`
	DeployedFiles  []string `yaml:"deployed_files"`
}

// lock returns the APM lock of folder dir, nil when it has none.
func (vs *vendors) lock(dir string) *apmLock {
	if l, ok := vs.locks[dir]; ok {
		return l
	}
	var l *apmLock
	for _, name := range apmLockNames {
		if src := vs.read(dir+name, maxLockSize); src != nil {
			l = parseAPMLock(src)
			break
		}
	}
	vs.locks[dir] = l
	return l
}

// parseAPMLock reads dependencies as a list (every release writes one) or,
// leniently, as a map keyed by the dependency.
func parseAPMLock(src []byte) *apmLock {
	var doc struct {
		Dependencies yaml.Node `yaml:"dependencies"`
	}
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil
	}
	l := &apmLock{}
	n := &doc.Dependencies
	switch n.Kind {
	case yaml.SequenceNode:
		for _, item := range n.Content {
			var d apmDependency
			if item.Decode(&d) == nil {
				l.deps = append(l.deps, d)
			}
		}
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			var d apmDependency
			if n.Content[i].Decode(&d) == nil {
				l.deps = append(l.deps, d)
			}
		}
	}
	return l
}

// owner returns the dependency that deployed rel (relative to the lock's
// folder), nil when none did.
func (l *apmLock) owner(rel string) *vendor {
	if l == nil {
		return nil
	}
	for i := range l.deps {
		d := &l.deps[i]
		for _, f := range d.DeployedFiles {
			f = strings.TrimSuffix(strings.TrimPrefix(f, "./"), "/")
			if f != "" && (rel == f || strings.HasPrefix(rel, f+"/")) {
				return d.vendor()
			}
		}
	}
	return nil
}

var fullCommit = regexp.MustCompile(`^[0-9a-f]{40}$`)

func (d *apmDependency) vendor() *vendor {
	if d.Source == "local" || (d.RepoURL == "" && d.LocalPath != "") {
		return &vendor{tool: "APM", pkg: d.LocalPath, local: true}
	}
	pkg := apmPackage(d.RepoURL)
	if d.IsVirtual && d.VirtualPath != "" {
		pkg += "/" + strings.Trim(d.VirtualPath, "/")
	}
	ref := d.ResolvedRef
	if ref == "" {
		ref = d.Version
	}
	if ref == "" {
		ref = d.ResolvedCommit
	}
	if fullCommit.MatchString(ref) {
		ref = ref[:12]
	}
	return &vendor{tool: "APM", pkg: pkg, version: ref}
}

// apmPackage is a repository as APM keys it: owner/repo, without a scheme,
// a github.com host or a .git suffix.
func apmPackage(repoURL string) string {
	s := strings.TrimSpace(repoURL)
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	s = strings.TrimPrefix(s, "git@")
	s = strings.TrimPrefix(s, "github.com/")
	s = strings.TrimPrefix(s, "github.com:")
	return strings.TrimSuffix(strings.TrimSuffix(s, "/"), ".git")
}
