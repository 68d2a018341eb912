package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// BenchmarkLintStaged is the pre-commit hook's run in-process: `lint
// --staged` with one staged manifest in a repository of 10,000 files
// (cli.md §Performance: a single-file pre-commit run within 30 ms, process
// start-up included; scripts/bench.sh times the whole process).
func BenchmarkLintStaged(b *testing.B) {
	testtool.LookPath(b, "git", "apt-get install git")
	dir := b.TempDir()
	for i := 1; i <= 9995; i++ {
		p := filepath.Join(dir, "src", fmt.Sprintf("d%d", i%100), fmt.Sprintf("f%d.txt", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(fmt.Sprintf("file %d\n", i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for i := 1; i <= 5; i++ {
		m := strings.ReplaceAll(goodManifest, "acme-research-agent", fmt.Sprintf("acme-agent-%d", i))
		if err := os.MkdirAll(filepath.Join(dir, "connectors"), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "connectors", fmt.Sprintf("c-%d.json", i)), []byte(m), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.email=b@example.com", "-c", "user.name=b", "-c", "gc.autoDetach=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "init")
	m := strings.ReplaceAll(goodManifest, `"version": "1.0.0"`, `"version": "9.9.9"`)
	m = strings.ReplaceAll(m, "acme-research-agent", "acme-agent-1")
	if err := os.WriteFile(filepath.Join(dir, "connectors", "c-1.json"), []byte(m), 0o644); err != nil {
		b.Fatal(err)
	}
	git("add", "connectors/c-1.json")
	for b.Loop() {
		var out, errb bytes.Buffer
		c := &Command{Stdout: &out, Stderr: &errb, Dir: dir, Env: []string{"NO_COLOR=1"}}
		if code := c.Main([]string{"squadci", "lint", "--staged"}); code != 0 {
			b.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
		}
	}
}
