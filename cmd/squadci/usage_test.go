package main

import (
	"strings"
	"testing"
)

// TestUsageErrorsExit2 runs every subcommand through its usage errors: each
// exits 2 with a message that names the flag, input, argument or file that
// is wrong. A mistake in what a command was asked to do is never exit 1
// (findings) or 0.
func TestUsageErrorsExit2(t *testing.T) {
	dir := newRepo(t)
	for _, tc := range []struct {
		args  []string
		names string // what the message must name
		env   []string
	}{
		{[]string{}, "Usage", nil},
		{[]string{"bogus"}, `unknown command "bogus"`, nil},
		{[]string{"version", "extra"}, `"extra"`, nil},
		{[]string{"help", "bogus"}, `"bogus"`, nil},

		{[]string{"lint", "--format", "xml"}, `"xml"`, nil},
		{[]string{"lint", "--fail-level", "fatal"}, "--fail-level", nil},
		{[]string{"lint", "--color", "sometimes"}, "--color", nil},
		{[]string{"lint", "--output", "sarif"}, "--output", nil},
		{[]string{"lint", "--disable", "XX999"}, `"XX999"`, nil},
		{[]string{"lint", "--bogus"}, "-bogus", nil},
		{[]string{"lint", "missing.json"}, "missing.json", nil},
		{[]string{"lint", "--root", "nowhere"}, "--root nowhere", nil},
		{[]string{"lint", "--staged", "connectors/a.json"}, "--staged", nil},
		{[]string{"lint", "--config", "nope.yml"}, "nope.yml", nil},
		{[]string{"lint", "--diff"}, "--diff", nil},
		{[]string{"lint", "--fix", "--staged"}, "--staged", nil},
		{[]string{"lint", "--baseline", "nope.json"}, "nope.json", nil},
		{[]string{"lint", "--new-from-rev", "HEAD"}, "--new-from-rev", nil},
		{[]string{"lint", "--write-baseline", "b.json", "--new-from-rev", "HEAD"}, "--write-baseline", nil},
		{[]string{"lint", "--write-baseline", "b.json", "--fix"}, "--write-baseline", nil},

		{[]string{"rules", "--format", "yaml"}, `"yaml"`, nil},

		{[]string{"hook"}, "install|uninstall", nil},
		{[]string{"hook", "reinstall"}, "install|uninstall", nil},

		{[]string{"agentfile"}, "export", nil},
		{[]string{"agentfile", "export"}, "FILE", nil},
		{[]string{"agentfile", "export", "missing.agent.md"}, "missing.agent.md", nil},

		{[]string{"connector"}, "Usage", nil},
		{[]string{"connector", "bogus"}, `"bogus"`, nil},
		{[]string{"connector", "new"}, "--id", nil},
		{[]string{"connector", "new", "--id", "acme-x", "--role", "researcher", "--capability", "x", "--contact", "a@example.com", "--kind", "robot"}, "robot", nil},
		{[]string{"connector", "new", "stray"}, `"stray"`, nil},
		{[]string{"connector", "dispatch", "--connector", "acme-research-agent"}, "--role", nil},
		{[]string{"connector", "dispatch", "--connector", "nope", "--role", "researcher", "--task", "x", "--deliverable-root", "r/"}, `"nope"`, nil},
		{[]string{"connector", "dispatch", "--connector", "acme-research-agent", "--role", "developer", "--task", "x", "--deliverable-root", "r/", "--binding", "b", "--member", "M", "--squad-root", "s/"}, `"developer"`, nil},
		{[]string{"connector", "status", "--format", "yaml"}, `"yaml"`, nil},
		{[]string{"connector", "status", "--root", "nowhere"}, "nowhere", nil},
		{[]string{"connector", "merge"}, "DIR", nil},
		{[]string{"connector", "merge", "no-such-shard"}, "no-such-shard", nil},
		{[]string{"connector", "merge", "--format", "yaml", "."}, `"yaml"`, nil},

		{[]string{"poll", "--jobs", "0"}, "--jobs", nil},
		{[]string{"poll", "--fail-on", "sometimes"}, "--fail-on", nil},
		{[]string{"poll", "--root", "nowhere"}, "nowhere", nil},
		{[]string{"poll", "stray"}, `"stray"`, nil},
		{[]string{"poll", "--shard", "0/4"}, "I is 0", nil},
		{[]string{"poll", "--shard", "5/4"}, "I is 5", nil},
		{[]string{"poll", "--shard", "1/0"}, "N is 0", nil},
		{[]string{"poll", "--shard", "two/4"}, `"two/4" is not I/N`, nil},
		{[]string{"poll", "--shard", "2"}, `"2" is not I/N`, nil},
		{[]string{"resume", "--format", "yaml"}, `"yaml"`, nil},
		{[]string{"resume", "--lock-timeout", "soon"}, "-lock-timeout", nil},
		{[]string{"resume", "--notify", "pager"}, "--notify", nil},
		{[]string{"resume", "--root", "nowhere"}, "nowhere", nil},
		{[]string{"resume", "--notify", "comment"}, "--notify-issue", nil},
		{[]string{"resume", "--notify-issue", "forty-two"}, "--notify-issue", nil},
		{[]string{"resume", "--notify-deadline", "0s"}, "--notify-deadline must be positive", nil},
		{[]string{"resume", "--notify-timeout", "-1s"}, "--notify-timeout must be positive", nil},
		{[]string{"resume", "--notify-timeout", "soon"}, "-notify-timeout", nil},
		{[]string{"connector", "paths", "stray"}, `"stray"`, nil},
		{[]string{"connector", "paths", "--root", "nowhere"}, "nowhere", nil},
		{[]string{"connector", "archive", "--older-than", "soon"}, "soon", nil},
		{[]string{"connector", "archive", "--root", "nowhere"}, "nowhere", nil},
		{[]string{"connector", "archive", "stray"}, `"stray"`, nil},
		{[]string{"connector", "new", "--root", "nowhere", "--template"}, "nowhere", nil},
		{[]string{"connector", "dispatch", "--root", "nowhere", "--connector", "acme-research-agent", "--role", "researcher", "--task", "x", "--deliverable-root", "r/"}, "nowhere", nil},

		{[]string{"endpoint"}, "Usage", nil},
		{[]string{"endpoint", "bogus"}, `"bogus"`, nil},
		{[]string{"endpoint", "new"}, "--name", nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "--kind", "robot"}, "robot", nil},
		{[]string{"endpoint", "new", "--name", "Bad_Name", "--role", "researcher"}, `"Bad_Name"`, nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "scribe"}, `"scribe"`, nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "--worker", "w"}, "--worker", nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "developer", "--kind", "orchestrator"}, "--worker", nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "developer", "--kind", "orchestrator", "--worker", "w", "--worker", "w"}, `"w"`, nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "--skill", "../up"}, `"../up"`, nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "--connector", "Bad"}, `"Bad"`, nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "--connector", "acme-x"}, "--contact", nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "stray"}, `"stray"`, nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "--root", "nowhere"}, "nowhere", nil},
		{[]string{"endpoint", "new", "--name", "x", "--role", "researcher", "--connector", "acme-research-agent", "--contact", "a@example.com"}, "acme-research-agent", nil},
		{[]string{"endpoint", "adapt", "--role", "researcher", "--id", "acme-x", "--contact", "a@example.com"}, "--path", nil},
		{[]string{"endpoint", "adapt", "--path", "nowhere", "--role", "researcher", "--id", "acme-x", "--contact", "a@example.com"}, "nowhere", nil},
		{[]string{"endpoint", "adapt", "--path", ".", "--role", "researcher", "--id", "acme-x", "--contact", "a@example.com"}, "--path .", nil},
		{[]string{"endpoint", "adapt", "--path", "connectors", "--role", "researcher", "--id", "acme-x"}, "--contact", nil},
		{[]string{"endpoint", "adapt", "--path", "connectors", "--role", "researcher", "--contact", "a@example.com"}, "--id", nil},

		{[]string{"action", "extra"}, "INPUT_", nil},
		{[]string{"action"}, "mode", []string{"INPUT_MODE=deploy"}},
		{[]string{"action"}, "fail-level", []string{"INPUT_FAIL-LEVEL=fatal"}},
		{[]string{"action"}, "annotations", []string{"INPUT_ANNOTATIONS=yes"}},
		{[]string{"action"}, "working-directory", []string{"INPUT_WORKING-DIRECTORY=nowhere"}},
		{[]string{"action"}, "input review", []string{"INPUT_REVIEW=loud"}},
		{[]string{"action"}, "input review comment", []string{"INPUT_MODE=resume", "INPUT_REVIEW=comment"}},
		{[]string{"action"}, "input notify", []string{"INPUT_MODE=resume", "INPUT_NOTIFY=pager"}},
		{[]string{"action"}, "input notify-issue", []string{"INPUT_MODE=resume", "INPUT_NOTIFY=comment"}},
	} {
		name := strings.Join(append(append([]string{}, tc.env...), tc.args...), " ")
		t.Run(name, func(t *testing.T) {
			code, out, stderr := runEnv(t, dir, tc.env, tc.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, out, stderr)
			}
			if !strings.Contains(stderr, tc.names) {
				t.Errorf("stderr does not name %s:\n%s", tc.names, stderr)
			}
		})
	}
}
