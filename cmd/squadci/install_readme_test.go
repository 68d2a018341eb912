package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// readmeReleaseBase is where the README's release snippets download from;
// the test points it at its local server.
const readmeReleaseBase = "https://github.com/squadci/squadci/releases/download"

// readmeInstallSnippets returns the two release-install blocks of the
// Install section of docs/install.md: the install script's one line, and
// the by-hand one.
func readmeInstallSnippets(t *testing.T) (oneLine, byHand string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs", "install.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	install, _, _ := strings.Cut(text[strings.Index(text, "## Install"):], "\n## ")
	for _, blk := range readmeBlocks(install) {
		switch {
		case blk.info == "sh" && strings.Contains(blk.body, "scripts/install.sh | bash"):
			oneLine = blk.body
		case blk.info == "sh" && strings.Contains(blk.body, "checksums.txt") && strings.Contains(blk.body, "sha256sum -c"):
			byHand = blk.body
		}
	}
	if oneLine == "" || byHand == "" {
		t.Fatalf("the Install section of docs/install.md lacks the install-script line or the by-hand download and check")
	}
	return oneLine, byHand
}

// TestReadmeInstallFromRelease runs the README's two ways to install a
// release, as written but for the version, the platform and the host they
// download from (the local server), and runs the binary they leave.
func TestReadmeInstallFromRelease(t *testing.T) {
	bash := installTools(t)
	h := host(t)
	if h.goos == "windows" {
		t.Skip("the README's by-hand lines are for a .tar.gz")
	}
	r := testRelease(t, h)
	srv := serveRelease(t, r, serveOpts{})
	oneLine, byHand := readmeInstallSnippets(t)

	t.Run("install script", func(t *testing.T) {
		// The line pipes the tagged install.sh into bash; here it is this
		// checkout's, and the archives come from the local server.
		script, _ := filepath.Abs(filepath.Join(repoRoot, "scripts", "install.sh"))
		pipe := strings.Index(oneLine, "| bash")
		if pipe < 0 || !strings.HasPrefix(oneLine, "curl ") {
			t.Fatalf("unexpected install line %q", oneLine)
		}
		line := "cat " + script + " " + strings.ReplaceAll(oneLine[pipe:], "v1.2.3", r.tag())
		home := t.TempDir()
		out, code := runScript(t, bash, line, t.TempDir(), installEnv("HOME="+home, "SQUADCI_DOWNLOAD_BASE="+srv.URL,
			"RUNNER_OS="+h.runnerOS, "RUNNER_ARCH="+h.runnerArch))
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", line, code, out)
		}
		runVersion(t, filepath.Join(home, ".local", "bin", h.exe()))
	})
	// byHandFrom is the by-hand lines for this release and host, from base.
	byHandFrom := func(base string) string {
		script := strings.ReplaceAll(byHand, readmeReleaseBase, base)
		return strings.Replace(script, "v=1.2.3 os=linux arch=amd64", "v="+r.version+" os="+h.goos+" arch="+h.goarch, 1)
	}
	t.Run("by hand", func(t *testing.T) {
		script := byHandFrom(srv.URL)
		if !strings.Contains(byHand, readmeReleaseBase) || !strings.Contains(script, "v="+r.version) {
			t.Fatalf("the by-hand lines no longer name %s and v=1.2.3 os=linux arch=amd64:\n%s", readmeReleaseBase, byHand)
		}
		testtool.LookPath(t, "sha256sum", "apt-get install coreutils")
		dir := t.TempDir()
		out, code := runScript(t, bash, script, dir, installEnv())
		if code != 0 || !strings.Contains(out, ": OK\nsquadci ") {
			t.Fatalf("exit %d; want the checksum OK and the version:\n%s", code, out)
		}
		runVersion(t, filepath.Join(dir, "squadci"))

		// The same lines refuse an archive whose digest does not match.
		tampered := append([]byte{}, r.files[r.archive]...)
		tampered[len(tampered)/2] ^= 0xff
		bad := r.withFile(r.archive, tampered)
		badSrv := serveRelease(t, bad, serveOpts{})
		script = byHandFrom(badSrv.URL)
		dir = t.TempDir()
		if out, code := runScript(t, bash, script, dir, installEnv()); code == 0 || !strings.Contains(out, "FAILED") {
			t.Errorf("a tampered archive: exit %d\n%s", code, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "squadci")); err == nil {
			t.Error("the by-hand lines unpacked a tampered archive")
		}
	})
}
