package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/internal/textutil"
	"github.com/squadci/squadci/lint/diag"
)

// SARIF 2.1.0 as GitHub code scanning ingests it (docs: lint-anchors §3.6).
// Only the properties we fill are modelled; required ones are never empty.

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	toolInfoURI  = "https://github.com/squadci/squadci"
	srcRoot      = "%SRCROOT%"

	// SARIFMaxResults is GitHub's hard cap per run; past it the upload fails.
	SARIFMaxResults = 25000
	// SARIFShownResults is how many results GitHub displays per run.
	SARIFShownResults = 5000
	// sarifMaxText is GitHub's limit for rule descriptions.
	sarifMaxText = 1024
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool              sarifTool         `json:"tool"`
	AutomationDetails *sarifAutomation  `json:"automationDetails,omitempty"`
	ColumnKind        string            `json:"columnKind"`
	Results           []sarifResult     `json:"results"`
	Invocations       []sarifInvocation `json:"invocations,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version,omitempty"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string        `json:"id"`
	Name                 string        `json:"name"`
	ShortDescription     sarifText     `json:"shortDescription"`
	FullDescription      sarifText     `json:"fullDescription"`
	Help                 sarifHelp     `json:"help"`
	HelpURI              string        `json:"helpUri"`
	DefaultConfiguration sarifRuleConf `json:"defaultConfiguration"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifRuleConf struct {
	Level string `json:"level"`
}

type sarifAutomation struct {
	ID string `json:"id"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           *int              `json:"ruleIndex,omitempty"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`    // the other places of one cause
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"` // always set by WriteSARIF
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	Properties          *sarifProperties  `json:"properties,omitempty"`
}

// sarifProperties is a result's property bag: the names the fix may
// choose from (Diagnostic.Candidates), which the message never lists.
type sarifProperties struct {
	Candidates []string `json:"candidates"`
}

func sarifPropertiesOf(f *Finding) *sarifProperties {
	if len(f.Candidates) == 0 {
		return nil
	}
	return &sarifProperties{Candidates: f.Candidates}
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"` // related locations only
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

// sarifRegion's columns are always set by WriteSARIF; a region without
// them is whole lines (WriteSARIFLog).
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

// WriteSARIF writes run as a SARIF 2.1.0 log with every registered rule in
// rules[]. Past GitHub's cap it keeps the most severe results; the returned
// warnings say so (they are also recorded in the log as notifications). The
// error is only ever an I/O error.
func WriteSARIF(w io.Writer, run *Run) (warnings []string, err error) {
	rules := diag.All()
	index := make(map[string]int, len(rules))
	driver := sarifDriver{
		Name:            toolName(run),
		Version:         toolVersion(run.ToolVersion),
		SemanticVersion: semanticVersion(run.ToolVersion),
		InformationURI:  toolInfoURI,
		Rules:           make([]sarifRule, 0, len(rules)),
	}
	for i, r := range rules {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, newSARIFRule(r))
	}

	fingerprints := lineHashes(run.Findings)
	keep, warnings := capResults(run.Findings)
	out := sarifRun{
		Tool:       sarifTool{Driver: driver},
		ColumnKind: "unicodeCodePoints",
		Results:    make([]sarifResult, 0, len(keep)),
	}
	if id := automationID(run.Category); id != "" {
		out.AutomationDetails = &sarifAutomation{ID: id}
	}
	for _, i := range keep {
		res := newSARIFResult(&run.Findings[i], fingerprints[i])
		if n, ok := index[res.RuleID]; ok {
			res.RuleIndex = &n
		}
		out.Results = append(out.Results, res)
	}
	// What --baseline and --new-from-rev hid is a note of the invocation.
	notes := run.Adoption.Sentences()
	if len(warnings) > 0 || len(notes) > 0 {
		inv := sarifInvocation{ExecutionSuccessful: true}
		for _, msg := range warnings {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
				sarifNotification{Level: "warning", Message: sarifText{Text: msg}})
		}
		for _, msg := range notes {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
				sarifNotification{Level: "note", Message: sarifText{Text: msg}})
		}
		out.Invocations = []sarifInvocation{inv}
	}

	return warnings, encodeSARIF(w, out)
}

// encodeSARIF writes a log of the one run, indented, HTML left unescaped.
func encodeSARIF(w io.Writer, run sarifRun) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}}); err != nil {
		return fmt.Errorf("writing sarif report: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing sarif report: %w", err)
	}
	return nil
}

func newSARIFRule(r *diag.Rule) sarifRule {
	full := r.Full
	if full == "" {
		full = r.Short
	}
	help := r.Help
	if help == "" {
		help = full
	}
	url := r.HelpURL()
	return sarifRule{
		ID:               r.ID,
		Name:             textutil.Truncate(r.Name, 255),
		ShortDescription: sarifText{Text: textutil.Truncate(r.Short, sarifMaxText)},
		FullDescription:  sarifText{Text: textutil.Truncate(full, sarifMaxText)},
		Help: sarifHelp{
			Text:     help + "\n\nDocumentation: " + url,
			Markdown: help + "\n\n[" + r.ID + " documentation](" + url + ")",
		},
		HelpURI:              url,
		DefaultConfiguration: sarifRuleConf{Level: sarifLevel(r.Severity)},
	}
}

func newSARIFResult(f *Finding, fingerprint string) sarifResult {
	msg := f.Message
	if strings.TrimSpace(msg) == "" {
		msg = "finding of rule " + f.Rule
		if r := ruleOf(f); r != nil {
			msg = r.Short
		}
	}
	return sarifResult{
		RuleID:  f.Rule,
		Level:   sarifLevel(f.Severity),
		Message: sarifText{Text: msg},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
			ArtifactLocation: sarifArtifact{URI: pathURI(f.Path), URIBaseID: srcRoot},
			Region:           sarifRegionOf(f),
		}}},
		RelatedLocations:    sarifRelated(f),
		PartialFingerprints: partialFingerprints(f, fingerprint),
		Fixes:               sarifFixes(f),
		Properties:          sarifPropertiesOf(f),
	}
}

// sarifRelated are the other places of a grouped finding, numbered from 1.
func sarifRelated(f *Finding) []sarifLocation {
	if len(f.Others) == 0 {
		return nil
	}
	out := make([]sarifLocation, 0, len(f.Others))
	for i := range f.Others {
		o := &f.Others[i]
		id := i + 1
		out = append(out, sarifLocation{
			ID: &id,
			PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: pathURI(o.Path), URIBaseID: srcRoot},
				Region:           sarifRegionOf(o),
			},
			Message: &sarifText{Text: "the same finding, of the same cause"},
		})
	}
	return out
}

// sarifRegionOf clamps positions to what SARIF and GitHub accept: lines and
// columns from 1, the end not before the start, and a region on one line at
// least one column wide.
func sarifRegionOf(f *Finding) sarifRegion {
	reg := sarifRegion{
		StartLine:   max(f.Line, 1),
		StartColumn: max(f.Column, 1),
	}
	reg.EndLine = max(f.EndLine, reg.StartLine)
	reg.EndColumn = max(f.EndColumn, 1)
	if reg.EndLine == reg.StartLine {
		reg.EndColumn = max(reg.EndColumn, reg.StartColumn+1)
	}
	return reg
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.SeverityError:
		return "error"
	case diag.SeverityWarning:
		return "warning"
	case diag.SeverityNote:
		return "note"
	}
	return "none"
}

// automationID turns --sarif-category into GitHub's `category/run-id` form:
// a category without a slash gets one appended.
func automationID(category string) string {
	category = strings.TrimSpace(category)
	if category == "" || strings.Contains(category, "/") {
		return category
	}
	return category + "/"
}

// toolVersion drops a leading "v" before a digit: GitHub and the SARIF
// validator compare versions that start with a number.
func toolVersion(v string) string {
	if len(v) > 1 && v[0] == 'v' && v[1] >= '0' && v[1] <= '9' {
		return v[1:]
	}
	return v
}

var semverPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
})

// semanticVersion returns v without a leading "v" when it is semver, else "".
func semanticVersion(v string) string {
	v = toolVersion(v)
	if semverPattern().MatchString(v) {
		return v
	}
	return ""
}

// pathURI percent-encodes a repository-relative path into a relative URI
// reference: everything but unreserved characters and '/' is escaped, so
// '%', ':', '#', '?', spaces and non-ASCII cannot change its meaning.
func pathURI(path string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c == '/' || c == '-' || c == '.' || c == '_' || c == '~' ||
			('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// partialFingerprints are codeql-action's line hash and squadci's own
// fingerprint (the one baselines and review markers use), when it has one;
// for a grouped finding, its cause's (CauseFingerprint).
func partialFingerprints(f *Finding, lineHash string) map[string]string {
	m := map[string]string{"primaryLocationLineHash": lineHash}
	if f.Fingerprint != "" {
		m["squadci/v2"] = fmt.Sprintf("%s:%d", f.CauseFingerprint(), f.IdentityOccurrence())
	}
	return m
}
