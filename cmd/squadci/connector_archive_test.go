package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// End to end: resume finishes two tasks (its text names each failure's
// message), archive keeps them while they are young, then moves their
// files; lint, status and resume see nothing of the archive, and the
// finished task is still listed by status --all.
func TestConnectorArchiveCommand(t *testing.T) {
	dir := newRepo(t)
	good, bad := dispatch(t, dir, researchArgs...), dispatch(t, dir, researchArgs...)
	box := good.Request[:strings.LastIndex(good.Request, "/")+1]
	writeFile(t, dir, "reports/research/"+good.TaskID+"-note.md", "# Note\n")
	writeFile(t, dir, box+good.TaskID+".result.json", resultFor(good, "researcher", "reports/research/"+good.TaskID+"-note.md"))
	writeFile(t, dir, box+bad.TaskID+".result.json", resultFor(bad, "developer", "reports/research/"+good.TaskID+"-note.md"))
	code, out, stderr := run(t, dir, "resume")
	if code != exitOK || !strings.Contains(out, bad.TaskID+"  acme-research-agent  awaiting -> failed (invalid-result: CN504: role \"developer\" does not match") {
		t.Fatalf("resume: exit %d\n%s%s", code, out, stderr)
	}
	if code, out, stderr := run(t, dir, "connector", "archive", "--older-than", "1d"); code != exitOK || out != "" ||
		!strings.Contains(stderr, "0 tasks archived (0 files); 2 tasks finished less than 1d ago kept") {
		t.Errorf("young tasks: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = run(t, dir, "connector", "archive", "--format", "json")
	var doc struct {
		Version int
		Tasks   []struct {
			TaskID string
			Moved  []struct{ From, To string }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); code != exitOK || err != nil || doc.Version != 1 || len(doc.Tasks) != 2 {
		t.Fatalf("archive: exit %d, %v\n%s%s", code, err, out, stderr)
	}
	for _, task := range doc.Tasks {
		if len(task.Moved) != 3 || task.Moved[0].To != box+".squad-connector/archive/"+task.TaskID+"/"+task.TaskID+".request.json" {
			t.Errorf("moves of %s: %+v", task.TaskID, task.Moved)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, good.State)); err != nil {
		t.Errorf("the state moved: %v", err)
	}
	if code, out, stderr := run(t, dir, "lint"); code != exitOK {
		t.Errorf("lint of an archived tree: exit %d\n%s%s", code, out, stderr)
	}
	if _, out, _ := run(t, dir, "resume"); strings.TrimSpace(out) != "no pending tasks" {
		t.Errorf("resume after archiving:\n%s", out)
	}
	if _, out, _ := run(t, dir, "connector", "status"); strings.TrimSpace(out) != "no pending tasks" {
		t.Errorf("status after archiving:\n%s", out)
	}
	if _, out, _ := run(t, dir, "connector", "status", "--all"); !strings.Contains(out, good.TaskID+"  acme-research-agent  completed -> completed") {
		t.Errorf("status --all after archiving:\n%s", out)
	}
}

func TestConnectorArchiveUsage(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"--root", "missing-dir"}, {"--older-than", "soon"}, {"--older-than", "-1h"}, {"--older-than", "xd"}, {"--format", "xml"}, {"extra"}, {"--bogus"},
	} {
		code, _, stderr := run(t, dir, append([]string{"connector", "archive"}, args...)...)
		if code != exitUsage || !strings.Contains(stderr, strings.TrimPrefix(args[0], "--")) {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
	for in, want := range map[string]string{"30d": "720h0m0s", "90m": "1h30m0s", "0": "0s"} {
		if d, err := parseAge(in); err != nil || d.String() != want {
			t.Errorf("parseAge(%q) = %v, %v", in, d, err)
		}
	}
}
