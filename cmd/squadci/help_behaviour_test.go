package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// flagUsage matches a flag and its usage in PrintDefaults' output.
var flagUsage = regexp.MustCompile(`(?m)^  -([a-z-]+)[^\n]*\n    \t([^\n]*)`)

// requiredFlags are the flags a help text marks "(required…)" with the
// condition that follows, if any ("", "by a 1.1 connector", …).
func requiredFlags(help string) map[string]string {
	out := map[string]string{}
	for _, m := range flagUsage.FindAllStringSubmatch(help, -1) {
		if i := strings.Index(m[2], "(required"); i >= 0 {
			cond := strings.TrimSuffix(strings.TrimPrefix(m[2][i+len("(required"):], ","), ")")
			out[m[1]] = strings.TrimSpace(cond)
		}
	}
	return out
}

// outsideBrackets reports whether the synopsis names --flag outside any
// [...].
func outsideBrackets(synopsis, flag string) bool {
	depth := 0
	for i := 0; i < len(synopsis); i++ {
		switch synopsis[i] {
		case '[':
			depth++
		case ']':
			depth--
		}
		if depth == 0 && strings.HasPrefix(synopsis[i:], "--"+flag) {
			end := i + 2 + len(flag)
			if end == len(synopsis) || synopsis[end] == ' ' {
				return true
			}
		}
	}
	return false
}

// requiredContext are the arguments a command needs for its conditional
// requirements to apply, in a repository with a 1.1 connector.
var requiredContext = map[string][]string{
	"connector dispatch": {"--connector", "acme-research-agent"},
	"endpoint new":       {"--connector", "acme-new"},
}

// TestHelpWalk walks every command's help against its behaviour: a flag
// marked required is shown unbracketed in the usage line (unless only with
// another flag), and leaving it out is a usage error (exit 2, a code the
// help lists) that names it exactly once; the group pages list every exit
// code their subcommands do.
func TestHelpWalk(t *testing.T) {
	dir := newRepo(t)
	for _, words := range helpTargets() {
		name := strings.Join(words, " ")
		t.Run(name, func(t *testing.T) {
			_, help, _ := run(t, dir, append(words, "--help")...)
			req := requiredFlags(help)
			if len(req) == 0 {
				return
			}
			synopsis := strings.TrimPrefix(strings.SplitN(help, "\n", 2)[0], "Usage: squadci ")
			for f, cond := range req {
				if !strings.HasPrefix(cond, "with --") && !outsideBrackets(synopsis, f) {
					t.Errorf("--%s is required (%q) but the usage line shows it optional: %s", f, cond, synopsis)
				}
			}
			code, out, stderr := run(t, dir, append(words, requiredContext[name]...)...)
			if code != exitUsage || !listsExit(name, code) {
				t.Fatalf("without its required flags: exit %d\n%s%s", code, out, stderr)
			}
			for f := range req {
				if slices.Contains(requiredContext[name], "--"+f) {
					continue
				}
				if n := strings.Count(stderr, "--"+f+" "); n != 1 {
					t.Errorf("--%s named %d times:\n%s", f, n, stderr)
				}
			}
			if strings.Contains(stderr, `""`) {
				t.Errorf("an empty value reported besides the missing flag:\n%s", stderr)
			}
		})
	}
	for _, group := range []string{"connector", "endpoint", "agentfile"} {
		want := []int{exitOK, exitUsage}
		for key, page := range helpPages {
			if strings.HasPrefix(key, group+" ") {
				for _, e := range page.exits {
					want = append(want, e.code)
				}
			}
		}
		slices.Sort(want)
		want = slices.Compact(want)
		var got []int
		for _, e := range helpPages[group].exits {
			got = append(got, e.code)
		}
		if !slices.Equal(got, want) {
			t.Errorf("help %s lists exit codes %v; its commands exit %v", group, got, want)
		}
	}
}

// listsExit reports whether the help of command key lists code.
func listsExit(key string, code int) bool {
	for _, e := range helpPages[key].exits {
		if e.code == code {
			return true
		}
	}
	return false
}

// TestExitCodesAreListed: what commands do on mistakes is what their help
// says: each exit code below is listed on the command's page, and a file
// argument that is missing is named with its path.
func TestExitCodesAreListed(t *testing.T) {
	dir := newRepo(t)
	for _, tc := range []struct {
		key  string
		args []string
		code int
		says string
	}{
		{"connector receipt", []string{"connector", "receipt", "reports/none.request.json"}, exitUsage, "reports/none.request.json: no such file"},
		{"connector receipt", []string{"connector", "receipt"}, exitUsage, "takes one request path"},
		{"poll", []string{"poll", "--interval", "0s"}, exitUsage, "--interval must be positive"},
		{"poll", []string{"poll", "--interval", "-5m"}, exitUsage, "--interval must be positive"},
		{"connector", []string{"connector"}, exitUsage, "Usage: squadci connector"},
		{"connector merge", []string{"connector", "merge", "no-such-shard"}, exitUsage, "no-such-shard"},
		{"agentfile export", []string{"agentfile", "export", "no-such.agent.md"}, exitUsage, "no-such.agent.md"},
	} {
		code, out, stderr := run(t, dir, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.says) {
			t.Errorf("%v: exit %d, want %d saying %q\n%s%s", tc.args, code, tc.code, tc.says, out, stderr)
		}
		if !listsExit(tc.key, code) {
			t.Errorf("%v exits %d, which help %s does not list", tc.args, code, tc.key)
		}
	}
}
