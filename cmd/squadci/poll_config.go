package main

import (
	"fmt"
	"sort"

	"github.com/squadci/squadci/lint/diag"
)

// warnUnknownAdapters says, on stderr, which adapters: keys name no
// manifest's connectorId: poll never runs them, so their connector's tasks
// wait in vain. `squadci lint` reports the same keys as SQ005 with their
// position.
func (c *Command) warnUnknownAdapters(repo *scheduledRepo) {
	known := map[string]bool{}
	var ids []string
	for _, m := range repo.manifests {
		if m.ConnectorID != "" && !known[m.ConnectorID] {
			known[m.ConnectorID] = true
			ids = append(ids, m.ConnectorID)
		}
	}
	sort.Strings(ids)
	var unknown []string
	for id := range repo.cfg.Adapters {
		if !known[id] {
			unknown = append(unknown, id)
		}
	}
	sort.Strings(unknown)
	for _, id := range unknown {
		a := repo.cfg.Adapters[id]
		fmt.Fprintf(c.Stderr, "squadci: warning: %s:%d:%d: adapters: %q names no manifest's connectorId%s; it is never run [SQ005]\n",
			repo.cfg.Path, a.Line, a.Column, id, diag.DidYouMean(id, ids))
	}
}
