package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/internal/plural"
	"github.com/squadci/squadci/lint"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/fix"
	"github.com/squadci/squadci/lint/report"
)

type lintFlags struct {
	format, config, failLevel, category, color string
	outputs                                    repeatFlag
	disable, enable                            listFlag
	staged, explainProfile                     bool
	hook                                       bool // the PATHs are a hook framework's file list
	fix, diff                                  bool
	root                                       string
	baseline, writeBaseline, newFromRev        string // adoption.md
}

func (c *Command) runLint(args []string) int {
	var f lintFlags
	fs := flag.NewFlagSet("squadci lint", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	fs.StringVar(&f.format, "format", "text", "output format: text|oneline|json|jsonl|sarif|github")
	fs.Var(&f.outputs, "output", "extra output FORMAT=FILE (repeatable)")
	fs.StringVar(&f.config, "config", "", "config file (default: the one of .squadci.yml, .squadci.yaml, .github/squadci.yml, .github/squadci.yaml that exists)")
	fs.StringVar(&f.failLevel, "fail-level", "error", "exit 1 on findings at or above: error|warning|note|none")
	fs.Var(&f.disable, "disable", "rule ids or names to turn off (comma-separated, repeatable)")
	fs.Var(&f.enable, "enable", "rule ids or names to force on (comma-separated, repeatable)")
	fs.StringVar(&f.category, "sarif-category", "", "SARIF automationDetails.id (code scanning category)")
	fs.StringVar(&f.color, "color", "auto", "colour text output: auto|always|never (NO_COLOR honoured)")
	fs.BoolVar(&f.staged, "staged", false, "lint the content staged in the git index, not the work tree")
	fs.BoolVar(&f.hook, "hook", false, "the PATHs are the files a hook framework (pre-commit) hands over: filtered like discovery, a file squadci does not check is skipped silently")
	fs.BoolVar(&f.explainProfile, "explain-profile", false, "print, per HVE squad root, the format profile it is checked by and the evidence that chose it, instead of the findings (the json format carries it as roots[].profile)")
	fs.BoolVar(&f.fix, "fix", false, "apply the fixes of fixable findings (never to mailbox, exchange or state files), then report what remains")
	fs.BoolVar(&f.diff, "diff", false, "with --fix: print the fixes as a unified diff on stdout and write nothing")
	fs.StringVar(&f.root, "root", "", "the repository root; every PATH then narrows what is reported (default: a single directory argument, else the git top-level, else the working directory)")
	fs.StringVar(&f.baseline, "baseline", "", "report only findings not recorded in the baseline `FILE` (default: the config's baseline:)")
	fs.StringVar(&f.writeBaseline, "write-baseline", "", "record every finding in the baseline `FILE` and exit 0")
	fs.StringVar(&f.newFromRev, "new-from-rev", "", "report only findings whose identity the lint of the git revision `REV` does not have")
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	format, err := report.ParseFormat(f.format)
	if err != nil {
		return c.usageError(err)
	}
	failLevel, err := parseFailLevel(f.failLevel)
	if err != nil {
		return c.usageError(err)
	}
	extras, err := parseOutputs(f.outputs)
	if err != nil {
		return c.usageError(err)
	}
	if f.explainProfile && (format != report.FormatText || len(extras) > 0) {
		return c.usageError(fmt.Errorf("--explain-profile prints text and takes no --format or --output; the json format carries the profiles as roots[].profile"))
	}
	if f.writeBaseline != "" && (f.baseline != "" || f.newFromRev != "" || f.explainProfile || f.fix) {
		return c.usageError(fmt.Errorf("--write-baseline records every finding of today; it takes no --baseline, --new-from-rev, --fix or --explain-profile"))
	}
	if err := checkFixFlags(f); err != nil {
		return c.usageError(err)
	}
	out, code := c.lintRun(f, positional)
	if out == nil {
		return code
	}
	res := out.res
	if f.writeBaseline != "" {
		return c.writeBaseline(f.writeBaseline, out.root, res)
	}
	if f.fix {
		if code, done := c.finishFix(f, out, failLevel); done {
			return code
		}
	}
	if f.explainProfile {
		if err := report.WriteProfiles(c.Stdout, res.Run.Profiles); err != nil {
			fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
			return exitInternal
		}
		return exitOK
	}
	if res.Run.Files == 0 && len(res.Run.Findings) == 0 {
		if out.explicitRoot {
			c.nothingChecked(out.root)
			return exitUsage
		}
		switch {
		case f.hook: // most commits change no squad file: nothing to say
		case f.staged:
			fmt.Fprintln(c.Stderr, "squadci: none of the staged files is one squadci checks")
		default:
			fmt.Fprintf(c.Stderr, "squadci: no squad files in %s: nothing to check\n", c.displayPath(out.root))
		}
	}
	quiet := res.Run.Files == 0 && len(res.Run.Findings) == 0
	run := &res.Run
	if code := c.writeOutputs(run, format, f.color, extras); code != exitOK {
		return code
	}
	if !quiet {
		c.summarize(run, format)
	}
	if res.Internal {
		return exitInternal
	}
	return exitCode(run, failLevel)
}

// lintOutcome is a finished run with the root it used.
type lintOutcome struct {
	res          *lint.Result
	root         string
	explicitRoot bool
	fixed        *fix.Outcome // with --fix: the changes; res is the lint after them
}

// lintRun runs the engine for the CLI and the action. A nil outcome comes
// with the exit code to return (usage, configuration or internal error, or
// nothing staged).
func (c *Command) lintRun(f lintFlags, positional []string) (*lintOutcome, int) {
	src, code := c.lintSource(f, positional)
	if code != exitOK {
		return nil, code
	}
	defer src.close()
	if src.nothingStaged {
		fmt.Fprintln(c.Stderr, "squadci: nothing staged to lint")
		return nil, exitOK
	}
	if src.nothingListed {
		return nil, exitOK
	}
	cfg, err := src.config(f.config)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return nil, exitUsage
	}
	res, fixed, err := c.lintFiltered(f, src, cfg)
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		var ce *lint.ConfigError
		if errors.As(err, &ce) {
			return nil, exitUsage
		}
		return nil, exitInternal
	}
	res.Run.ToolName, res.Run.ToolVersion, res.Run.Category = "squadci", toolVersion(), f.category
	return &lintOutcome{res: res, root: src.root, explicitRoot: src.explicitRoot, fixed: fixed}, exitOK
}

// nothingChecked explains an explicit root in which no file was checked:
// usually a subfolder given as if it narrowed the repository's lint.
func (c *Command) nothingChecked(root string) {
	shown := c.displayPath(root)
	fmt.Fprintf(c.Stderr, "squadci: nothing to check in %s, used as the repository root\n", shown)
	fmt.Fprintf(c.Stderr, "squadci looks for %s.\n", lint.Discovered)
	if shown == "." {
		return
	}
	fmt.Fprintf(c.Stderr, "A single directory argument is the repository root. To lint only a subfolder of a repository,\n"+
		"give the root too: squadci lint --root . %s\n", shellWord(shown+"/"))
}

// displayPath shows path relative to the working directory when it is
// below it.
func (c *Command) displayPath(path string) string {
	wd, err := c.workDir()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return path
	}
	return filepath.ToSlash(rel)
}

// shellWord quotes s for a command line a user may paste.
func shellWord(s string) string {
	if strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// lintRoot applies the root rule of cli.md: a single directory argument is
// the root; otherwise the git top-level (else the working directory) is, and
// arguments narrow what is reported.
func (c *Command) lintRoot(args []string) (string, []string, error) {
	root, targets, _, err := c.resolveLintRoot("", args)
	return root, targets, err
}

// resolveLintRoot is lintRoot with an explicit --root: then every argument
// narrows. explicit says the root was given rather than found.
func (c *Command) resolveLintRoot(rootFlag string, args []string) (root string, targets []string, explicit bool, err error) {
	wd, err := c.workDir()
	if err != nil {
		return "", nil, false, err
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(wd, p)
	}
	switch {
	case rootFlag != "":
		root, explicit = abs(rootFlag), true
		if info, err := os.Stat(root); err != nil || !info.IsDir() {
			return "", nil, false, fmt.Errorf("--root %s: not a directory", rootFlag)
		}
	case len(args) == 1:
		if info, err := os.Stat(abs(args[0])); err == nil && info.IsDir() {
			return abs(args[0]), nil, true, nil
		}
	}
	if root == "" {
		if root = gitTopLevel(wd); root == "" {
			root = wd
		}
	}
	for _, a := range args {
		p := abs(a)
		info, err := os.Lstat(p)
		if err != nil {
			return "", nil, false, fmt.Errorf("%s: no such file or directory", a)
		}
		rel, err := filepath.Rel(root, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			return "", nil, false, fmt.Errorf("%s is outside the lint root %s", a, root)
		}
		rel = filepath.ToSlash(rel)
		if info.IsDir() {
			rel = strings.TrimPrefix(rel+"/", "./")
			if rel == "" {
				rel = "./"
			}
		}
		targets = append(targets, rel)
	}
	return root, targets, explicit, nil
}

func gitTopLevel(dir string) string {
	cmd := exec.Command("git", "rev-parse", "--show-toplevel")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, io.Discard
	if err := cmd.Run(); err != nil {
		return ""
	}
	return strings.TrimSpace(out.String())
}

func parseFailLevel(s string) (diag.Severity, error) {
	if s == "none" {
		return diag.SeverityOff, nil
	}
	sev, err := diag.ParseSeverity(s)
	if err != nil || sev == diag.SeverityOff {
		return 0, fmt.Errorf("invalid --fail-level %q (want error, warning, note or none)", s)
	}
	return sev, nil
}

type extraOutput struct {
	format report.Format
	file   string
}

func parseOutputs(specs []string) ([]extraOutput, error) {
	var out []extraOutput
	for _, s := range specs {
		name, file, ok := strings.Cut(s, "=")
		if !ok || file == "" {
			return nil, fmt.Errorf("invalid --output %q (want FORMAT=FILE)", s)
		}
		f, err := report.ParseFormat(name)
		if err != nil {
			return nil, err
		}
		out = append(out, extraOutput{f, file})
	}
	return out, nil
}

func (c *Command) colorEnabled(mode string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if c.getenv("NO_COLOR") != "" || c.getenv("TERM") == "dumb" {
			return false, nil
		}
		f, ok := c.Stdout.(*os.File)
		if !ok {
			return false, nil
		}
		info, err := f.Stat()
		return err == nil && info.Mode()&os.ModeCharDevice != 0, nil
	}
	return false, fmt.Errorf("invalid --color %q (want auto, always or never)", mode)
}

func (c *Command) writeOutputs(run *report.Run, format report.Format, colorMode string, extras []extraOutput) int {
	color, err := c.colorEnabled(colorMode)
	if err != nil {
		return c.usageError(err)
	}
	wd, _ := c.workDir()
	warn := func(msg string) { fmt.Fprintf(c.Stderr, "squadci: %s\n", msg) }
	for _, e := range extras {
		path := e.file
		if !filepath.IsAbs(path) {
			path = filepath.Join(wd, path)
		}
		var buf bytes.Buffer
		if err := report.Write(&buf, e.format, run, report.Options{Warn: warn}); err != nil {
			fmt.Fprintf(c.Stderr, "squadci: writing %s: %v\n", e.file, err)
			return exitInternal
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			fmt.Fprintf(c.Stderr, "squadci: writing %s: %v\n", e.file, err)
			return exitUsage
		}
	}
	if err := report.Write(c.Stdout, format, run, report.Options{Color: color, Warn: warn}); err != nil {
		fmt.Fprintf(c.Stderr, "squadci: writing output: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// summarize logs a one-line count to stderr for human formats.
// Whatever the format, baseline entries that are fixed get their one-line
// note, so a stale baseline is seen.
func (c *Command) summarize(run *report.Run, format report.Format) {
	if format != report.FormatText && format != report.FormatOneline {
		if note := run.Adoption.FixedNote(); note != "" {
			fmt.Fprintf(c.Stderr, "squadci: %s\n", note)
		}
		return
	}
	e, w, n := run.Counts()
	fixable := ""
	if k := run.Fixable(); k > 0 {
		fixable = fmt.Sprintf(" (%d fixable: squadci lint --fix)", k)
	}
	fmt.Fprintf(c.Stderr, "squadci: %s: %s, %s, %s%s\n", plural.Form(run.Files, "file checked", "files checked"),
		plural.Count(e, "error"), plural.Count(w, "warning"), plural.Count(n, "note"), fixable)
	for _, s := range run.Adoption.Sentences() {
		fmt.Fprintf(c.Stderr, "squadci: %s\n", s)
	}
}

func exitCode(run *report.Run, failLevel diag.Severity) int {
	if failLevel == diag.SeverityOff {
		return exitOK
	}
	for _, f := range run.Findings {
		if f.Severity >= failLevel {
			return exitFindings
		}
	}
	return exitOK
}
