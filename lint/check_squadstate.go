package lint

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"path"
	"strings"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
	"github.com/squadci/squadci/lint/source"
	"github.com/squadci/squadci/squadstate"
)

// maxStateFile caps every squad state file (squad-formats: state files are
// Markdown tables and small JSON; 4 MiB keeps a hostile file from being read).
const maxStateFile = 4 << 20

// maxAgentFile caps the deployed agent files read for their name:.
const maxAgentFile = 256 << 10

func init() { phases = append(phases, checkSquadState) }

// checkSquadState loads both squad layouts with their cross-file context
// (deployed agent names, manifests, pending exchange state) and runs the
// squadstate checks. A narrowed run that targets nothing squad-related
// skips the phase; otherwise it still loads the whole squad, and the engine
// reports only the targets' findings.
func checkSquadState(ctx context.Context, s *session, r *repo) error {
	if s.narrowed() && !squadTargeted(s.opts.Targets) {
		return nil
	}
	scope := append(append([]string(nil), squadstate.Dirs...), squadstate.RootFiles...)
	listed, err := s.list(ctx, scope)
	if err != nil {
		return err
	}
	in := &squadstate.Repo{Files: map[string][]byte{}}
	var load, agents []string
	inScope := newPathScope(scope)
	for _, p := range listed {
		if !inScope.has(p) {
			continue // a target outside the squad directories
		}
		in.Paths = append(in.Paths, p)
		if squadstate.Wanted(p) {
			load = append(load, p)
		}
		if strings.HasPrefix(p, ".github/agents/") && strings.HasSuffix(p, ".agent.md") {
			agents = append(agents, p)
		}
	}
	if err := s.noteNestedSquads(ctx); err != nil {
		return err
	}
	if len(in.Paths) == 0 {
		return nil
	}
	srcs := make([][]byte, len(load))
	s.parallel(ctx, len(load), func(i int) string { return load[i] }, func(i int) {
		srcs[i] = s.load(load[i], maxStateFile)
	})
	for i, p := range load {
		if srcs[i] != nil {
			in.Files[p] = srcs[i]
		}
	}
	if s.reportsAny(in.Files, "team.md") {
		in.Agents = s.readAgentNames(ctx, agents) // only roster findings need them
	}
	in.Manifests, in.InvalidManifests = r.Manifests, s.invalidManifests(r)
	in.Exists = s.exists
	in.AtGitTop = atGitTop(ctx, s.files)
	in.StateBranch = stateBranch(ctx, s.files)
	in.IsKmxCharter = agentfile.IsCharter
	if hasBindings(in.Files) && s.reportsStates() {
		if in.Exchanges, err = s.readTaskStates(ctx, r); err != nil {
			return err
		}
	}
	in.ProfilePins = s.opts.Config.ProfilePins
	in.SkillsChecked = s.opts.Config.KindOn("skills")
	s.guard(squadstate.Dirs[0], func() {
		ds, profiles := squadstate.CheckExplained(in)
		s.addByPath(ds, in)
		s.addProfiles(profiles)
	})
	return nil
}

// squadTargeted reports whether a narrowed run names anything the squad
// checks read or report on.
func squadTargeted(targets []string) bool {
	scope := append(append([]string(nil), squadstate.Dirs...), squadstate.RootFiles...)
	for _, t := range targets {
		switch {
		case t == "./", PathUnder(scope, t), exchangeKind(t) == "state":
			return true
		case strings.HasSuffix(t, "/"):
			for _, d := range scope {
				if strings.HasPrefix(d, t) {
					return true
				}
			}
		}
	}
	return false
}

// reportsAny reports whether a loaded HVE file with this base name is
// reported in this run (always, in a full run).
func (s *session) reportsAny(files map[string][]byte, base string) bool {
	for p := range files {
		if path.Base(p) == base && strings.HasPrefix(p, ".copilot-tracking/") && s.reported(p) {
			return true
		}
	}
	return false
}

// reportsStates reports whether findings on task state files can be
// reported: a full run, or targets naming a state file or a directory.
func (s *session) reportsStates() bool {
	if !s.narrowed() {
		return true
	}
	for _, t := range s.opts.Targets {
		if strings.HasSuffix(t, "/") || exchangeKind(t) == "state" {
			return true
		}
	}
	return false
}

// addByPath hands the findings to the session, each file with its source
// so positions resolve.
func (s *session) addByPath(ds []diag.Diagnostic, in *squadstate.Repo) {
	byPath := map[string][]diag.Diagnostic{}
	var order []string
	for _, d := range ds {
		if _, seen := byPath[d.Path]; !seen {
			order = append(order, d.Path)
		}
		byPath[d.Path] = append(byPath[d.Path], d)
	}
	states := map[string][]byte{}
	for _, x := range in.Exchanges {
		states[x.Path] = x.Src
	}
	for _, p := range order {
		src := in.Files[p]
		if src == nil {
			src = states[p]
		}
		s.add(p, src, byPath[p])
	}
}

// readAgentNames reads each deployed agent file's front matter name: and
// disable-model-invocation. Unreadable files are skipped here: the
// agent-file rules report them.
func (s *session) readAgentNames(ctx context.Context, paths []string) []squadstate.Agent {
	out := make([]squadstate.Agent, len(paths))
	ok := make([]bool, len(paths))
	s.parallel(ctx, len(paths), func(i int) string { return paths[i] }, func(i int) {
		src, err := s.files.Read(paths[i], maxAgentFile)
		if err != nil {
			return
		}
		out[i], ok[i] = agentIdentity(paths[i], src), true
	})
	agents := out[:0]
	for i, a := range out {
		if ok[i] {
			agents = append(agents, a)
		}
	}
	return agents
}

// agentIdentity is an agent file's name: (the file name without .agent.md
// when there is none) and whether it disables model invocation.
func agentIdentity(p string, src []byte) squadstate.Agent {
	a := squadstate.Agent{Path: p, Name: strings.TrimSuffix(path.Base(p), ".agent.md")}
	md := source.ParseMarkdown(src)
	if n := md.Front.Get("name"); n != nil && strings.TrimSpace(n.Value) != "" {
		a.Name = strings.TrimSpace(n.Value)
	}
	if v := md.Front.Get("disable-model-invocation"); v != nil {
		a.DisableModelInvocation = v.Value == "true"
	}
	return a
}

// invalidManifests lists the parsed manifests that have an error-level
// finding of their own.
func (s *session) invalidManifests(r *repo) map[string]bool {
	s.mu.Lock()
	bad := map[string]bool{}
	for _, d := range s.diags {
		if d.Severity == diag.SeverityError {
			bad[d.Path] = true
		}
	}
	s.mu.Unlock()
	out := map[string]bool{}
	for _, m := range r.Manifests {
		if bad[m.Path] {
			out[m.Path] = true
		}
	}
	return out
}

// hasBindings reports whether a loaded HVE roster has a Connector Bindings
// table, the only case where pending exchange state matters.
func hasBindings(files map[string][]byte) bool {
	for p, src := range files {
		if path.Base(p) == "team.md" && strings.HasPrefix(p, ".copilot-tracking/") && bytes.Contains(src, []byte("## Connector Bindings")) {
			return true
		}
	}
	return false
}

// readTaskStates reads every mailbox's private task state
// (<dropPath>/.squad-connector/<taskId>.state.json). Size and read
// problems are the exchange rules' to report.
func (s *session) readTaskStates(ctx context.Context, r *repo) ([]squadstate.Exchange, error) {
	boxes := []string{".connector-drops/"}
	for _, m := range r.Manifests {
		if _, ok := connector.CheckSafePath(m.DropPath, true); ok && m.DropPath != "" {
			boxes = append(boxes, strings.TrimSuffix(m.DropPath, "/")+"/")
		}
	}
	listed, err := s.list(ctx, boxes)
	if err != nil {
		return nil, err
	}
	var paths []string
	inBoxes := newPathScope(boxes)
	for _, p := range listed {
		if exchangeKind(p) == "state" && inBoxes.has(p) {
			paths = append(paths, p)
		}
	}
	xs := make([]squadstate.Exchange, len(paths))
	s.parallel(ctx, len(paths), func(i int) string { return paths[i] }, func(i int) {
		if src, err := s.files.Read(paths[i], maxConnectorFile); err == nil {
			xs[i] = squadstate.Exchange{Path: paths[i], Src: src}
		}
	})
	out := xs[:0]
	for _, x := range xs {
		if x.Src != nil {
			out = append(out, x)
		}
	}
	return out, nil
}

// exists reports whether a repository file exists as a regular file: a
// deliverable a history entry claims may be git-ignored, so the listing
// alone cannot say. Paths leaving the root are never looked up.
func (s *session) exists(rel string) bool {
	clean := path.Clean(rel)
	if clean != rel || rel == "" || strings.HasPrefix(rel, "/") || rel == ".." || strings.HasPrefix(rel, "../") {
		return false
	}
	_, err := s.files.Read(rel, 0)
	var tooLarge *TooLargeError
	return err == nil || errors.As(err, &tooLarge) && !errors.Is(err, fs.ErrNotExist)
}

// addProfiles keeps the squad roots' format profiles for the report.
func (s *session) addProfiles(ps []squadstate.RootProfile) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range ps {
		rp := report.Profile{Root: p.Root, Format: p.Format, Name: p.Profile, Releases: p.Releases, Commit: p.Commit, ChosenBy: p.ChosenBy, Note: p.Note}
		for _, e := range p.Evidence {
			rp.Evidence = append(rp.Evidence, report.ProfileEvidence{At: e.At, What: e.What, Fits: e.Fits})
		}
		s.profiles = append(s.profiles, rp)
	}
}

// noteNestedSquads leaves a note on each .squad/ below the lint root (a
// monorepo package where `squad init` ran in a subfolder): the squad checks
// read the root's .squad/ only, so such a squad is linted on its own, with
// the package as the root. Full runs only: they list the tree anyway.
func (s *session) noteNestedSquads(ctx context.Context) error {
	if s.narrowed() {
		return nil
	}
	all, err := s.list(ctx, nil)
	if err != nil {
		return err
	}
	for _, p := range all {
		dir, ok := strings.CutSuffix(p, "/.squad/team.md")
		if !ok || dir == "" || strings.Contains("/"+dir+"/", "/node_modules/") {
			continue
		}
		d := squadstate.LayoutNote(p, "%s/.squad/ is a squad below the lint root, which this run does not check; lint it "+
			"with `squadci lint %s` (its coordinator may stay at the git top-level, which that run finds)", dir, dir)
		s.add(p, nil, []diag.Diagnostic{d})
	}
	return nil
}
