package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/diag"
)

// conformanceRunTimeout bounds one adapter run of a scenario, whatever the
// adapter's own timeout: a scenario's task is small.
const conformanceRunTimeout = 60 * time.Second

// conformanceFlags are `squadci connector conformance`'s flags.
type conformanceFlags struct {
	connectorFlags
	connectorID, scenario, keep, config string
}

func (c *Command) runConnectorConformance(args []string) int {
	var f conformanceFlags
	flags := flag.NewFlagSet("squadci connector conformance", flag.ContinueOnError)
	flags.SetOutput(c.Stderr)
	f.register(flags, "text|json|junit|sarif")
	flags.StringVar(&f.connectorID, "connector", "", "the connectorId whose adapter to test (required)")
	flags.StringVar(&f.scenario, "scenario", "", "run only this scenario (default: all of them)")
	flags.StringVar(&f.keep, "keep", "", "keep each scenario's tree in DIR/<scenario>/ (DIR must not exist, or be empty) instead of removing it")
	flags.StringVar(&f.config, "config", "", "the squadci configuration (default: the repository's .squadci.yml)")
	argv, err := parseConformanceArgs(flags, args)
	if err == nil {
		err = f.check()
	}
	if err != nil {
		return c.usageError(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	suite, code := c.openConformance(ctx, &f, argv)
	if suite == nil {
		return code
	}
	rep, err := suite.run(ctx, f.scenario)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: conformance: %v\n", err)
		var de *connector.DispatchError
		if errors.As(err, &de) {
			// The configuration refuses the scenarios' tasks (a protected
			// folder, say): nothing about the adapter is known yet.
			return exitUsage
		}
		return exitInternal
	}
	if code := c.writeConformance(rep, f.format); code != exitOK {
		return code
	}
	fmt.Fprintf(c.Stderr, "squadci: conformance: %s\n", rep.counts.summary())
	if rep.counts.Failed > 0 {
		return exitFindings
	}
	return exitOK
}

// parseConformanceArgs parses the flags; everything after "--" is the
// adapter command, which takes the place of adapters.<id>.command.
func parseConformanceArgs(flags *flag.FlagSet, args []string) ([]string, error) {
	var argv []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, argv = args[:i], args[i+1:]
		if len(argv) == 0 {
			return nil, errors.New("nothing after --: give the adapter command, or leave -- out to use adapters.<id>.command")
		}
	}
	positional, err := parseInterspersed(flags, args)
	if err != nil {
		return nil, err
	}
	if len(positional) > 0 {
		return nil, fmt.Errorf("connector conformance takes no arguments before -- (got %q); the adapter command goes after --", positional[0])
	}
	return argv, nil
}

func (f *conformanceFlags) check() error {
	switch {
	case f.connectorID == "":
		return errors.New("--connector is required (the connectorId whose adapter to test)")
	case f.format != "text" && f.format != "json" && f.format != "junit" && f.format != "sarif":
		return fmt.Errorf("invalid --format %q (want text, json, junit or sarif)", f.format)
	case f.scenario != "" && scenarioByName(f.scenario) == nil:
		return fmt.Errorf("unknown --scenario %q (want one of: %s)", f.scenario, strings.Join(scenarioNames(), ", "))
	}
	return nil
}

// conformanceSuite is everything the scenarios share: the repository's
// connector files to copy, the manifest under test, the adapter command
// and its environment.
type conformanceSuite struct {
	root     string
	cfg      *lint.Config
	manifest *connector.Manifest
	// manifests are all of the repository's.
	manifests []*connector.Manifest
	// files are the repository-relative files every scenario tree gets.
	files   []string
	config  string // the configuration's path inside a tree ("" for none)
	argv    []string
	timeout time.Duration
	// listed are the variable names the configuration passes this adapter.
	listed []string
	getenv func(string) string
	keep   string
	// protected are the folders no deliverable root may reach, as a poll
	// of this adapter has them: the configuration's and the adapter's.
	protected connector.Protected
	// manifestBroken is set when the manifest has an error finding: only
	// manifest-clean can run.
	manifestBroken bool
}

// openConformance loads the configuration and the manifest of the
// connector under test, and works out the adapter and the files to copy.
func (c *Command) openConformance(ctx context.Context, f *conformanceFlags, argv []string) (*conformanceSuite, int) {
	repo, code := c.openScheduled(ctx, f.root, f.config)
	if repo == nil {
		return nil, code
	}
	_, findings, _, err := connector.LoadManifests(ctx, connector.DirFS(repo.root))
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: conformance: %v\n", err)
		return nil, exitInternal
	}
	findings = append(findings, connector.CheckManifests(repo.manifests)...)
	s := &conformanceSuite{root: repo.root, cfg: repo.cfg, manifests: repo.manifests, getenv: c.getenv, timeout: conformanceRunTimeout}
	for _, m := range repo.manifests {
		if m.ConnectorID == f.connectorID {
			s.manifest = m
		}
	}
	for _, d := range findings {
		if s.manifest != nil && d.Path == s.manifest.Path && d.Severity == diag.SeverityError {
			s.manifestBroken = true
		}
	}
	if s.manifest == nil {
		var ids []string
		for _, m := range repo.manifests {
			if m.ConnectorID != "" {
				ids = append(ids, m.ConnectorID)
			}
		}
		fmt.Fprintf(c.Stderr, "squadci: conformance: no manifest under %s declares connectorId %q (manifests: %s)\n", connector.ManifestDir, f.connectorID, orNone(ids))
		return nil, exitUsage
	}
	a, mapped := repo.cfg.Adapters[f.connectorID]
	switch {
	case len(argv) > 0:
		s.argv = argv
	case mapped && len(a.Command) > 0:
		s.argv = a.Command
	default:
		fmt.Fprintf(c.Stderr, "squadci: conformance: %s maps no adapter to %s (adapters.%s.command); give the command after --\n",
			orDefault(repo.cfg.Path, "the configuration"), f.connectorID, f.connectorID)
		return nil, exitUsage
	}
	if mapped {
		s.listed = a.Env
		if a.Timeout > 0 {
			s.timeout = min(a.Timeout, conformanceRunTimeout)
		}
	}
	if f.keep != "" {
		keep, err := conformanceKeepDir(c, f.keep)
		if err != nil {
			return nil, c.usageError(err)
		}
		s.keep = keep
	}
	s.collectFiles(repo.manifests)
	s.protected = repo.cfg.Protected().WithAdapters(map[string]connector.Adapter{f.connectorID: {Command: s.argv}})
	if err := connectorCommandError(repo.root, f.connectorID, s.argv); err != "" {
		fmt.Fprintf(c.Stderr, "squadci: conformance: %s\n", err)
		return nil, exitUsage
	}
	return s, exitOK
}

// connectorCommandError says why the adapter command cannot be run from
// the repository root, as poll would refuse it ("" when it can).
func connectorCommandError(root, id string, argv []string) string {
	m := &connector.Manifest{ConnectorID: id}
	err := connector.CheckAdapterCommands(root, []*connector.Manifest{m}, map[string]connector.Adapter{id: {Command: argv}})
	if err == nil {
		return ""
	}
	return err.Error()
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// conformanceKeepDir resolves --keep: a directory that does not exist yet
// (it is created) or is empty, outside the repository's connector files.
func conformanceKeepDir(c *Command, dir string) (string, error) {
	if !filepath.IsAbs(dir) {
		wd, err := c.workDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(wd, dir)
	}
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("--keep: %v", err)
		}
	case err != nil:
		return "", fmt.Errorf("--keep: %v", err)
	case len(entries) > 0:
		return "", fmt.Errorf("--keep %s is not empty; give a new or empty directory", dir)
	}
	return dir, nil
}
