package lint

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/corpus"
)

// TestRelatedPositions: cross-file findings carry the other file's
// position, resolved to its lines, so --new-from-rev can follow them: a
// squad binding's SS303 points at the invalid manifest, a state file's
// CN507 at the request edited after dispatch.
func TestRelatedPositions(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "repo")
	if _, err := corpus.Generate(dir, corpus.MinScale, 1, nil); err != nil {
		t.Fatal(err)
	}
	edit := func(rel, old, new string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(src), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("connectors/c-00001.json", "{\n", "{\n  \"legacyField\": true,\n")
	var request string // the request of a task still awaiting its result
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || request != "" || !strings.HasSuffix(p, ".state.json") {
			return err
		}
		if st, _ := os.ReadFile(p); strings.Contains(string(st), `"awaiting"`) {
			mailbox := filepath.Dir(filepath.Dir(p))
			request, _ = filepath.Rel(dir, filepath.Join(mailbox, strings.TrimSuffix(filepath.Base(p), ".state.json")+".request.json"))
		}
		return nil
	})
	request = filepath.ToSlash(request)
	edit(request, "{", "{ ")
	res, err := Lint(context.Background(), Options{Files: &DiskFiles{Root: dir, NoGit: true}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"SS303": "connectors/c-00001.json", "CN507": request}
	for _, f := range res.Run.Findings {
		other, ok := want[f.Rule]
		if !ok {
			continue
		}
		if f.Related == nil || f.Related.Path != other || f.RelatedLine != 1 || f.RelatedEndLine < 10 {
			t.Errorf("%s at %s:%d: related %+v, lines %d-%d; want all of %s", f.Rule, f.Path, f.Line, f.Related, f.RelatedLine, f.RelatedEndLine, other)
		}
		delete(want, f.Rule)
	}
	if len(want) > 0 {
		t.Errorf("no finding of %v; got %d findings", want, len(res.Run.Findings))
		for _, f := range res.Run.Findings {
			t.Logf("%s %s:%d %s", f.Rule, f.Path, f.Line, f.Message)
		}
	}
}
