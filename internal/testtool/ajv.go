package testtool

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const ajvInstall = "npm install ajv-cli@5.0.0 ajv-formats@3.0.1 and set SQUADCI_AJV to its node_modules/.bin/ajv"

// AJVPath finds ajv-cli via $SQUADCI_AJV, an enclosing node_modules or
// PATH; "" when absent.
func AJVPath() string {
	if p := os.Getenv("SQUADCI_AJV"); p != "" {
		return p
	}
	for _, nm := range nodeModulesDirs() {
		p := filepath.Join(nm, ".bin", "ajv")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("ajv"); err == nil {
		return p
	}
	return ""
}

// AJV returns ajv-cli's path or handles it as Missing.
func AJV(t testing.TB) string {
	t.Helper()
	p := AJVPath()
	if p == "" {
		Missing(t, "ajv-cli", ajvInstall)
	}
	return p
}

// AJVValidate runs `ajv validate --spec=draft2020 --strict=true -c ajv-formats` (strict: a schema with a keyword of another type, a required property it never defines, or any other strict-mode fault fails to compile) with one
// schema over files and returns whether ajv accepts each (by the path
// given). It fails the test when ajv reports anything but a verdict per
// file: a schema it cannot compile, a file it cannot read.
func AJVValidate(t testing.TB, ajv, schema string, files []string) map[string]bool {
	t.Helper()
	verdicts := map[string]bool{}
	const batch = 200 // bounded argument lists
	for start := 0; start < len(files); start += batch {
		part := files[start:min(start+batch, len(files))]
		args := []string{"validate", "--spec=draft2020", "--strict=true", "-c", "ajv-formats", "--errors=line", "-s", schema}
		for _, f := range part {
			args = append(args, "-d", f)
		}
		out, err := runToFile(t, ajv, args)
		var exitErr *exec.ExitError
		if err != nil && !errors.As(err, &exitErr) {
			t.Fatalf("running %s: %v", ajv, err)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if f, ok := strings.CutSuffix(line, " valid"); ok {
				verdicts[f] = true
			} else if f, ok := strings.CutSuffix(line, " invalid"); ok {
				verdicts[f] = false
			}
		}
		for _, f := range part {
			if _, ok := verdicts[f]; !ok {
				t.Fatalf("ajv gave no verdict on %s with %s:\n%s", f, schema, out)
			}
		}
	}
	return verdicts
}

// runToFile runs ajv with its stdout and stderr on one temporary file, not
// a pipe, and returns what it wrote. ajv prints a verdict per file on both
// streams and exits with process.exit; into a pipe, the tail of a long
// report (an error line quoting a large pattern) could be lost before it
// was flushed, while a file is written synchronously.
func runToFile(t testing.TB, ajv string, args []string) ([]byte, error) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "ajv-*.out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, ajv, args...)
	cmd.Stdout, cmd.Stderr = f, f
	runErr := cmd.Run()
	out, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return out, runErr
}
