//go:build unix

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// envSecret is what the tests pass as MY_TOKEN: not credential-shaped, so
// only the value masking can hide it.
const envSecret = "correct-horse-battery-staple"

// envAdapter dumps its environment to env-dump.txt in the repository
// root, prints the token on stdout and stderr, and fails, so every poll
// runs it again (a retry).
const envAdapter = "#!/bin/sh\nenv > env-dump.txt\necho \"token: $MY_TOKEN\"\necho \"again $MY_TOKEN!\" >&2\nexit 1\n"

// envRepo is a repository with one waiting task whose adapter lists
// MY_TOKEN and a name that is not set.
func envRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	writeTasks(t, root, 1, func(int) taskKind { return kindWaiting })
	writeFile(t, root, "env.sh", envAdapter)
	writeFile(t, root, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"sh\", \"env.sh\"]\n    env: [MY_TOKEN, NOT_SET_HERE]\n")
	return root
}

// squadciEnv is squadci's environment in these tests: the five inherited
// variables, the listed token, and variables nobody listed.
func squadciEnv() []string {
	return []string{"PATH=" + os.Getenv("PATH"), "HOME=/home/tester", "TMPDIR=" + os.TempDir(), "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
		"MY_TOKEN=" + envSecret, "OTHER_SECRET=unlisted-value-1234", "GITHUB_TOKEN=ghs_unlistedunlistedunlisted", "SQUADCI_DEBUG=1", "NO_COLOR=1"}
}

// dumpedNames are the names in the adapter's env dump, without those the
// shell sets itself.
func dumpedNames(t *testing.T, root string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "env-dump.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, line := range strings.Split(string(data), "\n") {
		name, _, ok := strings.Cut(line, "=")
		if ok && !slices.Contains([]string{"PWD", "OLDPWD", "SHLVL", "_"}, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// An adapter with env: [MY_TOKEN] sees MY_TOKEN and, of squadci's
// environment, only the five inherited variables; what it prints of the
// value is masked in every format of poll, and the unset name is a
// warning that is not fatal.
func TestPollAdapterEnvPassedAndMasked(t *testing.T) {
	root := envRepo(t)
	want := []string{"HOME", "LANG", "LC_ALL", "MY_TOKEN", "PATH", "SQUADCI_DELIVERABLE_ROOT", "SQUADCI_REQUEST", "SQUADCI_TASK_ID", "TMPDIR"}
	for _, args := range [][]string{{"poll"}, {"poll", "-v"}, {"poll", "--format", "json"}, {"poll", "-v", "--format", "json"}} {
		os.Remove(filepath.Join(root, "env-dump.txt"))
		var out, errb strings.Builder
		c := &Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: root, Env: squadciEnv()}
		code := c.Main(append([]string{"squadci"}, args...))
		if code != exitFindings {
			t.Errorf("%v: exit %d, want 1 (the adapter failed)\n%s", args, code, errb.String())
		}
		if got := dumpedNames(t, root); !slices.Equal(got, want) {
			t.Errorf("%v: the adapter saw %v, want %v", args, got, want)
		}
		all := out.String() + errb.String()
		if strings.Contains(all, envSecret) || strings.Contains(all, "horse-battery") {
			t.Errorf("%v shows the passed value:\n%s", args, all)
		}
		if slices.Contains(args, "-v") && (!strings.Contains(all, "token: ***") || !strings.Contains(all, "again ***!")) {
			t.Errorf("%v: the output tail does not show the masked value:\n%s", args, all)
		}
		if n := strings.Count(errb.String(), "NOT_SET_HERE"); n != 1 || !strings.Contains(errb.String(), "warning: NOT_SET_HERE, listed for the adapter of acme-research-agent, is not set") {
			t.Errorf("%v: the unset name is warned %d times:\n%s", args, n, errb.String())
		}
	}
}

// The action passes the config's names and adapter-env's, registers each
// value with ::add-mask:: before the poll starts, and never shows a value
// elsewhere: not in the log, the annotations, the summary, the outputs or
// the report file.
func TestActionAdapterEnvMasked(t *testing.T) {
	root := envRepo(t)
	writeFile(t, root, ".squadci.yml", "version: 1\nadapters:\n  acme-research-agent:\n    command: [\"sh\", \"env.sh\"]\n")
	env, output, summary := actionEnv(t, map[string]string{"mode": "scheduled", "adapter-env": "\nacme-research-agent: MY_TOKEN\nGITHUB_TOKEN\n"})
	env = append(append(env, squadciEnv()...), "INPUT_GITHUB-TOKEN=ghs_inputtokeninputtoken")
	env = slices.DeleteFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "GITHUB_TOKEN=") })
	code, stdout, stderr := runAction(t, root, env)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	got := dumpedNames(t, root)
	if !slices.Contains(got, "MY_TOKEN") || !slices.Contains(got, "GITHUB_TOKEN") || slices.Contains(got, "OTHER_SECRET") {
		t.Errorf("the adapter saw %v", got)
	}
	masks := []string{"::add-mask::" + envSecret, "::add-mask::ghs_inputtokeninputtoken"}
	for _, m := range masks {
		if i := strings.Index(stdout, m); i < 0 || i > strings.Index(stdout, "::group::squadci poll") {
			t.Errorf("%q is not registered before the poll:\n%s", m, stdout)
		}
	}
	shown := stdout + stderr
	for _, m := range masks {
		shown = strings.ReplaceAll(shown, m, "")
	}
	report := filepath.Join(filepath.Dir(output), "squadci-scheduled.json")
	for _, f := range []string{output, summary, report} {
		data, _ := os.ReadFile(f)
		shown += string(data)
	}
	if strings.Contains(shown, envSecret) || strings.Contains(shown, "inputtoken") {
		t.Errorf("a passed value is shown:\n%s", shown)
	}
	if !strings.Contains(stdout, "token: ***") {
		t.Errorf("the log does not show the masked output tail:\n%s", stdout)
	}
}

// Bad adapter-env entries are usage errors naming the line; a short value
// is passed with a warning that it cannot be masked.
func TestActionAdapterEnvInput(t *testing.T) {
	tests := []struct{ name, input, want string }{
		{"bad name", "MY-TOKEN", `input adapter-env, line 1: "MY-TOKEN" is not a variable name`},
		{"reserved", "MY_TOKEN\n\nSQUADCI_REQUEST", `input adapter-env, line 3: "SQUADCI_REQUEST": SQUADCI_* variables are set by the poll itself`},
		{"unknown adapter", "acme-reserch-agent: MY_TOKEN", `input adapter-env, line 1: "acme-reserch-agent" has no adapter in the configuration (adapters: acme-research-agent)`},
		{"inherited", "PATH", `"PATH" is inherited by every adapter already`},
	}
	root := envRepo(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			env, _, _ := actionEnv(t, map[string]string{"mode": "poll", "adapter-env": tc.input})
			code, stdout, stderr := runAction(t, root, append(env, squadciEnv()...))
			if code != exitUsage || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, want 2 with %q\n%s\n%s", code, tc.want, stdout, stderr)
			}
		})
	}
	env, _, _ := actionEnv(t, map[string]string{"mode": "lint", "adapter-env": "MY_TOKEN"})
	if code, _, stderr := runAction(t, root, env); code != exitUsage || !strings.Contains(stderr, "mode lint runs none") {
		t.Errorf("adapter-env in mode lint: exit %d\n%s", code, stderr)
	}
	env, _, _ = actionEnv(t, map[string]string{"mode": "poll", "adapter-env": "MY_PIN"})
	code, stdout, _ := runAction(t, root, append(env, append(squadciEnv(), "MY_PIN=123")...))
	if code != exitFindings || !strings.Contains(stdout, "::warning::MY_PIN is passed to its adapter, but its value is shorter than 4 characters") ||
		strings.Contains(stdout, "::add-mask::123") || !slices.Contains(dumpedNames(t, root), "MY_PIN") {
		t.Errorf("short value: exit %d\n%s", code, stdout)
	}
}
