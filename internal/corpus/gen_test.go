package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// generate writes a corpus into a fresh temporary directory.
func generate(t *testing.T, scale int, seed uint64, parts ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "corpus")
	if len(parts) == 0 {
		parts = nil
	}
	if _, err := Generate(dir, scale, seed, parts); err != nil {
		t.Fatalf("Generate(%d, %d, %v): %v", scale, seed, parts, err)
	}
	return dir
}

// tree reads every regular file under root, keyed by slash path.
func tree(t *testing.T, root string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		data, err := os.ReadFile(path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestDeterministic(t *testing.T) {
	a := tree(t, generate(t, 20, 1))
	b := tree(t, generate(t, 20, 1))
	if len(a) != len(b) {
		t.Fatalf("file counts differ: %d vs %d", len(a), len(b))
	}
	for path, data := range a {
		if !bytes.Equal(data, b[path]) {
			t.Errorf("%s differs between two runs", path)
		}
	}
	c := tree(t, generate(t, 20, 2))
	if bytes.Equal(a["connectors/c-00001.json"], c["connectors/c-00001.json"]) {
		t.Error("-seed 2 produced the same first manifest as -seed 1")
	}
}

// TestPartsAreSlices checks a part written alone is byte-identical to the same
// files in the full corpus (the benchmark compares them side by side).
func TestPartsAreSlices(t *testing.T) {
	full := tree(t, generate(t, 20, 1))
	only := tree(t, generate(t, 20, 1, "manifests"))
	if len(only) != 20 {
		t.Fatalf("-parts manifests wrote %d files, want 20", len(only))
	}
	for path, data := range only {
		if !bytes.Equal(data, full[path]) {
			t.Errorf("%s differs from the full corpus", path)
		}
	}
}

var (
	connectorIDRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	semverRE      = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$`)
	emailRE       = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[a-z]{2,}$`)
	hexRE         = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

var manifestFields = []string{"capabilities", "connectorId", "contact", "deadlineMinutesDefault", "dropPath", "retryCapDefault", "roles", "schemaVersion", "transport", "version"}

func TestManifestsAreValid(t *testing.T) {
	files := tree(t, generate(t, 20, 1))
	ids := map[string]bool{}
	for i := 1; i <= 20; i++ {
		path := fmt.Sprintf("connectors/c-%05d.json", i)
		var m map[string]any
		if err := json.Unmarshal(files[path], &m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		checkManifest(t, path, m)
		id, _ := m["connectorId"].(string)
		if ids[id] {
			t.Errorf("%s: connectorId %q repeats", path, id)
		}
		ids[id] = true
	}
}

func checkManifest(t *testing.T, path string, m map[string]any) {
	t.Helper()
	keys := make([]string, 0, len(m))
	for k := range m {
		if k != "endpointKind" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	if !slices.Equal(keys, manifestFields) {
		t.Errorf("%s: fields %v, want %v (+ endpointKind)", path, keys, manifestFields)
	}
	id, _ := m["connectorId"].(string)
	version, _ := m["schemaVersion"].(string)
	kind, hasKind := m["endpointKind"].(string)
	roles, _ := m["roles"].([]any)
	switch {
	case !connectorIDRE.MatchString(id) || len(id) > 63:
		t.Errorf("%s: bad connectorId %q", path, id)
	case version != "1.0" && version != "1.1":
		t.Errorf("%s: bad schemaVersion %q", path, version)
	case m["transport"] != "file":
		t.Errorf("%s: transport %v", path, m["transport"])
	case m["dropPath"] != ".connector-drops/"+id+"/":
		t.Errorf("%s: dropPath %v", path, m["dropPath"])
	case version == "1.1" && !hasKind, kind == "orchestrator" && version != "1.1":
		t.Errorf("%s: endpointKind %q with schemaVersion %s", path, kind, version)
	case len(roles) == 0 || version == "1.0" && len(roles) != 1:
		t.Errorf("%s: %d roles for schemaVersion %s", path, len(roles), version)
	case !semverRE.MatchString(m["version"].(string)):
		t.Errorf("%s: version %v", path, m["version"])
	case !emailRE.MatchString(m["contact"].(string)):
		t.Errorf("%s: contact %v", path, m["contact"])
	}
	for _, r := range roles {
		if s, _ := r.(string); !connectorIDRE.MatchString(s) || slices.Contains([]string{"coordinator", "squad-coordinator", "federation-coordinator", "scribe", "council"}, s) {
			t.Errorf("%s: role %v", path, r)
		}
	}
}

// TestExchangeHashes checks every state file pins the exact request and
// snapshot bytes, and a consumed one the result bytes too.
func TestExchangeHashes(t *testing.T) {
	files := tree(t, generate(t, 20, 1))
	states := 0
	for path, data := range files {
		if !strings.HasSuffix(path, ".state.json") {
			continue
		}
		states++
		var st taskState
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		mailbox := strings.TrimSuffix(path, ".squad-connector/"+st.TaskID+".state.json")
		want := map[string]string{"request": st.RequestSha256, "snapshot": st.SnapshotSha256}
		if st.Consumed {
			want["result"] = st.ResultSha256
		}
		for kind, sum := range want {
			body, ok := files[mailbox+st.TaskID+"."+kind+".json"]
			if !ok || !hexRE.MatchString(sum) || sha256Hex(body) != sum {
				t.Errorf("%s: %sSha256 does not match %s", path, kind, kind)
			}
		}
		var res result
		if err := json.Unmarshal(files[mailbox+st.TaskID+".result.json"], &res); err != nil {
			t.Fatalf("%s result: %v", path, err)
		}
		for _, a := range allArtifacts(res) {
			if _, ok := files[a.Path]; !ok {
				t.Errorf("%s: artifact %s not written", path, a.Path)
			}
		}
	}
	if states != 20 {
		t.Errorf("%d state files, want 20", states)
	}
}

func allArtifacts(r result) []artifact {
	out := slices.Clone(r.Artifacts)
	for _, o := range r.Outputs {
		out = append(out, o.Artifacts...)
	}
	return out
}

// TestHVEHistoryClaimsDeliverables checks each history entry's deliverable
// exists, the property squad state rules check hardest.
func TestHVEHistoryClaimsDeliverables(t *testing.T) {
	files := tree(t, generate(t, 20, 1))
	re := regexp.MustCompile("(?m)^\\* Deliverable: `([^`]+)` \\((\\d+) bytes\\)$")
	found := 0
	for path, data := range files {
		if !strings.HasPrefix(path, hveRoot+"history/") {
			continue
		}
		for _, m := range re.FindAllSubmatch(data, -1) {
			found++
			if _, ok := files[string(m[1])]; !ok {
				t.Errorf("%s: deliverable %s missing", path, m[1])
			}
		}
	}
	if found == 0 {
		t.Error("no history entry claims a deliverable")
	}
}

func TestRefusesNonEmptyOutput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(dir, 20, 1, nil); err == nil {
		t.Error("run into a non-empty directory succeeded")
	}
}
