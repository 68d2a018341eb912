package lint

import (
	"context"
	"errors"
	"path"
	"strings"

	"github.com/squadci/squadci/agentfile"
)

func init() { phases = append(phases, checkAgentFiles) }

// agentFileKind says how a path is checked: "agent" for Copilot and VS
// Code agent files (**/*.agent.md, .github/chatmodes/*.chatmode.md),
// "charter" for .squad/agents/*/charter.md, which is checked only when it
// is a complete kmx charter (Squad's own charters are the squad-state
// rules' business), "" otherwise.
func agentFileKind(p string) string {
	switch {
	case strings.HasSuffix(p, ".agent.md"):
		return "agent"
	case path.Dir(p) == ".github/chatmodes" && strings.HasSuffix(p, ".chatmode.md"):
		return "agent"
	case inAgentsFolder(p) && strings.HasSuffix(p, ".md") && path.Base(p) != "README.md":
		// VS Code reads every Markdown file directly in a .github/agents
		// folder as an agent file, README.md aside (promptFileLocations.ts:
		// getPromptFileType), named by its stem.
		return "agent"
	}
	parts := strings.Split(p, "/")
	if len(parts) == 4 && parts[0] == ".squad" && parts[1] == "agents" && parts[3] == "charter.md" {
		return "charter"
	}
	return ""
}

// inAgentsFolder reports a file directly in a .github/agents folder, at
// the root or below it, as VS Code's isInAgentsFolder matches.
func inAgentsFolder(p string) bool {
	d := path.Dir(p)
	return d == ".github/agents" || strings.HasSuffix(d, "/.github/agents")
}

// checkAgentFiles runs the agent-file rules on every agent file and kmx
// charter, then resolves handoffs against the repository's agents.
func checkAgentFiles(ctx context.Context, s *session, _ *repo) error {
	files, err := s.listAnywhere(ctx, func(p string) bool {
		return agentFileKind(p) != "" && s.opts.Config.KindOn("agents")
	})
	if err != nil {
		return err
	}
	reports := make([]*agentfile.Report, len(files))
	s.parallel(ctx, len(files), func(i int) string { return files[i] }, func(i int) {
		reports[i] = s.checkAgentFile(files[i])
	})
	return s.checkHandoffs(ctx, files, reports)
}

// checkAgentFile reads and checks one file. A charter is read without
// counting it, since the squad-state phase loads every .squad file too;
// only its size refusal is recorded here, at the agent-file cap.
func (s *session) checkAgentFile(p string) *agentfile.Report {
	var src []byte
	if agentFileKind(p) == "charter" {
		s.markRead(p)
		b, err := s.files.Read(p, agentfile.MaxFileBytes)
		var tooLarge *TooLargeError
		switch {
		case errors.As(err, &tooLarge):
			s.load(p, agentfile.MaxFileBytes)
			return nil
		case err != nil || !agentfile.IsCharter(b):
			return nil
		}
		src = b
	} else if src = s.load(p, agentfile.MaxFileBytes); src == nil {
		return nil
	}
	r := memoized(s.opts.Memo, "agent", p, src, func() *agentfile.Report { return agentfile.Inspect(p, src) })
	s.add(p, src, r.Diagnostics)
	return r
}

// checkHandoffs reports handoffs and agents: entries naming no agent. The names come from every
// agent file in the repository: those just checked, and in a narrowed run
// the others, read for their frontmatter name only.
func (s *session) checkHandoffs(ctx context.Context, files []string, reports []*agentfile.Report) error {
	need := false
	for _, r := range reports {
		need = need || hasAgentRefs(r)
	}
	if !need {
		return nil
	}
	known := map[string]bool{}
	done := map[string]bool{}
	for i, r := range reports {
		if r != nil && agentFileKind(files[i]) == "agent" {
			done[files[i]] = true
			for _, n := range r.Names {
				known[n] = true
			}
		}
	}
	if s.narrowed() {
		all, err := s.list(ctx, nil)
		if err != nil {
			return err
		}
		var others []string
		for _, p := range all {
			if agentFileKind(p) == "agent" && !done[p] {
				others = append(others, p)
			}
		}
		for _, n := range s.agentFileNames(ctx, others) {
			known[n] = true
		}
	}
	list := sortedNames(known)
	installer := ""
	if s.exists(apmManifest) {
		installer = apmManifest
	}
	for _, r := range reports {
		if hasAgentRefs(r) {
			s.add(r.Path, nil, r.UnresolvedAgents(func(n string) bool { return known[n] }, list, installer))
		}
	}
	return nil
}

// apmManifest is the APM package manifest: its dependencies install agent
// files from other repositories, so names they define resolve in use.
const apmManifest = "apm.yml"

// hasAgentRefs reports a report whose file names other agents.
func hasAgentRefs(r *agentfile.Report) bool {
	return r != nil && len(r.Handoffs)+len(r.Subagents) > 0
}
