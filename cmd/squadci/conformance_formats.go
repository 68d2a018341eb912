package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/squadci/squadci/internal/buildinfo"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/report"
)

// JUnit XML: one test suite, one test case per scenario, so a workflow's
// test report shows each checklist item. A failed scenario has a
// <failure>, one that does not apply is <skipped>.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitMessage `xml:"failure,omitempty"`
	Skipped   *junitMessage `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

func (rep *conformanceReport) junit() ([]byte, error) {
	suite := junitSuite{Name: "squadci connector conformance " + rep.connectorID, Tests: len(rep.results),
		Failures: rep.counts.Failed, Skipped: rep.counts.NotApplicable}
	total := 0.0
	for _, r := range rep.results {
		total += r.Seconds
		c := junitCase{Name: fmt.Sprintf("%s (item %d: %s)", r.Scenario, r.Item, r.Checklist),
			Classname: "conformance." + rep.connectorID, Time: seconds(r.Seconds)}
		details := xmlSafe(evidenceText(r))
		switch r.Verdict {
		case verdictFailed:
			c.Failure = &junitMessage{Message: xmlSafe(oneLine(r.Message)), Type: "conformance", Text: details}
		case verdictNotApplicable:
			c.Skipped = &junitMessage{Message: xmlSafe(oneLine(r.Message))}
		default:
			c.SystemOut = xmlSafe(oneLine(r.Message) + "\n" + evidenceText(r))
		}
		suite.Cases = append(suite.Cases, c)
	}
	suite.Time = seconds(total)
	doc := junitSuites{Name: "squadci connector conformance", Tests: suite.Tests, Failures: suite.Failures,
		Skipped: suite.Skipped, Time: suite.Time, Suites: []junitSuite{suite}}
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append([]byte(xml.Header), append(b, '\n')...), nil
}

func seconds(s float64) string { return fmt.Sprintf("%.3f", s) }

func evidenceText(r scenarioResult) string {
	var b strings.Builder
	for _, e := range r.Evidence {
		b.WriteString(oneLine(e.text()) + "\n")
	}
	return b.String()
}

// xmlSafe drops the characters XML 1.0 cannot carry at all (encoding/xml
// would write them as-is or refuse them).
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20, r == 0xFFFE, r == 0xFFFF, r >= 0xD800 && r <= 0xDFFF:
			return '\uFFFD'
		}
		return r
	}, s)
}

// SARIF 2.1.0: each scenario is a rule, each failed scenario one result
// at the connector's manifest (the one file of the repository every
// scenario is about), its evidence in the message.

// conformanceDocsURL is the page that maps the checklist to scenarios.
const conformanceDocsURL = "https://github.com/squadci/squadci/blob/main/docs/conformance.md"

func (rep *conformanceReport) sarif() ([]byte, error) {
	tool := report.SARIFTool{Name: "squadci connector conformance", Version: buildinfo.Get().Version, InformationURI: conformanceDocsURL}
	var rules []report.SARIFRule
	var results []report.SARIFResult
	for _, sc := range conformanceScenarios {
		help := "Scenario " + sc.name + ": " + sc.about + ". Run `squadci connector conformance --connector ID --scenario " +
			sc.name + " --keep DIR` to look at its tree."
		rules = append(rules, report.SARIFRule{ID: "conformance/" + sc.name, Name: sc.name,
			Short:    fmt.Sprintf("Checklist item %d: %s", sc.item, checklist[sc.item-1]),
			Full:     "The scenario: " + sc.about + ".",
			Help:     help,
			HelpURI:  conformanceDocsURL + "#" + sc.name,
			Severity: diag.SeverityError})
		for _, r := range rep.results {
			if r.Scenario != sc.name || r.Verdict != verdictFailed {
				continue
			}
			results = append(results, report.SARIFResult{RuleID: "conformance/" + sc.name, Severity: diag.SeverityError,
				Message: strings.TrimSpace(oneLine(r.Message) + "\n" + evidenceText(r)),
				Path:    rep.manifest, StartLine: 1, EndLine: max(rep.manifestLines, 1)})
		}
	}
	var b bytes.Buffer
	if err := report.WriteSARIFLog(&b, tool, rules, results); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
