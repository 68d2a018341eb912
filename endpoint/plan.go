package endpoint

import (
	"os"
	"path/filepath"

	"github.com/squadci/squadci/connector"
)

// File is one file to create, repository-relative with '/' separators.
type File struct {
	Rel  string
	Data []byte
}

// Plan is what `endpoint new` writes, and the installed skills it reuses
// instead of writing a stub.
type Plan struct {
	Files  []File
	Reused []string
}

// skillHomes are where hosts load skills from (README "Skills"); a skill
// already installed in one is reused, as the seed's builder does.
var skillHomes = []string{".github/skills/", ".agents/skills/", ".claude/skills/", ".copilot/skills/", ".squad/skills/"}

// NewPlan renders the files of the endpoint o in the repository at root.
func NewPlan(root string, o *Options) *Plan {
	p := &Plan{}
	add := func(c *charter) { p.Files = append(p.Files, File{c.path(), c.render()}) }
	if o.Kind == KindOrchestrator {
		add(orchestratorCharter(o))
		for _, w := range o.Workers {
			add(workerCharter(o, w))
		}
	} else {
		add(agentCharter(o))
	}
	for _, s := range o.Skills {
		if have := installedSkill(root, s); have != "" {
			p.Reused = append(p.Reused, have)
			continue
		}
		p.Files = append(p.Files, File{skillPath(s), skillStub(s, o.Title())})
	}
	p.Files = append(p.Files, File{RunbooksDir + o.Name + ".md", []byte(endpointRunbook(o, p))})
	return p
}

func installedSkill(root, name string) string {
	for _, home := range skillHomes {
		rel := home + name + "/SKILL.md"
		if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
			return rel
		}
	}
	return ""
}

// CheckAbsent refuses, naming the first one, when any file already exists
// (or cannot be checked), or when a directory on its way is a symlink or
// anything but a real directory (a committed link to a folder outside the
// repository would take the write there): nothing is written then.
func CheckAbsent(root string, files []File) error {
	for _, f := range files {
		if err := connector.CheckCreatable(root, f.Rel); err != nil {
			return err
		}
	}
	return nil
}

// Write creates every file, never replacing one that appeared since
// CheckAbsent nor writing through a link that did, and returns the paths
// written.
func Write(root string, files []File) ([]string, error) {
	var written []string
	for _, f := range files {
		if err := connector.CreateFile(root, f.Rel, f.Data, 0o644); err != nil {
			return written, err
		}
		written = append(written, f.Rel)
	}
	return written, nil
}
