package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squadci/squadci/internal/testtool"
)

// conformanceFormatRun runs the suite in one format on the starter repo
// with the pickup known-bad adapter: one failed scenario (pickup), one not
// applicable (fan-out), ten passed.
func conformanceFormatRun(t *testing.T, format string) string {
	t.Helper()
	dir := conformanceRepo(t)
	script, err := os.ReadFile(filepath.Join("testdata", "conformance", "pickup.sh"))
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{"scripts/bad.sh": string(script)})
	code, out, stderr := runTB(t, dir, conformanceEnv(t), "connector", "conformance", "--connector", "acme-conf", "--format", format, "--", "sh", "scripts/bad.sh")
	if code != exitFindings || !strings.Contains(stderr, "10 passed, 1 failed, 1 not applicable") {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, stderr)
	}
	return out
}

// junitparser (Debian's python3-junitparser) reads the JUnit XML: one
// suite, one case per scenario, the failure and the skip where they are.
func TestConformanceJUnitParses(t *testing.T) {
	t.Parallel()
	python := testtool.JUnitParser(t)
	out := conformanceFormatRun(t, "junit")
	var doc junitSuites
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out)
	}
	file := filepath.Join(t.TempDir(), "conformance.xml")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	const script = `import sys
from junitparser import JUnitXml, Failure, Skipped
xml = JUnitXml.fromfile(sys.argv[1])
for suite in xml:
    print("suite", suite.name, suite.tests, suite.failures, suite.skipped)
    for case in suite:
        kinds = [type(r).__name__ for r in case.result]
        print("case", case.name.split(" ")[0], ",".join(kinds) or "passed", case.classname)
`
	got, err := exec.Command(python, "-c", script, file).CombinedOutput()
	if err != nil {
		t.Fatalf("junitparser: %v\n%s", err, got)
	}
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	want := []string{"suite squadci connector conformance acme-conf 12 1 1"}
	for _, sc := range conformanceScenarios {
		kind := "passed"
		switch sc.name {
		case "pickup":
			kind = "Failure"
		case "fan-out":
			kind = "Skipped"
		}
		want = append(want, "case "+sc.name+" "+kind+" conformance.acme-conf")
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("junitparser read:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// The SARIF log passes the multitool (GitHub's ingestion rules and the
// SARIF rules): every scenario a rule, the failed one a result at the
// manifest.
func TestConformanceSARIFValidates(t *testing.T) {
	t.Parallel()
	tool := testtool.Multitool(t)
	out := conformanceFormatRun(t, "sarif")
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, EndLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Tool.Driver.Rules) != len(conformanceScenarios) || len(log.Runs[0].Results) != 1 ||
		log.Runs[0].Results[0].RuleID != "conformance/pickup" || log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "connectors/acme-conf.json" {
		t.Fatalf("unexpected log:\n%s", out)
	}
	res := log.Runs[0].Results[0]
	if rules := log.Runs[0].Tool.Driver.Rules; rules[res.RuleIndex].ID != res.RuleID {
		t.Errorf("ruleIndex %d names %s, not %s", res.RuleIndex, rules[res.RuleIndex].ID, res.RuleID)
	}
	if reg := res.Locations[0].PhysicalLocation.Region; reg.StartLine != 1 || reg.EndLine < 2 {
		t.Errorf("the result is not about the whole manifest: %+v", reg)
	}
	file := filepath.Join(t.TempDir(), "conformance.sarif")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if problems, output := testtool.ValidateSARIF(t, tool, file); len(problems) > 0 {
		t.Errorf("multitool reports errors:\n%s\n%s", strings.Join(problems, "\n"), output)
	}
}

// The text report names each scenario's verdict and checklist item, and
// the evidence of the failed one.
func TestConformanceText(t *testing.T) {
	t.Parallel()
	out := conformanceFormatRun(t, "text")
	for _, want := range []string{"FAIL  pickup  (checklist item 3:", "N/A   fan-out  (checklist item 11:", "PASS  replay  (checklist item 2:",
		"no t-", "10 passed, 1 failed, 1 not applicable"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}
