package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/fix"
	"github.com/squadci/squadci/lint/report"
)

// adoption are the filters of adoption.md a run applies after the engine:
// the baseline first (it must see every finding to consume its counts),
// then the lines changed since a revision.
type adoption struct {
	baseline *lint.Baseline
	inScope  func(path string) bool
	wantRev  bool           // --new-from-rev was given (and no baseline is written)
	rev      *lint.Revision // its revision, once git has resolved it
	newSince *lint.NewSince
}

// lintFiltered runs the engine and then the adoption filters. The
// baseline is read first, so a bad one fails before a long lint; git
// resolves --new-from-rev's revision while the work tree is linted, and
// a revision it cannot resolve ends that lint.
func (c *Command) lintFiltered(f lintFlags, src *lintSource, cfg *lint.Config) (*lint.Result, *fix.Outcome, error) {
	filters, err := c.adoptionFilters(f, src, cfg)
	if err != nil {
		return nil, nil, err
	}
	opts := lint.Options{
		Files: src.files, Config: cfg, Targets: src.targets, Named: src.named,
		Disable: f.disable, Enable: f.enable,
	}
	// The revision's tree is linted beside the work tree's (it reads git
	// objects and files unchanged since, never writes), and the two share
	// the work on the files they have in common, so the comparison costs
	// little more than the longer of the two lints.
	var base *revisionLint
	var fixed *fix.Outcome
	var res *lint.Result
	switch {
	case filters.wantRev && !f.fix:
		opts.Memo = lint.NewMemo() // most files are the same in both trees: each is checked once
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		type outcome struct {
			res *lint.Result
			err error
		}
		head := make(chan outcome, 1)
		go func() {
			r, e := lint.Lint(ctx, opts)
			head <- outcome{r, e}
		}()
		if filters.rev, err = c.resolveRevision(f, src); err != nil {
			cancel()
			<-head
			return nil, nil, err
		}
		if base, err = startRevisionLint(filters.rev, opts, false); err != nil {
			cancel()
			<-head
			return nil, nil, err
		}
		h := <-head
		res, err = h.res, h.err
	default:
		if filters.wantRev {
			if filters.rev, err = c.resolveRevision(f, src); err != nil {
				return nil, nil, err
			}
			opts.Memo = lint.NewMemo()
			if base, err = startRevisionLint(filters.rev, opts, f.fix); err != nil {
				return nil, nil, err
			}
		}
		// --fix repairs every fixable finding; the filters then choose which of
		// the remaining ones are reported, as for a plain lint.
		if f.fix {
			if fixed, err = fix.Run(context.Background(), opts); err == nil {
				res = fixed.Lint
			}
		} else {
			res, err = lint.Lint(context.Background(), opts)
		}
	}
	if base != nil {
		// Waited for even after an error, so nothing outlives the run.
		var baseRes *lint.Result
		var baseErr error
		if err == nil {
			baseRes, baseErr = base.settle(context.Background(), res, opts.Files, src.root, f.staged)
		} else {
			base.wait()
		}
		if err == nil {
			err = baseErr
		}
		if err == nil {
			filters.newSince = lint.NewSinceFindings(filters.rev.Rev, baseRes.Run.Findings)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	filters.apply(&res.Run)
	return res, fixed, nil
}

// resolveRevision resolves --new-from-rev's revision with git.
func (c *Command) resolveRevision(f lintFlags, src *lintSource) (*lint.Revision, error) {
	return lint.ResolveRevision(context.Background(), lint.ChangesOptions{
		Root: src.root, Rev: f.newFromRev, Staged: f.staged, What: "--new-from-rev"})
}

// adoptionFilters reads the baseline (--baseline, else the config's
// baseline:, relative to the root) and notes whether the run compares
// with a revision (--new-from-rev, resolved by lintFiltered). Neither
// applies when the run writes a baseline: that records everything.
func (c *Command) adoptionFilters(f lintFlags, src *lintSource, cfg *lint.Config) (*adoption, error) {
	a := &adoption{}
	if f.writeBaseline != "" {
		return a, nil
	}
	path, display := f.baseline, f.baseline
	if path != "" {
		if wd, err := c.workDir(); err == nil && !filepath.IsAbs(path) {
			path = filepath.Join(wd, path)
		}
	} else if cfg.Baseline != "" {
		path, display = filepath.Join(src.root, filepath.FromSlash(cfg.Baseline)), cfg.Baseline
	}
	if path != "" {
		b, err := src.readBaseline(path, display, f.baseline == "")
		if err != nil {
			return nil, err
		}
		a.baseline = b
		if note := b.Note(); note != "" {
			fmt.Fprintf(c.Stderr, "squadci: %s\n", note)
		}
		a.inScope = func(p string) bool { return len(src.targets) == 0 || lint.PathUnder(src.targets, p) }
	}
	a.wantRev = f.newFromRev != ""
	return a, nil
}

// readBaseline reads the baseline from disk; with --staged, the config's
// baseline comes from the index when it is staged there, as the config
// itself does, so a commit is judged by the files it carries.
func (s *lintSource) readBaseline(path, display string, fromConfig bool) (*lint.Baseline, error) {
	if s.index != nil && fromConfig {
		src, err := s.index.Read(display, lint.MaxBaselineSize)
		if err == nil {
			return lint.ParseBaseline(display, src)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, &lint.ConfigError{Path: display, Message: "cannot read baseline from the index: " + err.Error()}
		}
	}
	return lint.ReadBaselineIn(s.root, path, display)
}

func (a *adoption) apply(run *report.Run) {
	before := run.Findings
	if a.baseline != nil {
		a.baseline.Apply(run, a.inScope)
		if a.newSince != nil {
			a.newSince.Credit(before, run.Findings)
		}
	}
	if a.newSince != nil {
		a.newSince.Apply(run)
	}
}

// writeBaseline records every finding of the run (after the config's
// severities, whatever their severity) and exits 0: the point of a
// baseline is to accept today's findings.
func (c *Command) writeBaseline(file, root string, res *lint.Result) int {
	if res.Internal {
		fmt.Fprintln(c.Stderr, "squadci: a check failed internally; no baseline written")
		return exitInternal
	}
	path := file
	if wd, err := c.workDir(); err == nil && !filepath.IsAbs(path) {
		path = filepath.Join(wd, path)
	}
	b := lint.NewBaseline(res.Run.Findings)
	if err := lint.WriteBaselineIn(root, path, b); err != nil {
		fmt.Fprintf(c.Stderr, "squadci: writing baseline: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(c.Stderr, "squadci: wrote %s (%s) to %s\n", plural.Count(b.Total(), "finding"),
		plural.Form(len(b.Entries), "entry", "entries"), file)
	return exitOK
}
