package lint

import (
	"context"
	"sort"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleUnknownAdapter = diag.Register(diag.Rule{
	ID: "SQ005", Name: "config-unknown-adapter", Severity: diag.SeverityWarning, Domain: "engine",
	Short: "an adapters: key in the configuration names no manifest's connectorId",
	Full: "`squadci poll` runs the adapter configured under a manifest's connectorId for that connector's pending " +
		"requests. A key that matches no manifest is never used: usually a typo, or a connector that was renamed " +
		"or removed, and its tasks then wait for an adapter that never runs.",
	Help: "spell the key exactly as the manifest's connectorId, or delete the entry",
})

func init() { phases = append(phases, checkConfigAdapters) }

// checkConfigAdapters warns about adapters: keys that name no manifest.
// When a manifest could not be parsed its connectorId is unknown, so the
// check waits for that file to be fixed rather than guess.
func checkConfigAdapters(_ context.Context, s *session, r *repo) error {
	cfg := s.opts.Config
	if len(cfg.Adapters) == 0 || cfg.Path == "" || r.unparsedManifests > 0 {
		return nil
	}
	known := map[string]bool{}
	var ids []string
	for _, m := range r.Manifests {
		if m.ConnectorID != "" && !known[m.ConnectorID] {
			known[m.ConnectorID] = true
			ids = append(ids, m.ConnectorID)
		}
	}
	sort.Strings(ids)
	lines := source.NewLines(cfg.Src)
	var ds []diag.Diagnostic
	for _, id := range sortedKeys(cfg.Adapters) {
		if known[id] {
			continue
		}
		a := cfg.Adapters[id]
		start := lines.Offset(a.Line, a.Column)
		span := diag.Span{Start: start, End: start + len(id)}
		if end := start + len(id); end > len(cfg.Src) || string(cfg.Src[start:end]) != id {
			span.End = start // a quoted key: point at it
		}
		ds = append(ds, ruleUnknownAdapter.At(cfg.Path, span, "adapters: %q names no manifest's connectorId%s",
			id, suggestConnector(id, ids)))
	}
	s.add(cfg.Path, cfg.Src, ds)
	return nil
}

func suggestConnector(id string, ids []string) string {
	if hint := diag.DidYouMean(id, ids); hint != "" {
		return hint
	}
	if len(ids) == 0 {
		return "; no connector manifest was found"
	}
	return ""
}
