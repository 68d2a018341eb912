package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// hostPlatform is the test host as the runner and the release name it.
type hostPlatform struct {
	runnerOS, runnerArch string // RUNNER_OS, RUNNER_ARCH
	goos, goarch         string
}

// exe is the binary's name in the host's archive.
func (h hostPlatform) exe() string {
	if h.goos == "windows" {
		return "squadci.exe"
	}
	return "squadci"
}

// archiveName is the host's archive in release version.
func (h hostPlatform) archiveName(version string) string {
	ext := "tar.gz"
	if h.goos == "windows" {
		ext = "zip"
	}
	return fmt.Sprintf("squadci_%s_%s_%s.%s", version, h.goos, h.goarch, ext)
}

// host returns the test host's platform, or skips on one the release does
// not cover.
func host(t testing.TB) hostPlatform {
	t.Helper()
	oses := map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}
	arches := map[string]string{"amd64": "X64", "arm64": "ARM64"}
	h := hostPlatform{oses[runtime.GOOS], arches[runtime.GOARCH], runtime.GOOS, runtime.GOARCH}
	if h.runnerOS == "" || h.runnerArch == "" {
		t.Skipf("the release publishes no binary for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	return h
}

// release is what the test server serves for one tag: file name → body.
type release struct {
	version string
	archive string // the host's archive
	files   map[string][]byte
}

func (r release) tag() string { return "v" + r.version }

// clone copies the file map, so a case can change its own.
func (r release) clone() release {
	r.files = maps.Clone(r.files)
	return r
}

// withArchive replaces the host's archive by one holding files, with a
// matching checksums.txt line.
func (r release) withArchive(t testing.TB, h hostPlatform, files []archiveFile) release {
	t.Helper()
	r = r.clone()
	r.files[r.archive] = makeArchive(t, h.goos, files)
	r.files["checksums.txt"] = checksums(r.files, "checksums.txt")
	return r
}

// withFile replaces one file's body.
func (r release) withFile(name string, body []byte) release {
	r = r.clone()
	r.files[name] = body
	return r
}

// editChecksumLine rewrites the archive's checksums.txt line with edit;
// edit returning "" drops the line.
func (r release) editChecksumLine(edit func(digest string) string) release {
	r = r.clone()
	var out []string
	for _, line := range strings.Split(strings.TrimRight(string(r.files["checksums.txt"]), "\n"), "\n") {
		digest, name, _ := strings.Cut(line, "  ")
		if name == r.archive {
			if line = edit(digest); line == "" {
				continue
			}
		}
		out = append(out, line)
	}
	r.files["checksums.txt"] = []byte(strings.Join(out, "\n") + "\n")
	return r
}

// archiveFile is one member of a release archive.
type archiveFile struct {
	name string
	mode int64
	body []byte // a symlink's target when mode has os.ModeSymlink
}

// testRelease is the release the install tests serve: GoReleaser's
// snapshot from $SQUADCI_RELEASE_DIST, else (locally) one built here in
// the same shape for the host. CI must test the real snapshot.
func testRelease(t testing.TB, h hostPlatform) release {
	t.Helper()
	if dist := os.Getenv("SQUADCI_RELEASE_DIST"); dist != "" {
		return distRelease(t, h, dist)
	}
	if testtool.Required() {
		t.Fatal("SQUADCI_RELEASE_DIST is not set and SQUADCI_REQUIRE_TOOLS=1: CI must test the install script against GoReleaser's snapshot (set it to the dist/ directory of goreleaser release --snapshot)")
	}
	return builtRelease(t, h)
}

// distRelease reads a GoReleaser dist/ directory; the version is the one
// in the linux/amd64 archive's name.
func distRelease(t testing.TB, h hostPlatform, dist string) release {
	t.Helper()
	found, _ := filepath.Glob(filepath.Join(dist, "squadci_*_linux_amd64.tar.gz"))
	if len(found) != 1 {
		t.Fatalf("SQUADCI_RELEASE_DIST=%s: want one squadci_<version>_linux_amd64.tar.gz, found %q", dist, found)
	}
	version := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(found[0]), "squadci_"), "_linux_amd64.tar.gz")
	r := release{version: version, archive: h.archiveName(version), files: map[string][]byte{}}
	for _, name := range []string{r.archive, "checksums.txt"} {
		b, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			t.Fatalf("SQUADCI_RELEASE_DIST: %v", err)
		}
		r.files[name] = b
	}
	return r
}

var (
	builtOnce sync.Once
	built     release
	builtOK   bool
)

// builtRelease is packRelease made once per test process (packing the
// 16 MB binary costs more than a second of CPU) and shared: each caller
// gets its own copy of the file map.
func builtRelease(t testing.TB, h hostPlatform) release {
	t.Helper()
	builtOnce.Do(func() {
		built = packRelease(t, h)
		builtOK = true
	})
	if !builtOK {
		t.Fatal("packing the test release failed (see the first test that asked for it)")
	}
	return built.clone()
}

// packRelease builds squadci as the release does (static) and packs it
// like GoReleaser: the binary, README.md and LICENSE at the archive's root,
// and checksums.txt.
func packRelease(t testing.TB, h hostPlatform) release {
	t.Helper()
	bin, err := os.ReadFile(squadciBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	readme, _ := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	license, err := os.ReadFile(filepath.Join(repoRoot, "LICENSE"))
	if err != nil {
		license = []byte("the release's LICENSE\n")
	}
	const version = "0.0.0-test.1"
	r := release{version: version, archive: h.archiveName(version), files: map[string][]byte{}}
	return r.withArchive(t, h, []archiveFile{{h.exe(), 0o755, bin}, {"README.md", 0o644, readme}, {"LICENSE", 0o644, license}})
}

// makeArchive packs files as a tar.gz, or a zip for windows.
func makeArchive(t testing.TB, goos string, files []archiveFile) []byte {
	t.Helper()
	var buf bytes.Buffer
	if goos == "windows" {
		zw := zip.NewWriter(&buf)
		for _, f := range files {
			hdr := &zip.FileHeader{Name: f.name, Method: zip.Deflate}
			hdr.SetMode(os.FileMode(f.mode))
			if os.FileMode(f.mode).IsDir() {
				hdr.Name += "/"
			}
			w, err := zw.CreateHeader(hdr)
			if err == nil {
				_, err = w.Write(f.body)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, f := range files {
		hdr := &tar.Header{Name: f.name, Mode: int64(os.FileMode(f.mode).Perm()), Size: int64(len(f.body)), Typeflag: tar.TypeReg}
		switch m := os.FileMode(f.mode); {
		case m&os.ModeSymlink != 0:
			hdr.Typeflag, hdr.Linkname, hdr.Size, f.body = tar.TypeSymlink, string(f.body), 0, nil
		case m.IsDir():
			hdr.Typeflag, hdr.Name, hdr.Size, f.body = tar.TypeDir, f.name+"/", 0, nil
		}
		err := tw.WriteHeader(hdr)
		if err == nil {
			_, err = tw.Write(f.body)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checksums writes GoReleaser's checksums.txt for files (but skip).
func checksums(files map[string][]byte, skip string) []byte {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if name != skip {
			fmt.Fprintf(&b, "%s  %s\n", sha256Hex(files[name]), name)
		}
	}
	return []byte(b.String())
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// releaseServer serves one release at <prefix>/<tag>/<name> and counts the
// requests it gets.
type releaseServer struct {
	*httptest.Server
	requests atomic.Int64
}

// serveOpts are a case's deviations from a well-behaved server.
type serveOpts struct {
	prefix   string         // path before /<tag>/
	status   map[string]int // file name → HTTP status answered instead
	truncate string         // file sent with its whole Content-Length but half its body
	latest   string         // where <prefix>/latest redirects: .../releases/tag/<latest>; "" answers 404
}

func serveRelease(t testing.TB, r release, o serveOpts) *releaseServer {
	t.Helper()
	s := &releaseServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		s.requests.Add(1)
		if req.URL.Path == strings.TrimSuffix(o.prefix, "/download")+"/latest" && o.latest != "" {
			http.Redirect(w, req, s.URL+"/releases/tag/"+o.latest, http.StatusFound)
			return
		}
		name, ok := strings.CutPrefix(req.URL.Path, o.prefix+"/"+r.tag()+"/")
		body, exists := r.files[name]
		switch {
		case ok && o.status[name] != 0:
			http.Error(w, "refused", o.status[name])
		case !ok || !exists:
			http.NotFound(w, req)
		case name == o.truncate:
			// The handler returns early; the server closes the
			// connection with the body short of its length.
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			_, _ = w.Write(body[:len(body)/2])
		default:
			_, _ = w.Write(body)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

// installEnv is the environment the script runs in: the test's, without
// the variables a runner (or the developer's shell) may have set that
// would change the script's choices, plus set.
func installEnv(set ...string) []string {
	drop := []string{"RUNNER_OS=", "RUNNER_ARCH=", "RUNNER_TEMP=", "TMPDIR=", "GITHUB_SERVER_URL=", "SQUADCI_REPOSITORY=", "SQUADCI_DOWNLOAD_BASE=", "SQUADCI_REF="}
	var env []string
	for _, kv := range os.Environ() {
		if !slices.ContainsFunc(drop, func(p string) bool { return strings.HasPrefix(kv, p) }) {
			env = append(env, kv)
		}
	}
	return append(env, set...)
}

// runInstall runs bash scripts/install.sh REF DIR, as a person does.
func runInstall(t *testing.T, bash string, env []string, ref, dir string) (stdout, stderr string, code int) {
	t.Helper()
	return runInstallArgs(t, bash, env, ref, dir)
}

// runInstallArgs runs bash scripts/install.sh with args.
func runInstallArgs(t *testing.T, bash string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := exec.Command(bash, append([]string{filepath.Join(repoRoot, "scripts", "install.sh")}, args...)...)
	cmd.Env, cmd.Stdout, cmd.Stderr = env, &out, &errOut
	err := cmd.Run()
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatalf("running install.sh: %v", err)
	}
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}
