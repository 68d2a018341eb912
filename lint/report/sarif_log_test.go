package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func TestWriteSARIFLogOfOtherRules(t *testing.T) {
	var b bytes.Buffer
	err := WriteSARIFLog(&b, SARIFTool{Name: "kit", Version: "v1.2.3", InformationURI: "https://example.com/kit"},
		[]SARIFRule{
			{ID: "kit/a", Name: "a", Short: "A.", Full: "All of A.", Help: "Do A.", HelpURI: "https://example.com/kit#a", Severity: diag.SeverityError},
			{ID: "kit/b", Name: "b", Short: strings.Repeat("x", 2000), Severity: diag.SeverityWarning},
		},
		[]SARIFResult{
			{RuleID: "kit/b", Severity: diag.SeverityWarning, Message: "b failed", Path: "connectors/a b.json", StartLine: 1, EndLine: 7},
			{RuleID: "kit/none", Severity: diag.SeverityNote, Message: "unknown rule", Path: "x.json", StartLine: 0, EndLine: 0},
		})
	if err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log["runs"].([]any)[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	if driver["version"] != "1.2.3" || driver["semanticVersion"] != "1.2.3" || driver["name"] != "kit" {
		t.Errorf("driver %v", driver)
	}
	rules := driver["rules"].([]any)
	if a := rules[0].(map[string]any); a["defaultConfiguration"].(map[string]any)["level"] != "error" ||
		a["help"].(map[string]any)["markdown"] != "Do A." || a["helpUri"] != "https://example.com/kit#a" {
		t.Errorf("rule a %v", a)
	}
	if short := rules[1].(map[string]any)["shortDescription"].(map[string]any)["text"].(string); len(short) > sarifMaxText {
		t.Errorf("short description of %d bytes, over GitHub's %d", len(short), sarifMaxText)
	}
	results := run["results"].([]any)
	first := results[0].(map[string]any)
	if first["ruleIndex"] != 1.0 || first["level"] != "warning" {
		t.Errorf("first result %v", first)
	}
	loc := first["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)
	if uri := loc["artifactLocation"].(map[string]any)["uri"]; uri != "connectors/a%20b.json" {
		t.Errorf("uri %v", uri)
	}
	// Whole lines: no columns.
	if reg := loc["region"].(map[string]any); len(reg) != 2 || reg["startLine"] != 1.0 || reg["endLine"] != 7.0 {
		t.Errorf("region %v", reg)
	}
	second := results[1].(map[string]any)
	if _, ok := second["ruleIndex"]; ok {
		t.Errorf("a result of no listed rule has a ruleIndex: %v", second)
	}
	reg := second["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"].(map[string]any)
	if reg["startLine"] != 1.0 || reg["endLine"] != 1.0 {
		t.Errorf("lines are clamped to 1: %v", reg)
	}
}
