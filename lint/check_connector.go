package lint

import (
	"context"
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/source"
)

// maxConnectorFile caps every connector JSON file. The contract bounds each
// string at 10,000 code points and a request at 64 inputs, so real files are
// a few KiB; 4 MiB leaves room while keeping a hostile file from being read.
const maxConnectorFile = 4 << 20

// defaultMailbox is scanned even when no manifest names it.
const defaultMailbox = ".connector-drops/"

// check runs every domain over the discovered paths, phase by phase:
// manifests first, since they say where the mailboxes are.
func (s *session) check(ctx context.Context, paths []string) {
	manifests := s.checkManifests(ctx, s.selectManifests(paths))
	s.checkMailboxes(ctx, paths, manifests)
}

// selectManifests picks connectors/**/*.json, config includes, and JSON
// files named on the command line that are not exchange files.
func (s *session) selectManifests(paths []string) []string {
	var out []string
	for _, p := range paths {
		if !strings.HasSuffix(p, ".json") || exchangeKind(p) != "" {
			continue
		}
		if isDefaultManifest(p) || matchAny(s.opts.Config.Include, p) || contains(s.explicit, p) {
			out = append(out, p)
		}
	}
	return out
}

func isDefaultManifest(p string) bool {
	ok, _ := doublestar.Match("connectors/**/*.json", p)
	return ok
}

func (s *session) checkManifests(ctx context.Context, paths []string) []*connector.Manifest {
	ms := make([]*connector.Manifest, len(paths))
	s.parallel(ctx, len(paths), func(i int) string { return paths[i] }, func(i int) {
		src := s.load(paths[i], maxConnectorFile)
		if src == nil {
			return
		}
		m, ds := connector.ParseManifest(paths[i], src)
		ms[i] = m
		s.add(paths[i], src, ds)
	})
	var parsed []*connector.Manifest
	for _, m := range ms {
		if m != nil {
			parsed = append(parsed, m)
		}
	}
	s.guard(paths0(paths), func() { s.add("", nil, connector.CheckManifests(parsed)) })
	return parsed
}

func paths0(paths []string) string {
	if len(paths) == 0 {
		return "."
	}
	return paths[0]
}

// exchangeKind names the connector exchange file kind from its name alone.
func exchangeKind(p string) string {
	base := path.Base(p)
	switch {
	case strings.HasSuffix(base, ".request.json"):
		return "request"
	case strings.HasSuffix(base, ".result.json"):
		return "result"
	case strings.HasSuffix(base, ".snapshot.json"):
		return "snapshot"
	case strings.HasSuffix(base, ".state.json") && path.Base(path.Dir(p)) == ".squad-connector":
		return "state"
	}
	return ""
}

// mailboxes returns the normalised ("dir/") mailbox directories.
func mailboxes(ms []*connector.Manifest) []string {
	boxes := []string{defaultMailbox}
	for _, m := range ms {
		if m.DropPath == "" {
			continue
		}
		if _, ok := connector.CheckSafePath(m.DropPath, true); !ok {
			continue
		}
		boxes = append(boxes, strings.TrimSuffix(m.DropPath, "/")+"/")
	}
	return boxes
}

// checkMailboxes checks every exchange file found in a mailbox with the
// JSON rules every connector file shares.
func (s *session) checkMailboxes(ctx context.Context, paths []string, ms []*connector.Manifest) {
	boxes := mailboxes(ms)
	var files []string
	for _, p := range paths {
		if exchangeKind(p) == "" {
			continue
		}
		for _, b := range boxes {
			if strings.HasPrefix(p, b) {
				files = append(files, p)
				break
			}
		}
	}
	s.parallel(ctx, len(files), func(i int) string { return files[i] }, func(i int) {
		src := s.load(files[i], maxConnectorFile)
		if src == nil {
			return
		}
		ds := connector.CheckJSONFile(files[i], source.ParseJSON(src))
		s.add(files[i], src, ds)
	})
}
