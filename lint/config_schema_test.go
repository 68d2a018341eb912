package lint

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/squadci/squadci/internal/testtool"
	"gopkg.in/yaml.v3"
)

const configSchemaPath = "../docs/schema/squadci-1.schema.json"

// configFixture is one config file: its YAML and the JSON value an editor's
// YAML 1.2 reader gives the schema. yamlOnly names the first YAML form that
// value cannot carry (an alias, a duplicate key, 0x1, ...), "" when none.
type configFixture struct {
	path     string
	src      []byte
	json     []byte
	yamlOnly string
}

// configFixtureFiles lists every config file the tests hold: the config
// fixtures, the engine fixtures' configs, the example's and squadci's own.
func configFixtureFiles(t testing.TB) []string {
	t.Helper()
	files := []string{"../.squadci.yml"}
	for _, root := range []string{"../testdata/config", "../testdata/engine", "../examples"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			rel := filepath.ToSlash(p)
			if strings.HasPrefix(rel, "../testdata/config/") && strings.HasSuffix(rel, ".yml") {
				files = append(files, p)
				return nil
			}
			for _, name := range ConfigFiles {
				if strings.HasSuffix(rel, "/"+name) {
					files = append(files, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

func loadConfigFixture(t testing.TB, path string) configFixture {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := configFixture{path: path, src: src}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		f.yamlOnly = "invalid YAML"
		return f
	}
	var v any = map[string]any{} // an empty file is an empty config
	if len(doc.Content) > 0 {
		v = yamlToJSON(doc.Content[0], &f.yamlOnly)
	}
	if f.json, err = json.Marshal(v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// yamlToJSON converts a YAML node the way a YAML 1.2 reader does (anchors
// resolved, aliases expanded), noting in yamlOnly the first form JSON cannot
// carry and squadci judges by its YAML spelling.
func yamlToJSON(n *yaml.Node, yamlOnly *string) any {
	note := func(what string) {
		if *yamlOnly == "" {
			*yamlOnly = what
		}
	}
	if n.Anchor != "" {
		note("an anchor")
	}
	switch n.Kind {
	case yaml.AliasNode:
		note("an alias")
		return yamlToJSON(n.Alias, yamlOnly)
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if _, dup := m[k]; dup {
				note("a duplicate key")
			}
			m[k] = yamlToJSON(n.Content[i+1], yamlOnly)
		}
		return m
	case yaml.SequenceNode:
		a := make([]any, 0, len(n.Content))
		for _, e := range n.Content {
			a = append(a, yamlToJSON(e, yamlOnly))
		}
		return a
	}
	return yamlScalar(n, note)
}

func yamlScalar(n *yaml.Node, note func(string)) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		n.Decode(&b)
		return b
	case "!!int":
		var i int64
		if n.Decode(&i) != nil {
			note("an integer beyond 64 bits")
			return n.Value
		}
		if strconv.FormatInt(i, 10) != n.Value {
			note("an integer not in plain decimal")
		}
		return i
	case "!!float":
		var f float64
		n.Decode(&f)
		if math.IsInf(f, 0) || math.IsNaN(f) || f == math.Trunc(f) {
			note("a float JSON Schema reads as an integer, or none")
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return n.Value
		}
		return f
	case "!!str":
		return n.Value
	}
	note("a " + n.ShortTag() + " scalar")
	return n.Value
}

// configBlind reports a config error JSON Schema cannot express: glob
// syntax beyond a leading '/' and backslashes, a squadstate.profile
// release, and a timeout that rounds to zero or overflows.
func configBlind(f configFixture, err error) bool {
	if f.yamlOnly != "" {
		return true
	}
	var ce *ConfigError
	if !errors.As(err, &ce) {
		return false
	}
	msg := ce.Message
	if i := strings.Index(msg, "invalid glob "); i >= 0 {
		rest := msg[i+len("invalid glob "):]
		if q, qerr := strconv.QuotedPrefix(rest); qerr == nil {
			g, _ := strconv.Unquote(q)
			return g != "" && !strings.HasPrefix(g, "/") && !strings.Contains(g, `\`)
		}
	}
	return strings.Contains(msg, "want an HVE Squad release")
}

// TestConfigSchemaAgreesWithParseConfig: the published config schema
// accepts a config file exactly when ParseConfig does, except for the
// forms JSON Schema cannot see (listed in the schema's description).
func TestConfigSchemaAgreesWithParseConfig(t *testing.T) {
	abs, err := filepath.Abs(configSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	schema, err := jsonschema.NewCompiler().Compile(abs)
	if err != nil {
		t.Fatal(err)
	}
	compared, valid := 0, 0
	for _, path := range configFixtureFiles(t) {
		f := loadConfigFixture(t, path)
		_, perr := ParseConfig(path, f.src)
		rel := filepath.ToSlash(path)
		switch {
		case strings.Contains(rel, "/testdata/config/ok/") && perr != nil:
			t.Errorf("%s: a valid fixture, but ParseConfig says %v", path, perr)
		case strings.Contains(rel, "/testdata/config/err/") && perr == nil:
			t.Errorf("%s: an invalid fixture, but ParseConfig accepts it", path)
		}
		if perr != nil && configBlind(f, perr) {
			continue
		}
		compared++
		if perr == nil {
			valid++
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(f.json))
		if err != nil {
			t.Fatal(err)
		}
		if verr := schema.Validate(inst); (verr == nil) != (perr == nil) {
			t.Errorf("%s (as JSON %s): schema says %v, ParseConfig says %v", path, f.json, verr, perr)
		}
	}
	t.Logf("compared %d config files (%d valid)", compared, valid)
	if compared < 50 || valid < 10 {
		t.Errorf("only %d config files compared, %d valid", compared, valid)
	}
}

// TestConfigSchemaWithAJV: ajv-cli, in draft 2020-12 mode, accepts every
// config fixture ParseConfig accepts (as the JSON an editor reads) and
// rejects every one ParseConfig rejects for a reason the schema expresses.
func TestConfigSchemaWithAJV(t *testing.T) {
	ajv := testtool.AJV(t)
	schema, err := filepath.Abs(configSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	want := map[string]bool{}
	var data []string
	for i, path := range configFixtureFiles(t) {
		f := loadConfigFixture(t, path)
		_, perr := ParseConfig(path, f.src)
		if perr != nil && configBlind(f, perr) {
			continue
		}
		name := filepath.Join(dir, strconv.Itoa(i)+"-"+filepath.Base(path)+".json")
		if err := os.WriteFile(name, f.json, 0o644); err != nil {
			t.Fatal(err)
		}
		want[name] = perr == nil
		data = append(data, name)
	}
	valid := 0
	for name, ok := range testtool.AJVValidate(t, ajv, schema, data) {
		if ok {
			valid++
		}
		if ok != want[name] {
			t.Errorf("%s: ajv accepts=%v, ParseConfig accepts=%v", filepath.Base(name), ok, want[name])
		}
	}
	t.Logf("ajv judged %d config files (%d valid)", len(data), valid)
}
