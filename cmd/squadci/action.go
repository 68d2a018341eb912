package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/buildinfo"
	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint/report"
)

func init() {
	register("action", "action", "entry point of action.yml (reads INPUT_* and the GitHub context)", (*Command).runAction)
	actionModes["lint"] = (*Command).actionLint
}

// actionInputs are the inputs of action.yml.
type actionInputs struct {
	mode, paths, config, failLevel, sarifFile, sarifCategory string
	annotations, summary                                     bool
	onlyNew                                                  bool   // report only findings new in the pull request
	workingDirectory                                         string // resolved by runAction
	explicitRoot                                             bool   // working-directory was given
	githubToken, notify, notifyIssue                         string
	review                                                   string // off, comment or suggest
	adapterEnv                                               string // names passed to adapters (poll_env.go)
	adapterSecrets                                           string // a JSON object of secret values by name (poll_env.go)
	shard                                                    connector.Shard
	listCreated                                              string // the file poll --list-created writes
}

// actionModes are the action's modes by name. Each registers itself from
// init in its own file, as subcommands do.
var actionModes = map[string]func(c *Command, a *githubactions.Action, in actionInputs) int{}

func (c *Command) readActionInputs(a *githubactions.Action) (actionInputs, error) {
	in := actionInputs{
		mode: a.GetInput("mode"), paths: a.GetInput("paths"), config: a.GetInput("config"),
		failLevel: a.GetInput("fail-level"), sarifFile: a.GetInput("sarif-file"),
		sarifCategory: a.GetInput("sarif-category"), workingDirectory: a.GetInput("working-directory"),
		githubToken: a.GetInput("github-token"), notify: a.GetInput("notify"), notifyIssue: a.GetInput("notify-issue"),
		adapterEnv: a.GetInput("adapter-env"), listCreated: a.GetInput("list-created"),
		adapterSecrets: a.GetInput("adapter-secrets"),
	}
	if in.mode == "" {
		in.mode = "lint"
	}
	if in.failLevel == "" {
		in.failLevel = "error"
	}
	var err error
	if in.review, err = parseReviewInput(a.GetInput("review")); err != nil {
		return in, err
	}
	if in.review != reviewOff && in.mode != "lint" {
		return in, fmt.Errorf("input review %s reviews a lint; mode %s has no findings to review (use review in a mode lint step)", in.review, in.mode)
	}
	if in.adapterEnv != "" && in.mode == "lint" {
		return in, fmt.Errorf("input adapter-env passes variables to the adapters a poll runs; mode lint runs none (use it in a mode poll or scheduled step)")
	}
	if in.shard, err = shardInput(a.GetInput("shard"), in.mode); err != nil {
		return in, err
	}
	if in.listCreated != "" && in.mode != "poll" && in.mode != "scheduled" {
		return in, fmt.Errorf("input list-created lists what a poll creates; mode %s polls none (use it in a mode poll or scheduled step)", in.mode)
	}
	if in.annotations, err = boolInput(a, "annotations"); err != nil {
		return in, err
	}
	if in.summary, err = boolInput(a, "summary"); err != nil {
		return in, err
	}
	in.onlyNew, err = boolInputOff(a, "only-new")
	return in, err
}

// shardInput reads input shard (I/N), which only the modes that poll take.
func shardInput(v, mode string) (connector.Shard, error) {
	if v == "" {
		return connector.Shard{}, nil
	}
	if mode != "poll" && mode != "scheduled" {
		return connector.Shard{}, fmt.Errorf("input shard splits the tasks a poll runs; mode %s polls none (use it in a mode poll or scheduled step)", mode)
	}
	s, err := connector.ParseShard(v)
	if err != nil {
		return s, fmt.Errorf("input %v", err)
	}
	return s, nil
}

// boolInputOff reads a boolean input that defaults to false.
func boolInputOff(a *githubactions.Action, name string) (bool, error) {
	if a.GetInput(name) == "" {
		return false, nil
	}
	return boolInput(a, name)
}

// boolInput reads a boolean input that defaults to true, as action.yml says.
func boolInput(a *githubactions.Action, name string) (bool, error) {
	switch v := strings.ToLower(a.GetInput(name)); v {
	case "", "true":
		return true, nil
	case "false":
		return false, nil
	default:
		return false, fmt.Errorf("input %s must be true or false, not %q", name, v)
	}
}

func (c *Command) runAction(args []string) int {
	if len(args) > 0 {
		return c.usageError(fmt.Errorf("squadci action takes no arguments; it reads INPUT_* variables"))
	}
	a := githubactions.New(githubactions.WithGetenv(c.getenv), githubactions.WithWriter(c.Stdout))
	// The step log starts with the version, for bug reports.
	fmt.Fprintln(c.Stdout, buildinfo.Get().Summary())
	in, err := c.readActionInputs(a)
	if err != nil {
		return c.usageError(err)
	}
	dir, err := c.actionDir(in.workingDirectory)
	if err != nil {
		return c.usageError(err)
	}
	in.explicitRoot = in.workingDirectory != ""
	in.workingDirectory, c.Dir = dir, dir
	if run, ok := actionModes[in.mode]; ok {
		return run(c, a, in)
	}
	modes := make([]string, 0, len(actionModes))
	for m := range actionModes {
		modes = append(modes, m)
	}
	sort.Strings(modes)
	return c.usageError(fmt.Errorf("input mode must be one of %s, not %q", strings.Join(modes, ", "), in.mode))
}

// actionDir is the directory the action works in: working-directory,
// relative to GITHUB_WORKSPACE, else the workspace itself; the current
// directory only outside a workflow (no GITHUB_WORKSPACE), so a step's own
// working directory never decides what is linted. A missing directory is a
// usage error naming the input (or the variable) it came from.
func (c *Command) actionDir(input string) (string, error) {
	base, from := c.getenv("GITHUB_WORKSPACE"), "GITHUB_WORKSPACE"
	if base == "" {
		wd, err := c.workDir()
		if err != nil {
			return "", err
		}
		base, from = wd, "the current directory"
	}
	dir, hint := base, ""
	if input != "" {
		dir, from = input, "input working-directory "+strconv.Quote(input)
		hint = " (working-directory is relative to the workspace; check out the repository first, or fix the path)"
		if !filepath.IsAbs(input) {
			dir = filepath.Join(base, input)
		}
	}
	if err := checkDir(dir); err != nil {
		return "", fmt.Errorf("%s: %s: %v%s", from, dir, err, hint)
	}
	return dir, nil
}

func (c *Command) actionLint(a *githubactions.Action, in actionInputs) int {
	failLevel, err := parseFailLevel(in.failLevel)
	if err != nil {
		return c.usageError(err)
	}
	paths := strings.Fields(in.paths)
	if len(paths) == 0 && in.explicitRoot {
		// A single directory argument is the root, as working-directory is
		// for the scheduled modes; paths, when given, are relative to it.
		paths = []string{in.workingDirectory}
	}
	flags := lintFlags{config: in.config, category: in.sarifCategory}
	if in.onlyNew {
		if flags.newFromRev, err = c.pullRequestBase(in.workingDirectory); err != nil {
			a.Errorf("%s", err)
			return exitUsage
		}
	}
	out, code := c.lintRun(flags, paths)
	if out == nil {
		return code
	}
	res, run := out.res, &out.res.Run
	a.Group(fmt.Sprintf("squadci: %s in %s", plural.Count(len(run.Findings), "finding"), plural.Count(run.Files, "file")))
	report.WriteText(c.Stdout, run, report.TextOptions{})
	a.EndGroup()
	for _, s := range run.Adoption.Sentences() {
		fmt.Fprintf(c.Stdout, "squadci: %s\n", s)
	}
	if in.annotations {
		report.WriteGitHub(c.Stdout, run, report.GitHubOptions{})
	}
	outputs := map[string]string{}
	e, w, n := run.Counts()
	outputs["errors"], outputs["warnings"], outputs["notes"] = strconv.Itoa(e), strconv.Itoa(w), strconv.Itoa(n)
	if in.sarifFile != "" {
		path := c.actionPath(in.sarifFile)
		if err := writeFormat(path, report.FormatSARIF, run); err != nil {
			fmt.Fprintf(c.Stderr, "squadci: writing SARIF: %v\n", err)
			return exitInternal
		}
		outputs["sarif-file"] = path
	}
	if dir := c.getenv("RUNNER_TEMP"); dir != "" {
		path := filepath.Join(dir, "squadci-report.json")
		if err := writeFormat(path, report.FormatJSON, run); err == nil {
			outputs["report-file"] = path
		} else {
			fmt.Fprintf(c.Stderr, "squadci: report file not written: %v\n", err)
		}
	}
	if in.summary {
		c.appendEnvFile("GITHUB_STEP_SUMMARY", report.StepSummary(run, report.DefaultSummaryLimit))
	}
	c.actionReview(a, in, run, out.root)
	c.setOutputs(outputs)
	if res.Internal {
		return exitInternal
	}
	return exitCode(run, failLevel)
}

// actionPath resolves a path input against the working directory.
func (c *Command) actionPath(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	wd, _ := c.workDir()
	return filepath.Join(wd, p)
}

func writeFormat(path string, f report.Format, run *report.Run) error {
	var buf bytes.Buffer
	if err := report.Write(&buf, f, run, report.Options{}); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// appendEnvFile appends text to the file named by an environment variable
// (GITHUB_STEP_SUMMARY, GITHUB_OUTPUT). A missing variable or an unwritable
// file is reported, never fatal: a fork's read-only run still gets its
// annotations and exit code.
func (c *Command) appendEnvFile(name, text string) {
	path := c.getenv(name)
	if path == "" {
		fmt.Fprintf(c.Stderr, "squadci: %s is not set; skipped\n", name)
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: writing %s: %v\n", name, err)
	}
}

// setOutputs writes step outputs with a random heredoc delimiter, so no
// value (which may hold repository text) can end its entry early and forge
// another output.
func (c *Command) setOutputs(outputs map[string]string) {
	var b strings.Builder
	for _, k := range sortedKeys(outputs) {
		v := outputs[k]
		delim := randomDelimiter()
		for strings.Contains(v, delim) {
			delim = randomDelimiter()
		}
		fmt.Fprintf(&b, "%s<<%s\n%s\n%s\n", k, delim, v, delim)
	}
	c.appendEnvFile("GITHUB_OUTPUT", b.String())
}

func randomDelimiter() string {
	var buf [16]byte
	if _, err := rand.Read(buf[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return "squadci_" + hex.EncodeToString(buf[:])
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
