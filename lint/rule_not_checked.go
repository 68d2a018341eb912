package lint

import (
	"fmt"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// Discovered says, for people, which files squadci checks.
const Discovered = "connector manifests (connectors/**/*.json and paths.include), the exchanges in each " +
	"manifest's dropPath and .connector-drops/, agent files (**/*.agent.md, any other .md but README.md in .github/agents/, .github/chatmodes/*.chatmode.md, " +
	".squad/agents/*/charter.md), prompt files (**/*.prompt.md), instructions files (**/*.instructions.md, " +
	".github/copilot-instructions.md), skills (**/skills/**/SKILL.md) and squad state (.copilot-tracking/squad/, " +
	".squad/, .github/agents/squad.agent.md)"

var ruleNotChecked = diag.Register(diag.Rule{
	ID: "SQ004", Name: "file-not-checked", Severity: diag.SeverityNote, Domain: "engine",
	Short: "a file named on the command line is no kind of file squadci checks",
	Full: "squadci checks " + Discovered + ". " +
		"A file named on the command line that is none of these, that paths.exclude leaves out, or whose kind kinds: turns off, is not checked at all; " +
		"this note says so instead of passing in silence. Staged files of a hook run are filtered like discovery and get no note.",
	Help:     "to check it as a connector manifest, add it to paths.include in .squadci.yml (and keep it out of paths.exclude); otherwise leave it off the command line",
	Consumer: "Nothing breaks: squadci has no check for that kind of file, so naming it on the command line does nothing. Note.",
})

// markRead records that a check read (or tried to read) a file.
func (s *session) markRead(rel string) {
	s.mu.Lock()
	s.read[rel] = true
	s.mu.Unlock()
}

// noteUnchecked adds a note for every file named on the command line that
// no check read and no finding mentions: a package.json named by hand is
// not silently "clean".
func (s *session) noteUnchecked() {
	if !s.opts.Named {
		return
	}
	mentioned := map[string]bool{}
	for _, d := range s.diags {
		mentioned[d.Path] = true
	}
	for _, t := range s.opts.Targets {
		if strings.HasSuffix(t, "/") || s.read[t] || mentioned[t] {
			continue
		}
		msg := "not a file squadci checks; add it with paths.include"
		if g := firstMatch(s.opts.Config.Exclude, t); g != "" {
			msg = fmt.Sprintf("not checked: paths.exclude %q in %s leaves it out", g, s.configName())
		} else if k := s.kindOff(t); k != "" {
			msg = fmt.Sprintf("not checked: kinds.%s is false in %s", k, s.configName())
		}
		s.diags = append(s.diags, ruleNotChecked.At(t, diag.Span{}, "%s", msg))
	}
}

func (s *session) configName() string {
	if s.opts.Config.Path != "" {
		return s.opts.Config.Path
	}
	return "the configuration"
}

func firstMatch(globs []string, p string) string {
	for _, g := range globs {
		if matchAny([]string{g}, p) {
			return g
		}
	}
	return ""
}
