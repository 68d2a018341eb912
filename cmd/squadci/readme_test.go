package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the outputs the README shows after `$ squadci` lines")

// readmeBlock is one fenced block of the README: its info string, its body
// and where the body sits in the file.
type readmeBlock struct {
	info, body string
	start, end int // byte offsets of the body
}

// readmeBlocks splits Markdown into its top-level fenced blocks; a fence of
// four backticks may hold fences of three.
func readmeBlocks(text string) []readmeBlock {
	var out []readmeBlock
	var cur *readmeBlock
	marker := ""
	off := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		trimmed := strings.TrimRight(line, "\n")
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			n := len(trimmed) - len(strings.TrimLeft(trimmed, "`"))
			marker = trimmed[:n]
			cur = &readmeBlock{info: trimmed[n:], start: off + len(line)}
		case cur != nil && trimmed == marker:
			cur.end = off
			cur.body = text[cur.start:cur.end]
			out = append(out, *cur)
			cur = nil
		}
		off += len(line)
	}
	return out
}

// TestReadmeCommandOutputs runs every block of the README and docs/ that
// starts with a `$ squadci ...` line and compares what it prints (stdout,
// then stderr) with the rest of the block, verbatim. Lint commands run in
// the repository; agentfile commands next to the page's charter.
func TestReadmeCommandOutputs(t *testing.T) {
	repo, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, page := range docPages(t) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		blocks := readmeBlocks(text)
		charterDir := ""
		changed := false
		for i := len(blocks) - 1; i >= 0; i-- { // backwards, so -update-readme keeps earlier offsets
			blk := blocks[i]
			cmdLine, want, ok := strings.Cut(blk.body, "\n")
			args, isCmd := strings.CutPrefix(cmdLine, "$ squadci ")
			if !ok || !isCmd {
				continue
			}
			ran++
			dir := repo
			if strings.HasPrefix(args, "agentfile ") {
				if charterDir == "" {
					charterDir = writeReadmeCharter(t, text, blocks)
				}
				dir = charterDir
			}
			_, stdout, stderr := run(t, dir, strings.Fields(args)...)
			if got := stdout + stderr; got != want {
				if *updateReadme {
					text = text[:blk.start] + cmdLine + "\n" + got + text[blk.end:]
					changed = true
					continue
				}
				t.Errorf("%s block `%s` is not what the command prints (go test -update-readme rewrites it)\n--- got ---\n%s--- page ---\n%s", filepath.Base(page), cmdLine, got, want)
			}
		}
		if changed {
			if err := os.WriteFile(page, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if ran < 2 {
		t.Fatalf("the README and docs/ show %d command outputs; want the lint and agentfile export ones", ran)
	}
}

// writeReadmeCharter writes the README's one ````markdown block (the
// minimal exportable charter) to greeter.agent.md in a temporary directory.
func writeReadmeCharter(t *testing.T, text string, blocks []readmeBlock) string {
	t.Helper()
	var charters []string
	for _, blk := range blocks {
		if blk.info == "markdown" && strings.Contains(blk.body, "## Identity") {
			charters = append(charters, blk.body)
		}
	}
	if len(charters) != 1 || !strings.Contains(text, "saved as\n`greeter.agent.md`") {
		t.Fatalf("the page shows %d charters to save as greeter.agent.md; want one", len(charters))
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "greeter.agent.md"), []byte(charters[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReadmeBlocks(t *testing.T) {
	md := "a\n```sh\nx\n```\n````markdown\n```yaml\ny\n```\n````\n"
	got := readmeBlocks(md)
	if len(got) != 2 || got[0].info != "sh" || got[0].body != "x\n" || got[1].info != "markdown" || got[1].body != "```yaml\ny\n```\n" {
		t.Errorf("blocks = %+v", got)
	}
}

// TestReadmeInstallFromClone runs the README's install line for a clone,
// as written, from the repository root, into a temporary GOBIN, and runs
// the binary it installed.
func TestReadmeInstallFromClone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	testtool.LookPath(t, "sh", "apt-get install dash")
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	install, _, _ := strings.Cut(string(b)[strings.Index(string(b), "## Install"):], "\n## ")
	var line string
	for _, l := range strings.Split(install, "\n") {
		if strings.Contains(l, "go install ./cmd/squadci") {
			line, _, _ = strings.Cut(l, "#")
		}
	}
	if line == "" {
		t.Fatal("the README's Install section has no `go install ./cmd/squadci` line")
	}
	gobin := t.TempDir()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "GOBIN="+gobin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", line, err, out)
	}
	out, err := exec.Command(filepath.Join(gobin, "squadci"), "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "squadci ") {
		t.Errorf("installed squadci version: %q, %v", out, err)
	}
}
