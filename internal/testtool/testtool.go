// Package testtool finds the outside programs some tests need (the SARIF
// multitool, git, pre-commit). A missing tool skips the test locally and
// fails it when SQUADCI_REQUIRE_TOOLS=1, which CI sets after installing them.
package testtool

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Required reports whether CI made outside tools mandatory.
func Required() bool { return os.Getenv("SQUADCI_REQUIRE_TOOLS") == "1" }

// Missing skips the test, or fails it when tools are required.
func Missing(t testing.TB, what, install string) {
	t.Helper()
	if Required() {
		t.Fatalf("%s not found and SQUADCI_REQUIRE_TOOLS=1 (%s)", what, install)
	}
	t.Skipf("%s not found; %s to run this test", what, install)
}

// Unsupported skips a test whose set-up needs something of the platform
// that is missing here (symbolic or hard links, FIFOs, sparse files,
// advisory locks, /proc), or fails it when tools are required: CI runs on
// Linux, where each of them works, so a failure there is a broken set-up,
// never a reason to skip.
func Unsupported(t testing.TB, what string, err error) {
	t.Helper()
	if Required() {
		t.Fatalf("%s: %v (SQUADCI_REQUIRE_TOOLS=1: a set-up step that fails fails the test)", what, err)
	}
	t.Skipf("%s unsupported here: %v", what, err)
}

// LookPath finds a program on PATH or handles it as Missing.
func LookPath(t testing.TB, name, install string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name, install)
	}
	return p
}

const multitoolRel = "node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"

// nodeModulesDirs lists node_modules directories from the working directory
// up to the file system root.
func nodeModulesDirs() []string {
	var dirs []string
	dir, err := filepath.Abs(".")
	if err != nil {
		return nil
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "node_modules")); err == nil && fi.IsDir() {
			dirs = append(dirs, filepath.Join(dir, "node_modules"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return dirs
		}
		dir = parent
	}
}

// MultitoolPath finds Sarif.Multitool via $SQUADCI_SARIF_MULTITOOL or an
// enclosing node_modules; "" when absent.
func MultitoolPath() string {
	if p := os.Getenv("SQUADCI_SARIF_MULTITOOL"); p != "" {
		return p
	}
	for _, nm := range nodeModulesDirs() {
		p := filepath.Join(filepath.Dir(nm), multitoolRel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// SARIFSchemaPath finds sarif-2.1.0.json via $SQUADCI_SARIF_SCHEMA, beside
// the multitool, or in an enclosing node_modules; "" when absent.
func SARIFSchemaPath() string {
	if p := os.Getenv("SQUADCI_SARIF_SCHEMA"); p != "" {
		return p
	}
	if mt := MultitoolPath(); mt != "" {
		p := filepath.Join(filepath.Dir(mt), "sarif-2.1.0.json")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	found := ""
	for _, nm := range nodeModulesDirs() {
		filepath.WalkDir(nm, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == "sarif-2.1.0.json" {
				found = p
				return fs.SkipAll
			}
			return nil
		})
		if found != "" {
			break
		}
	}
	return found
}

// Multitool returns the multitool's path or handles it as Missing.
func Multitool(t testing.TB) string {
	t.Helper()
	p := MultitoolPath()
	if p == "" {
		Missing(t, multitoolRel, "npm install @microsoft/sarif-multitool")
	}
	return p
}

// multitoolConfig turns off the one rule that reaches the network:
// SARIF2006 (UrisShouldBeReachable) sends an HTTP GET to every helpUri and
// informationUri, which takes about 50 s per log where no network answers
// (DNS retries) and goes out to the Internet where one does. Its findings
// are notes, never the errors ValidateSARIF reports, so turning it off
// changes no verdict.
const multitoolConfig = `<?xml version="1.0" encoding="utf-8"?>
<Properties>
  <Properties Key="SARIF2006.UrisShouldBeReachable.Options">
    <Property Key="RuleEnabled" Value="Disabled" Type="Driver.RuleEnabledState" />
  </Properties>
</Properties>
`

// ValidateSARIF runs `Sarif.Multitool validate --rule-kind "Gh;Sarif"` on
// the file and returns the lines that report errors (GitHub's ingestion
// rules GH1xxx/GH2xxx and the SARIF rules; SARIF2006, a note that needs the
// network, is off). The tool exits 0 even when it finds errors, so its
// output is what counts.
func ValidateSARIF(t testing.TB, tool, sarifFile string) (errorLines []string, output string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	report, config := filepath.Join(dir, "report.sarif"), filepath.Join(dir, "config.xml")
	if err := os.WriteFile(config, []byte(multitoolConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, tool, "validate", "--rule-kind", "Gh;Sarif", "--config", config, sarifFile, "-o", report)
	cmd.Env = append(os.Environ(), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1", "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	out, err := cmd.CombinedOutput()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running %s: %v (is it executable? npm may skip its postinstall chmod)", tool, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, ": error ") {
			errorLines = append(errorLines, strings.TrimSpace(line))
		}
	}
	return errorLines, string(out)
}
