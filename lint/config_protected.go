package lint

import (
	"path/filepath"

	"github.com/squadci/squadci/connector"
)

// Protected is what no deliverable root may reach in a repository with
// this configuration (connector.ProtectedRoot): the fixed folders, the
// config file's folder and the folders of the adapters' commands. c.Path
// is taken relative to the lint root; an absolute one (outside the
// repository) adds nothing.
func (c *Config) Protected() connector.Protected {
	if c == nil {
		return connector.Protected{}
	}
	cmds := make(map[string][]string, len(c.Adapters))
	for id, a := range c.Adapters {
		cmds[id] = a.Command
	}
	file := c.Path
	if filepath.IsAbs(file) {
		file = ""
	}
	return connector.NewProtected(filepath.ToSlash(file), cmds)
}
