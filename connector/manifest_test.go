package connector

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"

	"github.com/squadci/squadci/internal/testtool"
)

// parseFixture runs ParseManifest on one fixture file under the name the
// .out files use.
func parseFixture(t *testing.T, file, name string) (*Manifest, []diag.Diagnostic, *source.Document) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, ds := ParseManifest(name, src)
	var doc *source.Document
	if m != nil {
		doc = m.Doc
		if m.Path != name {
			t.Errorf("Manifest.Path = %q, want %q", m.Path, name)
		}
	} else {
		doc = source.ParseJSON(src)
		if doc.Root != nil && doc.Root.Kind == source.KindObject {
			t.Errorf("ParseManifest returned no Manifest for a top-level object")
		}
	}
	return m, ds, doc
}

func TestManifestErrFixtures(t *testing.T) {
	for _, file := range fixtureFiles(t, "err") {
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".json"), func(t *testing.T) {
			_, ds, doc := parseFixture(t, file, name)
			if len(ds) == 0 {
				t.Errorf("an err fixture must yield findings")
			}
			got := formatFindings(t, map[string]*source.Document{name: doc}, ds)
			testtool.CompareOut(t, strings.TrimSuffix(file, ".json")+".out", got, *update)
		})
	}
}

func TestManifestOKFixtures(t *testing.T) {
	for _, file := range fixtureFiles(t, "ok") {
		name := filepath.Base(file)
		t.Run(strings.TrimSuffix(name, ".json"), func(t *testing.T) {
			m, ds, doc := parseFixture(t, file, name)
			for _, line := range formatFindings(t, map[string]*source.Document{name: doc}, ds) {
				t.Errorf("unexpected finding: %s", line)
			}
			if m == nil || m.ConnectorID == "" || len(m.Roles) == 0 || m.DeadlineMinutesDefault == 0 {
				t.Errorf("Manifest not filled: %+v", m)
			}
		})
	}
}

// TestManifestProjects runs per-file and cross-manifest rules over each
// projects/<case>/connectors/*.json, with paths relative to the project.
func TestManifestProjects(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(manifestFixtures, "projects", "*", "connectors"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no projects: %v", err)
	}
	for _, dir := range dirs {
		project := filepath.Dir(dir)
		t.Run(filepath.Base(project), func(t *testing.T) {
			docs := map[string]*source.Document{}
			var ms []*Manifest
			var ds []diag.Diagnostic
			files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
			// Reverse order: CheckManifests must not depend on it.
			for i := len(files) - 1; i >= 0; i-- {
				name := "connectors/" + filepath.Base(files[i])
				m, fds, doc := parseFixture(t, files[i], name)
				docs[name] = doc
				ms = append(ms, m)
				ds = append(ds, fds...)
			}
			ds = append(ds, CheckManifests(ms)...)
			testtool.CompareOut(t, project+".out", formatFindings(t, docs, ds), *update)
		})
	}
}

// TestEveryRuleHasAFixture keeps the fixtures in step with the registry:
// each connector rule is proven by at least one expected finding.
func TestEveryRuleHasAFixture(t *testing.T) {
	outs, _ := filepath.Glob(filepath.Join(manifestFixtures, "*", "*.out"))
	var all strings.Builder
	for _, o := range outs {
		b, err := os.ReadFile(o)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
	}
	for _, r := range diag.All() {
		if r.Domain != "json" && r.Domain != "manifest" || !strings.HasPrefix(r.ID, "CN") {
			continue
		}
		if !strings.Contains(all.String(), "["+r.ID+"]") {
			t.Errorf("rule %s (%s) has no fixture", r.ID, r.Name)
		}
		if r.Full == "" || r.Help == "" {
			t.Errorf("rule %s lacks Full or Help", r.ID)
		}
	}
}

func TestParseManifestFillsFields(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(manifestFixtures, "ok", "specialists.json"))
	if err != nil {
		t.Fatal(err)
	}
	m, ds := ParseManifest("connectors/specialists.json", src)
	if len(ds) != 0 {
		t.Fatalf("findings: %v", ds)
	}
	want := Manifest{ConnectorID: "acme-capability-assessor", SchemaVersion: "1.1", Transport: "file",
		EndpointKind: "agent", DropPath: ".connector-drops/acme-capability-assessor/", DeadlineMinutesDefault: 60,
		RetryCapDefault: 2, Contact: "squad-integrations@example.com", Version: "1.0.0"}
	got := *m
	got.Path, got.Doc, got.file, got.Capabilities, got.Roles = "", nil, jsonFile{}, nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if strings.Join(m.Roles, ",") != "gcp,dotnet-practices,data-quality" || len(m.Capabilities) != 3 {
		t.Errorf("roles %v capabilities %v", m.Roles, m.Capabilities)
	}
}
