package lint

import (
	"context"
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/squadci/squadci/connector"
)

// maxConnectorFile caps every connector JSON file. The contract bounds each
// string at 10,000 code points and a request at 64 inputs, so real files are
// a few KiB; 4 MiB leaves room while keeping a hostile file from being read.
const maxConnectorFile = 4 << 20

// defaultMailbox is scanned even when no manifest names it.
const defaultMailbox = ".connector-drops/"

// phase is one domain's pass over the repository. Phases run in order;
// later ones see what earlier ones parsed (the manifests say where the
// mailboxes are).
type phase func(ctx context.Context, s *session, r *repo) error

// repo is the cross-file context phases share.
type repo struct {
	Manifests []*connector.Manifest
	// unparsedManifests counts manifest files read but not parsed.
	unparsedManifests int
}

// phases run after the manifests, in order; domain files append theirs
// from init.
var phases = []phase{checkMailboxes}

// check parses the manifests, then runs every phase.
func (s *session) check(ctx context.Context) error {
	ms, unparsed, err := s.checkManifests(ctx)
	if err != nil {
		return err
	}
	r := &repo{Manifests: ms, unparsedManifests: unparsed}
	s.boxes = newPathScope(mailboxes(ms))
	for _, p := range phases {
		if err := p(ctx, s, r); err != nil {
			return err
		}
	}
	return nil
}

// manifestDirs are where manifests live: connectors/ and the static
// prefixes of the config's include globs (nil: the whole tree).
func (s *session) manifestDirs() []string {
	dirs := []string{"connectors/"}
	for _, g := range s.opts.Config.Include {
		base, _ := doublestar.SplitPattern(g)
		if base == "." || base == "" {
			return nil
		}
		dirs = append(dirs, base+"/")
	}
	return dirs
}

// selectManifests picks connectors/**/*.json and the config's includes
// that are not exchange files. A JSON file elsewhere is no manifest, even
// when named on the command line: package.json is not a connector.
func (s *session) selectManifests(paths []string) []string {
	var out []string
	for _, p := range paths {
		if !strings.HasSuffix(p, ".json") || exchangeKind(p) != "" {
			continue
		}
		if isDefaultManifest(p) || matchAny(s.opts.Config.Include, p) {
			out = append(out, p)
		}
	}
	return out
}

func isDefaultManifest(p string) bool {
	ok, _ := doublestar.Match("connectors/**/*.json", p)
	return ok
}

func (s *session) checkManifests(ctx context.Context) ([]*connector.Manifest, int, error) {
	listed, err := s.list(ctx, s.manifestDirs())
	if err != nil {
		return nil, 0, err
	}
	paths := s.selectManifests(listed)
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
	return parsed, len(paths) - len(parsed), nil
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

// checkMailboxes lists every mailbox (in a narrowed run, those holding or
// below a target) and checks the exchanges found there, whole: see
// checkExchanges.
func checkMailboxes(ctx context.Context, s *session, r *repo) error {
	boxes := mailboxes(r.Manifests)
	if s.narrowed() {
		if boxes = s.targetedDirs(boxes); len(boxes) == 0 {
			return nil
		}
	}
	listed, err := s.list(ctx, boxes)
	if err != nil {
		return err
	}
	return s.checkExchanges(ctx, r, listed)
}

// targetedDirs keeps the directories that hold or lie below a target, so a
// narrowed run lists only the mailboxes it reports on.
func (s *session) targetedDirs(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		for _, t := range s.opts.Targets {
			if strings.HasPrefix(t, d) || strings.HasPrefix(d, t) || t == "./" {
				out = append(out, d)
				break
			}
		}
	}
	return out
}
