package lint

import (
	"context"
	"sort"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleUnknownAdapter = diag.Register(diag.Rule{
	ID: "SQ005", Name: "config-unknown-adapter", Severity: diag.SeverityWarning, Domain: "engine",
	Short: "an adapters: key in the configuration names no manifest's connectorId",
	Full: "`squadci poll` runs the adapter configured under a manifest's connectorId for that connector's pending " +
		"requests. A key that matches no manifest is never used: usually a typo, or a connector that was renamed " +
		"or removed, and its tasks then wait for an adapter that never runs.",
	Help:     "spell the key exactly as the manifest's connectorId, or delete the entry",
	Consumer: "squadci poll runs no adapter for a key that matches no manifest, so that connector's requests wait until their deadline and become unreachable. Warning: usually a typo or a renamed connector.",
})

func init() { phases = append(phases, checkConfigAdapters) }

// UnknownAdapter is an adapters: key that names no manifest's connectorId.
type UnknownAdapter struct {
	ID      string
	Adapter Adapter
	Hint    string // a did-you-mean, or "" when nothing is close
}

// UnknownAdapters returns cfg's adapters: keys that name none of the
// manifests, sorted, each with a did-you-mean. `squadci poll` warns about
// them too.
func UnknownAdapters(cfg *Config, ms []*connector.Manifest) []UnknownAdapter {
	known := map[string]bool{}
	var ids []string
	for _, m := range ms {
		if m.ConnectorID != "" && !known[m.ConnectorID] {
			known[m.ConnectorID] = true
			ids = append(ids, m.ConnectorID)
		}
	}
	sort.Strings(ids)
	var out []UnknownAdapter
	for _, id := range sortedKeys(cfg.Adapters) {
		if !known[id] {
			out = append(out, UnknownAdapter{ID: id, Adapter: cfg.Adapters[id], Hint: suggestConnector(id, ids)})
		}
	}
	return out
}

// checkConfigAdapters warns about adapters: keys that name no manifest.
// When a manifest could not be parsed its connectorId is unknown, so the
// check waits for that file to be fixed rather than guess.
func checkConfigAdapters(_ context.Context, s *session, r *repo) error {
	cfg := s.opts.Config
	if len(cfg.Adapters) == 0 || cfg.Path == "" || r.unparsedManifests > 0 {
		return nil
	}
	lines := source.NewLines(cfg.Src)
	var ds []diag.Diagnostic
	for _, u := range UnknownAdapters(cfg, r.Manifests) {
		start := lines.Offset(u.Adapter.Line, u.Adapter.Column)
		span := diag.Span{Start: start, End: start + len(u.ID)}
		if span.End > len(cfg.Src) || string(cfg.Src[start:span.End]) != u.ID {
			span.End = start // a quoted key: point at it
		}
		ds = append(ds, ruleUnknownAdapter.At(cfg.Path, span, "adapters: %q names no manifest's connectorId%s", u.ID, u.Hint))
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
