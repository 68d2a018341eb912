package lint

import (
	"context"
	"sort"
	"strings"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/promptfile"
)

func init() {
	phases = append(phases, checkPromptFiles, checkInstructionsFiles)
	kindMatchers["prompts"] = isPromptFile
	kindMatchers["instructions"] = isInstructionsFile
}

// isPromptFile matches prompt files anywhere: VS Code gives every
// *.prompt.md its prompt language and validator, whichever folder
// chat.promptFilesLocations points at (.github/prompts by default).
func isPromptFile(p string) bool { return strings.HasSuffix(p, ".prompt.md") }

// isInstructionsFile matches *.instructions.md anywhere (VS Code validates
// them by name; .github/instructions is only the default folder) and the
// repository-wide .github/copilot-instructions.md.
func isInstructionsFile(p string) bool {
	return strings.HasSuffix(p, ".instructions.md") || p == promptfile.RepositoryInstructions
}

// kindFiles lists the reported files of one kind, anywhere in the tree (or
// only the targets in a narrowed run).
func (s *session) kindFiles(ctx context.Context, kind string, match func(string) bool) ([]string, error) {
	if !s.opts.Config.KindOn(kind) {
		return nil, nil
	}
	var scope []string
	if s.narrowed() {
		scope = []string{}
	}
	listed, err := s.list(ctx, scope)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, p := range listed {
		if match(p) && s.reported(p) {
			files = append(files, p)
		}
	}
	return files, nil
}

// checkEach loads each file under the agent-file size cap and checks it,
// in parallel, recording its findings; a file that cannot be read has a
// nil report.
func checkEach[R any](ctx context.Context, s *session, files []string, check func(string, []byte) (R, []diag.Diagnostic)) []R {
	reports := make([]R, len(files))
	s.parallel(ctx, len(files), func(i int) string { return files[i] }, func(i int) {
		if src := s.load(files[i], agentfile.MaxFileBytes); src != nil {
			var ds []diag.Diagnostic
			reports[i], ds = check(files[i], src)
			s.add(files[i], src, ds)
		}
	})
	return reports
}

// agentFileNames reads the given agent files for their frontmatter name
// only, without counting them, and returns every name they answer to.
func (s *session) agentFileNames(ctx context.Context, agents []string) []string {
	names := make([][]string, len(agents))
	s.parallel(ctx, len(agents), func(i int) string { return agents[i] }, func(i int) {
		if src, err := s.files.Read(agents[i], agentfile.MaxFileBytes); err == nil {
			names[i] = memoized(s.opts.Memo, "agent-names", agents[i], src, func() []string { return agentfile.AgentNames(agents[i], src) })
		}
	})
	var out []string
	for _, ns := range names {
		out = append(out, ns...)
	}
	return out
}

// checkPromptFiles runs the prompt-file rules, then resolves the agents
// the files name against the repository's agent files.
func checkPromptFiles(ctx context.Context, s *session, _ *repo) error {
	files, err := s.kindFiles(ctx, "prompts", isPromptFile)
	if err != nil {
		return err
	}
	reports := checkEach(ctx, s, files, func(p string, src []byte) (*promptfile.PromptReport, []diag.Diagnostic) {
		r := memoized(s.opts.Memo, "prompt", p, src, func() *promptfile.PromptReport { return promptfile.CheckPrompt(p, src) })
		return r, r.Diagnostics
	})
	if err := s.resolvePromptAgents(ctx, reports); err != nil {
		return err
	}
	refs := false
	for _, r := range reports {
		refs = refs || (r != nil && len(r.Refs) > 0)
	}
	if !refs {
		return nil
	}
	all, err := s.repoFiles(ctx)
	if err != nil {
		return err
	}
	tree := promptfile.NewTree(all)
	for _, r := range reports {
		if r != nil {
			s.add(r.Path, nil, r.MissingFiles(tree))
		}
	}
	return nil
}

// resolvePromptAgents reports the prompt files whose agent names no agent.
func (s *session) resolvePromptAgents(ctx context.Context, reports []*promptfile.PromptReport) error {
	need := false
	for _, r := range reports {
		need = need || (r != nil && r.Agent != nil)
	}
	if !need {
		return nil
	}
	known, names, err := s.agentNames(ctx)
	if err != nil {
		return err
	}
	for _, r := range reports {
		if r != nil {
			s.add(r.Path, nil, r.UnresolvedAgent(func(n string) bool { return known[n] }, names))
		}
	}
	return nil
}

// repoFiles is every file of the tree, paths.exclude aside: an excluded
// file still exists for the hosts, which match and attach it.
func (s *session) repoFiles(ctx context.Context) ([]string, error) {
	if s.all != nil {
		return s.all, nil
	}
	return s.files.List(ctx, nil)
}

// agentNames are the names VS Code accepts for the repository's agent
// files (each file's frontmatter name and file stem, as handoffs resolve
// them), read for their frontmatter only and without counting them.
func (s *session) agentNames(ctx context.Context) (map[string]bool, []string, error) {
	all, err := s.list(ctx, nil)
	if err != nil {
		return nil, nil, err
	}
	var agents []string
	for _, p := range all {
		if agentFileKind(p) == "agent" {
			agents = append(agents, p)
		}
	}
	known := map[string]bool{}
	for _, n := range s.agentFileNames(ctx, agents) {
		known[n] = true
	}
	list := sortedNames(known)
	return known, list, nil
}

// checkInstructionsFiles runs the instructions rules, then matches every
// applyTo pattern against the repository's files.
func checkInstructionsFiles(ctx context.Context, s *session, _ *repo) error {
	files, err := s.kindFiles(ctx, "instructions", isInstructionsFile)
	if err != nil {
		return err
	}
	reports := checkEach(ctx, s, files, func(p string, src []byte) (*promptfile.InstructionsReport, []diag.Diagnostic) {
		r := memoized(s.opts.Memo, "instructions", p, src, func() *promptfile.InstructionsReport { return promptfile.CheckInstructions(p, src) })
		return r, r.Diagnostics
	})
	need := false
	for _, r := range reports {
		need = need || (r != nil && (len(r.Globs) > 0 || len(r.Refs) > 0))
	}
	if !need {
		return nil
	}
	all, err := s.repoFiles(ctx)
	if err != nil {
		return err
	}
	listing, tree := promptfile.NewListing(all), promptfile.NewTree(all)
	listing.Witnesses = s.opts.Memo.globWitnesses()
	if src, err := s.files.Read(".gitignore", 1<<20); err == nil {
		listing.Ignored = promptfile.IgnoredDirs(src)
	}
	s.parallel(ctx, len(reports), func(i int) string { return files[i] }, func(i int) {
		if r := reports[i]; r != nil {
			s.add(r.Path, nil, append(r.Unmatched(listing), r.MissingFiles(tree)...))
		}
	})
	return nil
}

// sortedNames lists a set of names in order: suggestions must not depend
// on map order.
func sortedNames(known map[string]bool) []string {
	list := make([]string, 0, len(known))
	for n := range known {
		list = append(list, n)
	}
	sort.Strings(list)
	return list
}
