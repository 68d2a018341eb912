package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/squadci/squadci/internal/testtool"
)

func TestSARIFSchema(t *testing.T) {
	path := testtool.SARIFSchemaPath()
	if path == "" {
		testtool.Missing(t, "sarif-2.1.0.json", "npm install @microsoft/sarif-multitool")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("file:///sarif-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("file:///sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range sarifCases() {
		out, _ := writeSARIF(t, tc.run)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("%s: SARIF does not match the 2.1.0 schema:\n%v", tc.name, err)
		}
	}
}

// TestSARIFMultitool runs Microsoft's validator with GitHub's ingestion rules
// (GH1xxx/GH2xxx) and the SARIF rules; any error fails the test.
func TestSARIFMultitool(t *testing.T) {
	tool := testtool.Multitool(t)
	for _, tc := range sarifCases() {
		if tc.big {
			continue
		}
		out, _ := writeSARIF(t, tc.run)
		in := filepath.Join(t.TempDir(), "out.sarif")
		if err := os.WriteFile(in, out, 0o644); err != nil {
			t.Fatal(err)
		}
		problems, output := testtool.ValidateSARIF(t, tool, in)
		if len(problems) > 0 {
			t.Errorf("%s: multitool reports errors:\n%s", tc.name, strings.Join(problems, "\n"))
		}
		t.Logf("%s: multitool output:\n%s", tc.name, output)
	}
}
