package main

import (
	"cmp"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// installTools finds bash and curl, which scripts/install.sh runs with.
func installTools(t testing.TB) (bash string) {
	t.Helper()
	bash = testtool.LookPath(t, "bash", "apt-get install bash")
	testtool.LookPath(t, "curl", "apt-get install curl")
	return bash
}

// TestInstallScriptDownloads: a release tag installs the release's binary,
// verified, and says so in one line on stdout; through RUNNER_OS and
// RUNNER_ARCH, through uname without them, and under the default base URL
// built from GITHUB_SERVER_URL and SQUADCI_REPOSITORY.
func TestInstallScriptDownloads(t *testing.T) {
	bash := installTools(t)
	h := host(t)
	r := testRelease(t, h)
	runner := []string{"RUNNER_OS=" + h.runnerOS, "RUNNER_ARCH=" + h.runnerArch}
	for _, tc := range []struct {
		name   string
		prefix string // the server's path before /<tag>/
		env    func(url string) []string
	}{
		{"runner variables", "", func(url string) []string { return append(runner, "SQUADCI_DOWNLOAD_BASE="+url) }},
		{"uname", "/mirror", func(url string) []string { return []string{"SQUADCI_DOWNLOAD_BASE=" + url + "/mirror/"} }},
		{"default base", "/acme/squadci/releases/download", func(url string) []string {
			return append(runner, "GITHUB_SERVER_URL="+url, "SQUADCI_REPOSITORY=acme/squadci")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := serveRelease(t, r, serveOpts{prefix: tc.prefix})
			dir := filepath.Join(t.TempDir(), "bin")
			tmp := t.TempDir()
			stdout, stderr, code := runInstall(t, bash, installEnv(append(tc.env(srv.URL), "RUNNER_TEMP="+tmp)...), r.tag(), dir)
			bin := filepath.Join(dir, h.exe())
			if code != 0 || stdout != "installed "+bin+"\n" {
				t.Fatalf("exit %d, stdout %q; want 0 and %q\nstderr:\n%s", code, stdout, "installed "+bin+"\n", stderr)
			}
			if !strings.Contains(stderr, "verified "+r.archive+": sha256 "+sha256Hex(r.files[r.archive])) {
				t.Errorf("stderr does not report the verified digest:\n%s", stderr)
			}
			runVersion(t, bin)
			if n := srv.requests.Load(); n != 2 {
				t.Errorf("%d requests; want 2 (the archive, checksums.txt)", n)
			}
			assertEntries(t, dir, h.exe())
			assertEntries(t, tmp)
		})
	}
}

// scriptTools are the programs install.sh runs besides a SHA-256 tool.
var scriptTools = []string{"uname", "mktemp", "curl", "cat", "basename", "tr", "tar", "gzip", "unzip",
	"find", "sort", "paste", "mkdir", "cp", "chmod", "mv", "rm"}

// TestInstallScriptDigestTools: the script verifies with sha256sum, else
// shasum -a 256, else openssl dgst -sha256; with none it refuses to
// install. Each case runs with a PATH holding only the script's other
// tools and that one.
func TestInstallScriptDigestTools(t *testing.T) {
	bash := installTools(t)
	h := host(t)
	r := testRelease(t, h)
	for _, digest := range []string{"sha256sum", "shasum", "openssl", ""} {
		t.Run(cmp.Or(digest, "none"), func(t *testing.T) {
			bin, tools := t.TempDir(), scriptTools
			if digest != "" {
				tools = append(slices.Clip(tools), digest)
			}
			for _, tool := range tools {
				if p, err := exec.LookPath(tool); err == nil {
					if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
						t.Fatal(err)
					}
				} else if tool == digest {
					testtool.Missing(t, digest, "apt-get install coreutils")
				}
			}
			srv := serveRelease(t, r, serveOpts{})
			dir := filepath.Join(t.TempDir(), "bin")
			// exec keeps the last PATH= of the environment.
			env := installEnv("PATH="+bin, "RUNNER_OS="+h.runnerOS, "RUNNER_ARCH="+h.runnerArch,
				"SQUADCI_DOWNLOAD_BASE="+srv.URL, "RUNNER_TEMP="+t.TempDir())
			stdout, stderr, code := runInstall(t, bash, env, r.tag(), dir)
			if digest == "" {
				if want := "cannot verify " + r.archive + ": no sha256sum, shasum or openssl on PATH"; code == 0 || !strings.Contains(stderr, want) {
					t.Errorf("exit %d; want non-zero and %q:\n%s", code, want, stderr)
				}
				assertEntries(t, dir)
				return
			}
			if code != 0 || !strings.Contains(stderr, "verified "+r.archive+": sha256 "+sha256Hex(r.files[r.archive])) {
				t.Errorf("exit %d, stdout %q; want the verified digest:\n%s", code, stdout, stderr)
			}
		})
	}
}

// TestInstallScriptFailures: each way a release's download or check can
// fail exits non-zero with its own message, prints nothing on stdout and
// leaves nothing in DIR (nor in the temporary directory).
func TestInstallScriptFailures(t *testing.T) {
	bash := installTools(t)
	h := host(t)
	good := testRelease(t, h)
	a, tag := good.archive, good.tag()
	readme := archiveFile{"README.md", 0o644, []byte("# squadci\n")}
	flipped := append([]byte(nil), good.files[a]...)
	flipped[len(flipped)/2] ^= 0xff
	tampered := good.withFile(a, flipped)
	noChecksums := good.clone()
	delete(noChecksums.files, "checksums.txt")
	noArchive := good.clone()
	delete(noArchive.files, a)
	for _, tc := range []struct {
		name string
		r    release
		o    serveOpts
		want string // in stderr; {base} is the server's URL
	}{
		{"tampered archive", tampered, serveOpts{},
			"checksum mismatch for " + a + ": checksums.txt says sha256 " + sha256Hex(good.files[a]) + ", the download has " + sha256Hex(tampered.files[a])},
		{"no checksum line", good.editChecksumLine(func(string) string { return "" }), serveOpts{},
			"wrong checksum line: checksums.txt ({base}/" + tag + "/checksums.txt) has no line for " + a + " (it lists: "},
		{"empty checksums.txt", good.withFile("checksums.txt", nil), serveOpts{},
			"wrong checksum line: checksums.txt ({base}/" + tag + "/checksums.txt) has no line for " + a + " (it lists: nothing)"},
		{"malformed digest", good.editChecksumLine(func(d string) string { return d[:63] + "  " + a }), serveOpts{},
			"wrong checksum line: checksums.txt ({base}/" + tag + "/checksums.txt) line "},
		{"404 archive", noArchive, serveOpts{},
			"no release archive " + a + " for " + tag + ": HTTP 404 from {base}/" + tag + "/" + a},
		{"404 checksums.txt", noChecksums, serveOpts{},
			"no checksums.txt for " + tag + ": HTTP 404 from {base}/" + tag + "/checksums.txt"},
		{"403 archive", good, serveOpts{status: map[string]int{a: 403}},
			"downloading the archive for " + tag + " failed: HTTP 403 from {base}/" + tag + "/" + a},
		{"truncated archive", good, serveOpts{truncate: a},
			"the download of " + a + " was cut short: {base}/" + tag + "/" + a + " sent fewer bytes than it announced"},
		{"archive without the binary", good.withArchive(t, h, []archiveFile{readme, {"LICENSE", 0o644, []byte("MIT\n")}}), serveOpts{},
			a + " holds no " + h.exe() + " at its root (it holds: LICENSE README.md)"},
		{"binary that is a symlink", good.withArchive(t, h, []archiveFile{{h.exe(), int64(os.ModeSymlink | 0o777), []byte("/bin/sh")}, readme}), serveOpts{},
			"the " + h.exe() + " in " + a + " is a symlink to /bin/sh, not a regular file; only a file the checksum covered is installed"},
		{"binary that is a relative symlink", good.withArchive(t, h, []archiveFile{{"real", 0o755, []byte("#!/bin/sh\necho squadci 1.0.0\n")}, {h.exe(), int64(os.ModeSymlink | 0o777), []byte("real")}}), serveOpts{},
			"the " + h.exe() + " in " + a + " is a symlink to real, not a regular file"},
		{"binary that is a directory", good.withArchive(t, h, []archiveFile{{h.exe(), int64(os.ModeDir | 0o755), nil}, readme}), serveOpts{},
			"the " + h.exe() + " in " + a + " is a directory, not a regular file"},
		{"a word after the archive's name", good.editChecksumLine(func(d string) string { return d + "  " + a + " x" }), serveOpts{},
			"wrong checksum line: checksums.txt ({base}/" + tag + "/checksums.txt) has no line for " + a + " (it lists: {and}\"" + a + " x\""},
		{"the archive listed twice", good.editChecksumLine(func(d string) string { return d + "  " + a + "\n" + d + "  " + a }), serveOpts{},
			"wrong checksum line: checksums.txt ({base}/" + tag + "/checksums.txt) names " + a + " twice (line "},
		{"the archive listed twice, another digest second", good.editChecksumLine(func(d string) string {
			return d + "  " + a + "\n" + strings.Repeat("0", 64) + "  " + a
		}), serveOpts{},
			"names " + a + " twice (line "},
		{"a line that is not a checksum line", good.editChecksumLine(func(d string) string { return d }), serveOpts{},
			"; not checksum lines: line "},
		{"binary that does not run", good.withArchive(t, h, []archiveFile{{h.exe(), 0o755, []byte("\x7fELF\x02\x01\x01\x00garbage")}, readme}), serveOpts{},
			"the " + h.exe() + " in " + a + " does not run: '" + h.exe() + " version' exited "},
		{"binary that is not squadci", good.withArchive(t, h, []archiveFile{{h.exe(), 0o755, []byte("#!/bin/sh\necho hello\n")}, readme}), serveOpts{},
			"the " + h.exe() + " in " + a + " is not squadci: '" + h.exe() + " version' printed \"hello\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := serveRelease(t, tc.r, tc.o)
			dir := filepath.Join(t.TempDir(), "bin")
			tmp := t.TempDir()
			env := installEnv("RUNNER_OS="+h.runnerOS, "RUNNER_ARCH="+h.runnerArch, "SQUADCI_DOWNLOAD_BASE="+srv.URL, "RUNNER_TEMP="+tmp)
			stdout, stderr, code := runInstall(t, bash, env, tag, dir)
			want := strings.ReplaceAll(tc.want, "{base}", srv.URL)
			// "{and}" separates parts that must all appear (a release's
			// checksums list other archives around the edited line).
			found := true
			for _, part := range strings.Split(want, "{and}") {
				found = found && strings.Contains(stderr, part)
			}
			if code == 0 || stdout != "" || !found {
				t.Errorf("exit %d, stdout %q; want non-zero, nothing, and stderr with\n  %s\nstderr:\n%s", code, stdout, want, stderr)
			}
			assertEntries(t, dir)
			assertEntries(t, tmp)
		})
	}
}

// TestInstallScriptChecksumLineForms: checksums.txt lines are read as
// `sha256sum -c` reads them: a tab after the digest, binary mode ('*'),
// leading blanks, a CRLF line end, an escaped line and the BSD tag form
// all name the archive, and install it.
func TestInstallScriptChecksumLineForms(t *testing.T) {
	bash := installTools(t)
	h := host(t)
	good := testRelease(t, h)
	a := good.archive
	for name, edit := range map[string]func(d string) string{
		"tab":         func(d string) string { return d + "\t" + a },
		"tab, binary": func(d string) string { return d + "\t*" + a },
		"binary":      func(d string) string { return d + " *" + a },
		"one space":   func(d string) string { return d + " " + a },
		"indented":    func(d string) string { return " \t" + d + "  " + a },
		"CRLF":        func(d string) string { return d + "  " + a + "\r" },
		"escaped":     func(d string) string { return "\\" + d + "  " + a },
		"BSD tag":     func(d string) string { return "SHA256 (" + a + ") = " + d },
	} {
		t.Run(name, func(t *testing.T) {
			srv := serveRelease(t, good.editChecksumLine(edit), serveOpts{})
			dir := filepath.Join(t.TempDir(), "bin")
			env := installEnv("RUNNER_OS="+h.runnerOS, "RUNNER_ARCH="+h.runnerArch, "SQUADCI_DOWNLOAD_BASE="+srv.URL, "RUNNER_TEMP="+t.TempDir())
			stdout, stderr, code := runInstall(t, bash, env, good.tag(), dir)
			if code != 0 || !strings.Contains(stderr, "verified "+a+": sha256 "+sha256Hex(good.files[a])) {
				t.Errorf("exit %d, stdout %q; want the archive verified and installed:\n%s", code, stdout, stderr)
			}
		})
	}
}

// TestInstallScriptBuildPath: for the action (--action), a ref that is not
// a release tag, or a runner the release has no binary for, prints "build"
// and asks nothing of the server.
func TestInstallScriptBuildPath(t *testing.T) {
	bash := installTools(t)
	h := host(t)
	r := release{version: "1.2.3", archive: h.archiveName("1.2.3"), files: map[string][]byte{}}
	for _, tc := range []struct {
		ref, arch, why string
	}{
		{"main", h.runnerArch, "ref 'main' is not a release tag"},
		{"3e1645d0c1a8f5b2e9d7c4a6b8f0e2d4c6a8b0e2", h.runnerArch, "is not a release tag"},
		{"", h.runnerArch, "ref '' is not a release tag"},
		{"v1.2", h.runnerArch, "ref 'v1.2' is not a release tag"},
		{"v1", h.runnerArch, "is not a release tag"},
		{"1.2.3", h.runnerArch, "is not a release tag"},
		{"v1.2.3+build.5", h.runnerArch, "is not a release tag"},
		{"v1.2.3", "X86", "release v1.2.3 publishes no binary for " + h.runnerOS + "/X86"},
		{"v1.2.0-rc.1", "ARM", "release v1.2.0-rc.1 publishes no binary for " + h.runnerOS + "/ARM"},
	} {
		t.Run(tc.ref+"/"+tc.arch, func(t *testing.T) {
			srv := serveRelease(t, r, serveOpts{})
			dir := filepath.Join(t.TempDir(), "bin")
			env := installEnv("RUNNER_OS="+h.runnerOS, "RUNNER_ARCH="+tc.arch, "SQUADCI_DOWNLOAD_BASE="+srv.URL, "RUNNER_TEMP="+t.TempDir())
			stdout, stderr, code := runInstallArgs(t, bash, env, "--action", tc.ref, dir)
			if code != 0 || stdout != "build\n" || !strings.Contains(stderr, tc.why) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 0, \"build\" and %q", code, stdout, stderr, tc.why)
			}
			if n := srv.requests.Load(); n != 0 {
				t.Errorf("%d requests reached the server; want none", n)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("DIR was created (%v)", err)
			}
		})
	}
}

// TestScriptsShellcheck: every scripts/*.sh, and every run: script of
// action.yml (which actionlint, linting workflows, does not check), passes
// shellcheck.
func TestScriptsShellcheck(t *testing.T) {
	shellcheck := testtool.LookPath(t, "shellcheck", "apt-get install shellcheck")
	scripts, _ := filepath.Glob(filepath.Join(repoRoot, "scripts", "*.sh"))
	if len(scripts) == 0 {
		t.Fatal("no scripts/*.sh")
	}
	for _, step := range actionSteps(t) {
		if step.Run == "" {
			continue
		}
		if step.Shell != "bash" {
			t.Errorf("action.yml step %q has shell %q; want bash (the runner's bash -eo pipefail on every OS)", step.Name, step.Shell)
		}
		file := filepath.Join(t.TempDir(), "action step "+step.Name+".sh")
		if err := os.WriteFile(file, []byte("#!/usr/bin/env bash\n"+step.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		scripts = append(scripts, file)
	}
	for _, s := range scripts {
		if out, err := exec.Command(shellcheck, s).CombinedOutput(); err != nil {
			t.Errorf("shellcheck %s: %v\n%s", s, err, out)
		}
	}
}

// runVersion checks that bin runs: `squadci version`'s first line starts
// with "squadci ".
func runVersion(t testing.TB, bin string) {
	t.Helper()
	out, err := exec.Command(bin, "version").Output()
	if first, _, _ := strings.Cut(string(out), "\n"); err != nil || !strings.HasPrefix(first, "squadci ") {
		t.Errorf("%s version: %v, first line %q; want \"squadci <version>\"", bin, err, first)
	}
}

// assertEntries checks that dir holds exactly names (nothing, when none
// are given; a missing dir holds nothing).
func assertEntries(t testing.TB, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %q; want %q", dir, got, names)
	}
}

// TestInstallScriptForPeople: without --action, install.sh installs a
// release (v1.2.3, 1.2.3, or latest through the releases page's redirect)
// or exits 2 saying why and how to build from source; it never answers
// "build" with nothing installed.
func TestInstallScriptForPeople(t *testing.T) {
	bash := installTools(t)
	h := host(t)
	good := testRelease(t, h)
	tag := good.tag()
	for _, tc := range []struct {
		name, ref, arch string
		o               serveOpts
		code            int
		stderr          string
	}{
		{"a tag", tag, h.runnerArch, serveOpts{}, 0, "verified " + good.archive},
		{"a version without its v", strings.TrimPrefix(tag, "v"), h.runnerArch, serveOpts{}, 0, "verified " + good.archive},
		{"latest", "latest", h.runnerArch, serveOpts{latest: tag}, 0, "the latest release is " + tag},
		{"latest with no release", "latest", h.runnerArch, serveOpts{}, 1, "cannot find the latest release: "},
		{"latest that is no tag", "latest", h.runnerArch, serveOpts{latest: "nightly"}, 1, "not to a release tag"},
		{"a branch", "main", h.runnerArch, serveOpts{}, 2, "'main' is not a release: install.sh installs a release tag (v1.2.3, 1.2.3) or latest; to run a branch or a commit, build it from source instead: go install github.com/squadci/squadci/cmd/squadci@<ref>"},
		{"a commit", "3e1645d0c1a8f5b2e9d7c4a6b8f0e2d4c6a8b0e2", h.runnerArch, serveOpts{}, 2, "is not a release"},
		{"a machine without a binary", tag, "X86", serveOpts{}, 2, "publishes no binary for " + h.runnerOS + "/X86 (it covers linux, darwin and windows on amd64 and arm64); build it from source instead: go install github.com/squadci/squadci/cmd/squadci@" + tag},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := serveRelease(t, good, tc.o)
			dir := filepath.Join(t.TempDir(), "bin")
			env := installEnv("RUNNER_OS="+h.runnerOS, "RUNNER_ARCH="+tc.arch, "SQUADCI_DOWNLOAD_BASE="+srv.URL, "RUNNER_TEMP="+t.TempDir())
			stdout, stderr, code := runInstall(t, bash, env, tc.ref, dir)
			if code != tc.code || !strings.Contains(stderr, tc.stderr) || strings.Contains(stdout, "build") {
				t.Fatalf("exit %d, stdout %q; want %d and stderr with %q:\n%s", code, stdout, tc.code, tc.stderr, stderr)
			}
			if tc.code == 0 {
				if want := "installed " + filepath.Join(dir, h.exe()) + "\n"; stdout != want {
					t.Errorf("stdout %q, want %q", stdout, want)
				}
				return
			}
			if stdout != "" {
				t.Errorf("stdout %q on a refusal", stdout)
			}
			assertEntries(t, dir)
		})
	}
}
