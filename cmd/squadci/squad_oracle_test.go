package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/squadci/squadci/internal/testtool"
)

// The Squad CLI oracle (fidelity.md §1): every offline variant of the real
// `squad init` runs in a fresh git repository and its untouched output must
// lint with no error and no warning, except the findings squadOracleKnown
// lists, each with why. Nothing Squad writes is committed: it is generated
// here, in temporary directories, from the CLI that .ci/run installs.

// squadVariant is one way a user gets a squad from the CLI.
type squadVariant struct {
	name  string
	sub   string     // where the squad commands run, below the repository top ("" = the top)
	steps [][]string // squad arguments per step ("@dir" first: in that repository, beside the work dir); linkSDK and unlinkSDK are done by the test
	lint  []string   // lint roots relative to the repository top; nil = {sub or "."}
}

// linkSDK makes the installed squad-sdk resolvable from the project, as
// `npm i -D @bradygaster/squad-cli` would: `squad build` imports it from
// squad.config.ts. unlinkSDK removes it again before the lint.
var linkSDK, unlinkSDK = []string{"<link sdk>"}, []string{"<unlink sdk>"}

func steps(s ...string) [][]string {
	out := make([][]string, len(s))
	for i, line := range s {
		out[i] = strings.Fields(line)
	}
	return out
}

// squadVariants are the offline variants of fidelity.md §1 and the
// reference measurement (real-world-2026-12.md §B.2). None starts an agent,
// a loop, a server or reaches the network (the preload refuses DNS too).
var squadVariants = []squadVariant{
	{name: "init", steps: steps("init")},
	{name: "init-roles", steps: steps("init --roles")},
	{name: "init-sdk", steps: steps("init --sdk")},
	{name: "init-no-workflows", steps: steps("init --no-workflows")},
	{name: "init-preset-default", steps: steps("init --preset default")},
	{name: "init-sb-local", steps: steps("init --state-backend local")},
	{name: "init-sb-orphan", steps: steps("init --state-backend orphan")},
	{name: "init-sb-two-layer", steps: steps("init --state-backend two-layer")},
	{name: "init-upgrade", steps: steps("init", "upgrade")},
	{name: "init-upgrade-force", steps: steps("init", "upgrade --force")},
	{name: "init-upgrade-sb-orphan", steps: steps("init", "upgrade --state-backend orphan")},
	{name: "init-migrate-sdk", steps: steps("init", "migrate --to sdk")},
	{name: "init-sdk-build", steps: append(append(steps("init --sdk"), linkSDK), append(steps("build"), unlinkSDK)...)},
	{name: "init-migrate-sdk-build", steps: append(append(steps("init", "migrate --to sdk"), linkSDK), append(steps("build"), unlinkSDK)...)},
	{name: "init-preset-apply", steps: steps("init", "preset init", "preset apply default")},
	{name: "init-copilot", steps: steps("init", "copilot")},
	{name: "init-copilot-auto", steps: steps("init", "copilot --auto-assign")},
	{name: "init-economy-on", steps: steps("init", "economy on")},
	{name: "init-config-model", steps: steps("init", "config model claude-sonnet-4.6", "config model claude-haiku-4.5 --agent scribe")},
	{name: "init-schedule", steps: steps("init", "schedule init")},
	{name: "init-twice", steps: steps("init", "init")},
	{name: "init-mcp-frontmatter", steps: steps("init --mcp-frontmatter")},
	{name: "init-sb-external", steps: steps("init --state-backend external")},
	{name: "init-nap", steps: steps("init", "nap")},
	{name: "init-memory-write", steps: steps("init", "memory write --content pnpm-workspaces --class LOCAL")},
	{name: "init-externalize", steps: steps("init", "externalize")},
	{name: "init-upstream-local", steps: steps("@../team init", "init", "upstream add ../team")},
	{name: "init-marketplace", steps: steps("init", "plugin marketplace add example-org/example-plugins")},
	{name: "init-remote-mode", steps: steps("@../team init", "init --mode remote ../team")},
	{name: "init-link", steps: steps("@../team init", "init", "link ../team")},
	{name: "init-global", steps: steps("init --global"), lint: []string{"../home/.config/squad"}},
	{name: "init-export-import", steps: steps("@../src init --preset default", "@../src export --out ../export.json", "import ../export.json")},
	{name: "export-import-upgrade", steps: steps("@../src init --preset default", "@../src export --out ../export.json", "import ../export.json", "upgrade")},
	{name: "monorepo-subdir", sub: "packages/app", steps: steps("init"), lint: []string{".", "packages/app"}},
}

// squadOracleKnown lists the errors and warnings expected on Squad's own
// output, per variant, as "lint-root: RULE severity path[ ×N]" (the lint
// root is "." unless the variant lints several). Each is a true defect of
// what Squad wrote, with the reason: a user should know, and the fix is
// upstream. A squadci false positive not yet fixed would be listed here as
// "not yet fixed (squadci false positive)"; there are none. Every variant
// not listed lints with no error and no warning. The test fails when a
// finding appears that is not listed and when a listed one disappears: a
// ratchet, never a silent skip.
var squadOracleKnown = map[string][]string{
	"init-migrate-sdk-build": {
		".: SS210 warning .squad/team.md", // true defect of Squad's output: `squad build` with an empty roster omits ## Members (squad doctor warns too)
	},
	"init-export-import": {
		".: SS209 warning .squad/team.md", // true defect of Squad's output: `squad import` writes only .squad/, no coordinator (squad doctor fails too; `squad upgrade` restores it)
		".: SS250 warning .squad/team.md", // true defect of Squad's output: import writes no .gitattributes, so append-only files conflict on merge until `squad upgrade`
		".: SS251 warning .squad/team.md", // true defect of Squad's output: import writes no .gitignore for the runtime directories until `squad upgrade`
	},
	"init-mcp-frontmatter": {
		".: AF109 warning .github/agents/squad.agent.md", // true defect of Squad's output: the hidden --mcp-frontmatter flag writes an EXAMPLE-github server with env GITHUB_TOKEN: ${GITHUB_TOKEN}; GitHub resolves only COPILOT_MCP_* names for agent-profile MCP servers
	},
}

// offlineJS is preloaded into every Squad process: it refuses to resolve
// any host but loopback, so a command cannot reach the network (init probes
// the npm registry for its own version; offline it falls back by design).
const offlineJS = `const dns = require('node:dns');
const local = (h) => h === 'localhost' || h === '127.0.0.1' || h === '::1';
const refused = (h) => Object.assign(new Error('squadci oracle: network disabled, ' + h + ' not resolved'), { code: 'ENOTFOUND' });
const lookup = dns.lookup;
dns.lookup = function (host, opts, cb) {
  if (local(host)) return lookup.apply(this, arguments);
  process.nextTick(typeof opts === 'function' ? opts : cb, refused(host));
};
const plookup = dns.promises.lookup;
dns.promises.lookup = async function (host, ...rest) {
  if (local(host)) return plookup.call(this, host, ...rest);
  throw refused(host);
};
require('node:module').syncBuiltinESMExports();
`

func TestSquadCLIOracle(t *testing.T) {
	sq := testtool.Squad(t)
	testtool.LookPath(t, "git", "install git")
	preload := filepath.Join(t.TempDir(), "offline.cjs")
	if err := os.WriteFile(preload, []byte(offlineJS), 0o644); err != nil {
		t.Fatal(err)
	}
	// Most variants start with a plain `squad init` at the top: it runs
	// once, and those variants start from a copy of its repository and
	// HOME (init writes no absolute path, only timestamps).
	plain := squadVariant{name: "plain-init", steps: steps("init")}
	plainBase := filepath.Dir(runSquadVariant(t, sq, preload, plain, ""))
	seen := map[string]bool{}
	for _, v := range squadVariants {
		seen[v.name] = true
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			from := ""
			if v.sub == "" && len(v.steps) > 0 && strings.Join(v.steps[0], " ") == "init" {
				from, v.steps = plainBase, v.steps[1:]
			}
			top := runSquadVariant(t, sq, preload, v, from)
			got := lintSquadVariant(t, top, v)
			compareKnown(t, got, squadOracleKnown[v.name])
		})
	}
	for name := range squadOracleKnown {
		if !seen[name] {
			t.Errorf("squadOracleKnown lists %q, which is no variant", name)
		}
	}
}

// runSquadVariant makes a fresh repository with its own HOME and runs the
// variant's steps in it; it returns the repository top. With from, the
// repository and HOME start as copies of from's (a base an earlier
// runSquadVariant made) instead of empty.
func runSquadVariant(t *testing.T, sq testtool.SquadInstall, preload string, v squadVariant, from string) string {
	t.Helper()
	base := t.TempDir()
	top, home := filepath.Join(base, "proj"), filepath.Join(base, "home")
	work := filepath.Join(top, filepath.FromSlash(v.sub))
	if from != "" {
		for _, d := range []string{"proj", "home"} {
			if err := os.CopyFS(filepath.Join(base, d), os.DirFS(filepath.Join(from, d))); err != nil {
				t.Fatalf("copying the plain init's %s: %v", d, err)
			}
		}
	}
	for _, d := range []string{work, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{
		"PATH=" + sq.NodeBin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + home, "NO_COLOR=1", "TERM=dumb", "NODE_OPTIONS=--require " + preload,
		"GIT_AUTHOR_NAME=oracle", "GIT_AUTHOR_EMAIL=oracle@example.com",
		"GIT_COMMITTER_NAME=oracle", "GIT_COMMITTER_EMAIL=oracle@example.com",
		"GIT_CONFIG_NOSYSTEM=1",
	}
	if from == "" {
		runIn(t, top, env, "git", "init", "-q")
	}
	link := filepath.Join(work, "node_modules", "@bradygaster", "squad-sdk")
	for _, step := range v.steps {
		switch step[0] {
		case linkSDK[0]:
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(sq.SDK, link); err != nil {
				t.Fatal(err)
			}
		case unlinkSDK[0]:
			if err := os.RemoveAll(filepath.Join(work, "node_modules")); err != nil {
				t.Fatal(err)
			}
		default:
			dir := work
			if at, ok := strings.CutPrefix(step[0], "@"); ok {
				dir, step = filepath.Join(work, filepath.FromSlash(at)), step[1:]
				if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
					if err := os.MkdirAll(dir, 0o755); err != nil {
						t.Fatal(err)
					}
					runIn(t, dir, env, "git", "init", "-q")
				}
			}
			runIn(t, dir, env, filepath.Join(sq.NodeBin, "node"), append([]string{sq.CLI}, step...)...)
		}
	}
	return top
}

// runIn runs one command with stdin from /dev/null and a timeout.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, env, nil // nil stdin reads /dev/null
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), dir, err, out)
	}
}

// lintSquadVariant lints each root of the variant in-process and returns
// its errors and warnings as "root: RULE severity path" (with " ×N" when
// the file has N of them), with messages for the failure output.
func lintSquadVariant(t *testing.T, top string, v squadVariant) map[string]string {
	t.Helper()
	roots := v.lint
	if roots == nil {
		roots = []string{"."}
	}
	msgs := map[string][]string{}
	for _, r := range roots {
		code, stdout, stderr := run(t, top, "lint", filepath.Join(top, filepath.FromSlash(r)), "--format", "json")
		if code != exitOK && code != exitFindings {
			t.Fatalf("lint %s exited %d: %s", r, code, stderr)
		}
		var rep struct {
			Files       int
			Diagnostics []struct{ Rule, Severity, Path, Message string }
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("lint %s: %v\n%s", r, err, stdout)
		}
		if rep.Files == 0 {
			t.Fatalf("lint %s checked no file: the variant wrote no squad there", r)
		}
		for _, d := range rep.Diagnostics {
			if d.Severity != "error" && d.Severity != "warning" {
				continue
			}
			key := fmt.Sprintf("%s: %s %s %s", r, d.Rule, d.Severity, d.Path)
			msgs[key] = append(msgs[key], d.Message)
		}
	}
	got := map[string]string{}
	for key, ms := range msgs {
		if len(ms) > 1 {
			key += fmt.Sprintf(" ×%d", len(ms))
		}
		got[key] = "\n      " + strings.Join(ms, "\n      ")
	}
	return got
}

// compareKnown fails on every finding not listed and every listed one gone.
func compareKnown(t *testing.T, got map[string]string, known []string) {
	t.Helper()
	want := map[string]bool{}
	for _, k := range known {
		want[k] = true
	}
	var extra, gone []string
	for k, msg := range got {
		if !want[k] {
			extra = append(extra, k+msg)
		}
	}
	for k := range want {
		if _, ok := got[k]; !ok {
			gone = append(gone, k)
		}
	}
	sort.Strings(extra)
	sort.Strings(gone)
	for _, k := range extra {
		t.Errorf("Squad's own output gets a finding not in squadOracleKnown:\n  %s", k)
	}
	for _, k := range gone {
		t.Errorf("squadOracleKnown lists a finding no longer reported (remove it):\n  %s", k)
	}
}
