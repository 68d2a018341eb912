package report

import (
	"io"

	"github.com/squadci/squadci/internal/textutil"
	"github.com/squadci/squadci/lint/diag"
)

// A SARIF log of rules that are not lint's registered ones (the adapter
// conformance kit's scenarios), written with the same model and limits as
// WriteSARIF: one way to write SARIF.

// SARIFTool names the tool of a log.
type SARIFTool struct {
	Name           string
	Version        string // a leading "v" before a digit is dropped
	InformationURI string
}

// SARIFRule is one rule of the log.
type SARIFRule struct {
	ID, Name    string
	Short, Full string
	Help        string // plain text, also used as the Markdown help
	HelpURI     string
	Severity    diag.Severity // the rule's default level
}

// SARIFResult is one result: a rule's finding about whole lines of a
// repository-relative file.
type SARIFResult struct {
	RuleID             string
	Severity           diag.Severity
	Message            string
	Path               string
	StartLine, EndLine int
}

// WriteSARIFLog writes a SARIF 2.1.0 log of one run with the given rules
// and results. A result whose rule is not among rules has no ruleIndex.
// The error is only ever an I/O error.
func WriteSARIFLog(w io.Writer, tool SARIFTool, rules []SARIFRule, results []SARIFResult) error {
	driver := sarifDriver{
		Name:            tool.Name,
		Version:         toolVersion(tool.Version),
		SemanticVersion: semanticVersion(tool.Version),
		InformationURI:  tool.InformationURI,
		Rules:           make([]sarifRule, 0, len(rules)),
	}
	index := make(map[string]int, len(rules))
	for i, r := range rules {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID:                   r.ID,
			Name:                 textutil.Truncate(r.Name, 255),
			ShortDescription:     sarifText{Text: textutil.Truncate(r.Short, sarifMaxText)},
			FullDescription:      sarifText{Text: textutil.Truncate(r.Full, sarifMaxText)},
			Help:                 sarifHelp{Text: r.Help, Markdown: r.Help},
			HelpURI:              r.HelpURI,
			DefaultConfiguration: sarifRuleConf{Level: sarifLevel(r.Severity)},
		})
	}
	out := sarifRun{Tool: sarifTool{Driver: driver}, ColumnKind: "unicodeCodePoints", Results: make([]sarifResult, 0, len(results))}
	for _, r := range results {
		start := max(r.StartLine, 1)
		res := sarifResult{
			RuleID:  r.RuleID,
			Level:   sarifLevel(r.Severity),
			Message: sarifText{Text: r.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: sarifArtifact{URI: pathURI(r.Path), URIBaseID: srcRoot},
				Region:           sarifRegion{StartLine: start, EndLine: max(r.EndLine, start)},
			}}},
		}
		if n, ok := index[r.RuleID]; ok {
			res.RuleIndex = &n
		}
		out.Results = append(out.Results, res)
	}
	return encodeSARIF(w, out)
}
