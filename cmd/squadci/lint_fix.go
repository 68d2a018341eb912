package main

import (
	"errors"
	"fmt"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/fix"
)

// checkFixFlags refuses the combinations --fix cannot honour.
func checkFixFlags(f lintFlags) error {
	switch {
	case f.diff && !f.fix:
		return errors.New("--diff shows what --fix would change; give both")
	case f.fix && f.staged:
		return errors.New("--fix repairs the work tree, not the git index; run it without --staged, then stage the result")
	case f.fix && f.explainProfile:
		return errors.New("--fix and --explain-profile do different things; run them separately")
	}
	return nil
}

// finishFix writes the repaired files (or, with --diff, prints them as a
// diff and stops). done says the run ends here with code; otherwise the
// lint after fixing is reported as usual.
func (c *Command) finishFix(f lintFlags, out *lintOutcome, failLevel diag.Severity) (code int, done bool) {
	changes := out.fixed.Changes
	if f.diff {
		if err := fix.WriteDiff(c.Stdout, changes); err != nil {
			fmt.Fprintf(c.Stderr, "squadci: writing the diff: %v\n", err)
			return exitInternal, true
		}
		fmt.Fprintf(c.Stderr, "squadci: --diff: %s would change (nothing written)\n", plural.Count(len(changes), "file"))
		if out.res.Internal {
			return exitInternal, true
		}
		return exitCode(&out.res.Run, failLevel), true
	}
	if err := fix.Write(out.root, changes); err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitInternal, true
	}
	if len(changes) > 0 {
		fmt.Fprintf(c.Stderr, "squadci: fixed %s in %s\n", plural.Count(out.fixed.Applied, "finding"), plural.Count(len(changes), "file"))
	}
	return exitOK, false
}
