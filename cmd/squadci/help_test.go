package main

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

// helpTargets are the words of every command and subcommand with a help
// page: each registered command, each connector and endpoint subcommand,
// agentfile export.
func helpTargets() [][]string {
	var out [][]string
	for _, name := range commandNames() {
		out = append(out, []string{name})
	}
	var subs []string
	for name := range connectorCommands {
		subs = append(subs, name)
	}
	sort.Strings(subs)
	for _, name := range subs {
		out = append(out, []string{"connector", name})
	}
	out = append(out, []string{"endpoint", "adapt"}, []string{"endpoint", "new"})
	return append(out, []string{"agentfile", "export"})
}

var exitCodeLine = regexp.MustCompile(`^  [0-3]  \S`)

// TestHelpCommandEqualsDashDashHelp: `squadci help CMD` prints exactly what
// `squadci CMD --help` prints, on stdout with exit 0, for every command; the
// text starts with the usage line and ends with the exit codes.
func TestHelpCommandEqualsDashDashHelp(t *testing.T) {
	dir := t.TempDir()
	for _, words := range helpTargets() {
		name := strings.Join(words, " ")
		t.Run(name, func(t *testing.T) {
			if _, ok := helpPages[name]; !ok {
				t.Fatalf("no help page for %q", name)
			}
			code, out, errOut := run(t, dir, append(words, "--help")...)
			hcode, hout, herr := run(t, dir, append([]string{"help"}, words...)...)
			if code != exitOK || hcode != exitOK || errOut != "" || herr != "" {
				t.Fatalf("--help exit %d stderr %q; help exit %d stderr %q", code, errOut, hcode, herr)
			}
			if out != hout {
				t.Errorf("help %s differs from %s --help:\n%s\n---\n%s", name, name, hout, out)
			}
			if !strings.HasPrefix(out, "Usage: squadci "+words[0]) {
				t.Errorf("no usage line:\n%s", out)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			i := len(lines) - 1
			for i >= 0 && exitCodeLine.MatchString(lines[i]) {
				i--
			}
			if i < 0 || lines[i] != "Exit codes:" || i == len(lines)-1 {
				t.Errorf("help does not end with its exit codes:\n%s", out)
			}
			for _, spelling := range []string{"-h", "-help"} {
				if _, again, _ := run(t, dir, append(words, spelling)...); again != out {
					t.Errorf("%s %s differs from --help", name, spelling)
				}
			}
		})
	}
}

func TestHelpUsageAndUnknown(t *testing.T) {
	dir := t.TempDir()
	_, usage, _ := run(t, dir, "--help")
	code, out, errOut := run(t, dir, "help")
	if code != exitOK || out != usage || errOut != "" || !strings.Contains(out, "squadci lint") {
		t.Errorf("help alone: exit %d\n%s%s", code, out, errOut)
	}
	for _, args := range [][]string{{"help", "frobnicate"}, {"help", "lnt"}, {"lnt"}, {"help", "lint", "a", "b"}} {
		code, out, errOut := run(t, dir, args...)
		if code != exitUsage || out != "" || errOut == "" {
			t.Errorf("%v: exit %d stdout %q stderr %q", args, code, out, errOut)
		}
	}
	if _, _, errOut := run(t, dir, "help", "lnt"); !strings.Contains(errOut, `unknown command "lnt" (did you mean "lint"?)`) {
		t.Errorf("no did-you-mean: %s", errOut)
	}
	if code, _, errOut := run(t, dir, "help", "connector", "nope"); code != exitUsage || !strings.Contains(errOut, `unknown connector command "nope"`) {
		t.Errorf("help connector nope: exit %d %s", code, errOut)
	}
}

func TestHelpTexts(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"hook", "--help"}, []string{"install", "uninstall", "--force", "core.hooksPath"}},
		{[]string{"lint", "--help"}, []string{"a single directory argument is the root", "narrows what is reported",
			"--staged         takes no PATH", "-fail-level", "Exit codes:\n  0  nothing at or above the fail level\n  1  findings"}},
		{[]string{"rules", "--help"}, []string{"With ID", "fixability"}},
		{[]string{"agentfile", "export", "--help"}, []string{"every reason", "  2  usage error, or FILE cannot be read"}},
		{[]string{"connector", "--help"}, []string{"squadci connector new", "squadci connector dispatch", "squadci connector status"}},
	}
	for _, tc := range cases {
		_, out, _ := run(t, dir, tc.args...)
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v lacks %q:\n%s", tc.args, w, out)
			}
		}
	}
}

// TestFlagMistakeIsOneMessage: a bad flag is reported once, on stderr,
// without the flag package's own dump of every flag.
func TestFlagMistakeIsOneMessage(t *testing.T) {
	code, out, errOut := run(t, t.TempDir(), "lint", "--nope")
	if code != exitUsage || out != "" || errOut != "squadci: flag provided but not defined: -nope\n" {
		t.Errorf("exit %d stdout %q stderr %q", code, out, errOut)
	}
}
