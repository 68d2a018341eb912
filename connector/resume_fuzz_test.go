package connector

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzResume feeds arbitrary state and result bytes beside a dispatched
// request and snapshot. Whatever they hold, Resume never fails or panics,
// a state it writes passes every state rule, a state that was already
// final is never rewritten, and a second run changes nothing final.
func FuzzResume(f *testing.F) {
	tmpl, ms := resumeRepo(f)
	d := dispatchAt(f, tmpl, ms, time.Now().Add(-time.Minute), 60, 2)
	files := map[string][]byte{}
	for _, rel := range []string{"connectors/research-agent.json", d.Request, d.Snapshot, d.State} {
		b, err := os.ReadFile(filepath.Join(tmpl, filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		files[rel] = b
	}
	state := files[d.State]
	result := encodeJSON(ResultFile{SchemaVersion: "1.1", ConnectorID: "acme-research-agent", TaskID: d.TaskID, Role: "researcher",
		BindingID: "research-agent", Status: "completed", Narrative: "Wrote a note.",
		Artifacts: []ArtifactEntry{{Path: "reports/research/note.md"}}, CompletedAt: FormatTimestamp(time.Now())})
	f.Add(state, result)
	f.Add(state, []byte{})
	f.Add(bytes.Replace(state, []byte(`"awaiting"`), []byte(`"completed"`), 1), result)
	f.Add(bytes.Replace(state, []byte(`"attempts": 0`), []byte(`"attempts": 3`), 1), []byte{})
	f.Add(state[:len(state)/2], result[:len(result)/3])
	f.Add([]byte(`{"status":"awaiting"}`), []byte(`[]`))
	f.Fuzz(func(t *testing.T, state, result []byte) {
		root := t.TempDir()
		for rel, b := range files {
			writeRel(t, root, rel, string(b))
		}
		writeRel(t, root, d.State, string(state))
		writeRel(t, root, "reports/research/note.md", "# Note\n")
		if len(result) > 0 {
			writeRel(t, root, resultPathOf(d), string(result))
		}
		before, _ := ParseState(d.State, state)
		wasFinal := before != nil && isTerminal(before.Status) && !stateFileHasErrors(d.State, state)
		run := func() []byte {
			if _, err := Resume(context.Background(), root, ResumeOptions{Manifests: ms}); err != nil {
				t.Fatal(err)
			}
			after, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.State)))
			if err != nil {
				t.Fatal(err)
			}
			return after
		}
		after := run()
		if wasFinal && !bytes.Equal(after, state) {
			t.Fatalf("a final state was rewritten:\n%s\n→\n%s", state, after)
		}
		if !bytes.Equal(after, state) && stateFileHasErrors(d.State, after) {
			t.Fatalf("resume wrote a state with errors:\n%s", after)
		}
		st, _ := ParseState(d.State, after)
		if st != nil && isTerminal(st.Status) {
			if again := run(); !bytes.Equal(again, after) {
				t.Fatalf("a second run changed a final state:\n%s\n→\n%s", after, again)
			}
		}
		entries, _ := os.ReadDir(filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(d.State, filepath.Base(d.State)))))
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".lock") || strings.Contains(e.Name(), ".tmp") {
				t.Fatalf("left behind: %s", e.Name())
			}
		}
	})
}

func stateFileHasErrors(path string, src []byte) bool {
	st, ds := ParseState(path, src)
	return st == nil || hasError(ds)
}
