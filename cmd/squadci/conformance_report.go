package main

import (
	"fmt"
	"io"
	"strings"
)

// writeConformance prints the report in the chosen format.
func (c *Command) writeConformance(rep *conformanceReport, format string) int {
	switch format {
	case "json":
		return c.writeJSON(rep.document())
	case "junit":
		return c.writeBytes(rep.junit())
	case "sarif":
		return c.writeBytes(rep.sarif())
	}
	rep.writeText(c.Stdout)
	return exitOK
}

func (c *Command) writeBytes(b []byte, err error) int {
	if err == nil {
		_, err = c.Stdout.Write(b)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: writing output: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// conformanceDocument is `connector conformance --format json`, version 1.
type conformanceDocument struct {
	Version       int               `json:"version"`
	ConnectorID   string            `json:"connectorId"`
	EndpointKind  string            `json:"endpointKind"`
	SchemaVersion string            `json:"schemaVersion"`
	Adapter       []string          `json:"adapter"`
	Scenarios     []scenarioResult  `json:"scenarios"`
	Counts        conformanceCounts `json:"counts"`
}

func (rep *conformanceReport) document() conformanceDocument {
	d := conformanceDocument{Version: 1, ConnectorID: rep.connectorID, EndpointKind: rep.endpointKind,
		SchemaVersion: rep.schemaVersion, Adapter: rep.argv, Scenarios: rep.results, Counts: rep.counts}
	if d.Scenarios == nil {
		d.Scenarios = []scenarioResult{}
	}
	return d
}

var verdictWord = map[string]string{verdictPassed: "PASS", verdictFailed: "FAIL", verdictNotApplicable: "N/A "}

// writeText prints one block per scenario: verdict, name, checklist item,
// message, evidence. Every string from the adapter's files is shown on
// one line, as data.
func (rep *conformanceReport) writeText(w io.Writer) {
	fmt.Fprintf(w, "connector %s (%s, schemaVersion %s), adapter: %s\n\n", rep.connectorID, rep.endpointKind, rep.schemaVersion, strings.Join(rep.argv, " "))
	for _, r := range rep.results {
		fmt.Fprintf(w, "%s  %s  (checklist item %d: %s)\n", verdictWord[r.Verdict], r.Scenario, r.Item, r.Checklist)
		fmt.Fprintf(w, "      %s\n", oneLine(r.Message))
		for _, e := range r.Evidence {
			fmt.Fprintf(w, "      - %s\n", oneLine(e.text()))
		}
		if r.Tree != "" {
			fmt.Fprintf(w, "      tree kept in %s\n", r.Tree)
		}
	}
	fmt.Fprintf(w, "\n%s\n", rep.counts.summary())
}

func (e evidence) text() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File + ": ")
	}
	b.WriteString(e.Message)
	if e.Rule != "" {
		fmt.Fprintf(&b, " [%s]", e.Rule)
	}
	return b.String()
}

// conformanceAbout is the command's help text.
const conformanceAbout = `Run the adapter of connector ID through one scenario per item of the
compatibility checklist (docs/conformance.md): manifest-clean, replay, pickup,
decoy, identity, artifacts, deadline, canary-secrets, hostile-fields, authority,
fan-out (orchestrators only; otherwise not applicable) and hostile-narrative.
The adapter is adapters.<ID>.command of the configuration, or CMD ARGS after --.
Each scenario runs in a fresh temporary directory holding a copy of the
repository's manifests, the configuration and the adapter's script (an argument
of the command that names a file in the repository), never in the working tree;
squadci dispatches its tasks there and runs the adapter as poll does (no shell,
the request path last, PATH, HOME, TMPDIR, LANG, LC_ALL, the variables the
configuration lists and SQUADCI_*, its own process group, at most 60 s a run),
then judges what it wrote with the validators resume uses. Each verdict names its
checklist item and its evidence: the file and the rule id. --keep DIR keeps the
trees in DIR/<scenario>/. --format junit writes JUnit XML (one test case per
scenario), sarif one result per failed scenario at the manifest.`
