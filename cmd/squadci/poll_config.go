package main

import (
	"fmt"

	"github.com/squadci/squadci/lint"
)

// warnUnknownAdapters says, on stderr, which adapters: keys name no
// manifest's connectorId: poll never runs them, so their connector's tasks
// wait in vain. `squadci lint` reports the same keys as SQ005 with their
// position.
func (c *Command) warnUnknownAdapters(repo *scheduledRepo) {
	for _, u := range lint.UnknownAdapters(repo.cfg, repo.manifests) {
		fmt.Fprintf(c.Stderr, "squadci: warning: %s:%d:%d: adapters: %q names no manifest's connectorId%s; it is never run [SQ005]\n",
			repo.cfg.Path, u.Adapter.Line, u.Adapter.Column, u.ID, u.Hint)
	}
}
