package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"strings"

	"github.com/squadci/squadci/internal/buildinfo"
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

type confSARIF struct {
	Schema  string         `json:"$schema"`
	Version string         `json:"version"`
	Runs    []confSARIFRun `json:"runs"`
}

type confSARIFRun struct {
	Tool    confSARIFTool     `json:"tool"`
	Results []confSARIFResult `json:"results"`
}

type confSARIFTool struct {
	Driver confSARIFDriver `json:"driver"`
}

type confSARIFDriver struct {
	Name           string          `json:"name"`
	Version        string          `json:"version"`
	InformationURI string          `json:"informationUri"`
	Rules          []confSARIFRule `json:"rules"`
}

type confSARIFRule struct {
	ID               string        `json:"id"`
	Name             string        `json:"name"`
	ShortDescription confSARIFText `json:"shortDescription"`
	FullDescription  confSARIFText `json:"fullDescription"`
	Help             confSARIFHelp `json:"help"`
	HelpURI          string        `json:"helpUri"`
}

type confSARIFHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type confSARIFText struct {
	Text string `json:"text"`
}

type confSARIFResult struct {
	RuleID    string              `json:"ruleId"`
	RuleIndex int                 `json:"ruleIndex"`
	Level     string              `json:"level"`
	Message   confSARIFText       `json:"message"`
	Locations []confSARIFLocation `json:"locations"`
}

type confSARIFLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region confSARIFRegion `json:"region"`
	} `json:"physicalLocation"`
}

// confSARIFRegion is the whole manifest, lines 1 to its last.
type confSARIFRegion struct {
	StartLine int `json:"startLine"`
	EndLine   int `json:"endLine"`
}

// conformanceDocsURL is the page that maps the checklist to scenarios.
const conformanceDocsURL = "https://github.com/squadci/squadci/blob/main/docs/conformance.md"

func (rep *conformanceReport) sarif() ([]byte, error) {
	run := confSARIFRun{Tool: confSARIFTool{Driver: confSARIFDriver{Name: "squadci connector conformance",
		Version: buildinfo.Get().Version, InformationURI: conformanceDocsURL}}, Results: []confSARIFResult{}}
	for i, sc := range conformanceScenarios {
		short := fmt.Sprintf("Checklist item %d: %s", sc.item, checklist[sc.item-1])
		help := "Scenario " + sc.name + ": " + sc.about + ". Run `squadci connector conformance --connector ID --scenario " +
			sc.name + " --keep DIR` to look at its tree."
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, confSARIFRule{ID: "conformance/" + sc.name, Name: sc.name,
			ShortDescription: confSARIFText{Text: short},
			FullDescription:  confSARIFText{Text: "The scenario: " + sc.about + "."},
			Help:             confSARIFHelp{Text: help, Markdown: help},
			HelpURI:          conformanceDocsURL + "#" + sc.name})
		for _, r := range rep.results {
			if r.Scenario != sc.name || r.Verdict != verdictFailed {
				continue
			}
			res := confSARIFResult{RuleID: "conformance/" + sc.name, RuleIndex: i, Level: "error",
				Message: confSARIFText{Text: strings.TrimSpace(oneLine(r.Message) + "\n" + evidenceText(r))}}
			var loc confSARIFLocation
			loc.PhysicalLocation.ArtifactLocation.URI = rep.manifest
			loc.PhysicalLocation.Region = confSARIFRegion{StartLine: 1, EndLine: max(rep.manifestLines, 1)}
			res.Locations = []confSARIFLocation{loc}
			run.Results = append(run.Results, res)
		}
	}
	b, err := json.MarshalIndent(confSARIF{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []confSARIFRun{run}}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
