package lint

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/skill"
	"github.com/squadci/squadci/squadstate"
)

func init() {
	phases = append(phases, checkSkills)
	kindMatchers["skills"] = skill.IsSkillFile
}

// maxSkillFile caps a SKILL.md: the squad-state phase reads the ones in
// Squad's skill directories under the same cap, so both agree.
const maxSkillFile = maxStateFile

// checkSkills runs the skill rules on every SKILL.md below a skills/
// directory (skill.IsSkillFile).
func checkSkills(ctx context.Context, s *session, _ *repo) error {
	if !s.opts.Config.KindOn("skills") {
		return nil
	}
	files, err := s.listAnywhere(ctx, func(p string) bool {
		return skill.IsSkillFile(p) && !skill.InsideSkill(p, s.exists)
	})
	if err != nil || len(files) == 0 {
		return err
	}
	sc := skill.Context{Exists: s.existsOrDir(ctx), SquadRepo: s.exists(".squad/team.md"), SquadScans: squadLoads}
	s.parallel(ctx, len(files), func(i int) string { return files[i] }, func(i int) {
		if src := s.readSkill(files[i]); src != nil {
			s.add(files[i], src, s.inspectSkill(files[i], src, sc))
		}
	})
	return nil
}

// inspectSkill runs the skill rules on one SKILL.md, reusing the memo's
// result where the other tree has the same file and answers every
// question the rules asked about its files the same.
func (s *session) inspectSkill(p string, src []byte, sc skill.Context) []diag.Diagnostic {
	kind := "skill"
	if sc.SquadRepo {
		kind = "skill/squad"
	}
	ds, _ := memoizedAsking(s.opts.Memo, kind, p, src, sc.Exists, func(exists func(string) bool) []diag.Diagnostic {
		ctx := sc
		ctx.Exists = exists
		return skill.Inspect(p, src, ctx)
	})
	return ds
}

// readSkill reads one SKILL.md. One in Squad's skill directories is read
// without counting it or reporting its size, since the squad-state phase
// loads and counts it too (as checkAgentFile does for charters).
func (s *session) readSkill(p string) []byte {
	if !squadLoads(p) {
		return s.load(p, maxSkillFile)
	}
	s.markRead(p)
	src, err := s.files.Read(p, maxSkillFile)
	var tooLarge *TooLargeError
	if err != nil && !errors.As(err, &tooLarge) {
		return nil
	}
	return src
}

// squadLoads reports whether the squad-state phase loads p.
func squadLoads(p string) bool {
	return PathUnder(squadstate.Dirs, p) && squadstate.Wanted(p)
}

// existsOrDir answers skill references: a regular file, or a directory
// holding at least one file (a link to references/ is a reference too). A
// full run looks directories up in the tree it listed; a narrowed one
// lists the directory.
func (s *session) existsOrDir(ctx context.Context) func(string) bool {
	all := s.all // sorted; nil in a narrowed run
	return func(rel string) bool {
		if s.exists(rel) {
			return true
		}
		if rel == "" || rel == ".." || strings.HasPrefix(rel, "../") {
			return false
		}
		dir := strings.TrimSuffix(rel, "/") + "/"
		if all != nil {
			i := sort.SearchStrings(all, dir)
			return i < len(all) && strings.HasPrefix(all[i], dir)
		}
		under, err := s.files.List(ctx, []string{dir})
		return err == nil && len(under) > 0
	}
}
