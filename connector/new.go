package connector

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// NewOptions describe a connector for NewConnector.
type NewOptions struct {
	ID, Role     string
	Kind         string // "agent" (default) or "orchestrator"
	Capabilities []string
	Contact      string
	// SchemaVersion is the contract, "1.1" (default) or "1.0" (legacy,
	// agents only).
	SchemaVersion string
	// Template writes the REPLACE_* placeholders for every value not given,
	// which lint rejects until each is resolved.
	Template bool
}

// Placeholders the template writes (spec §2); lint's template-placeholder
// rule names each.
const (
	PlaceholderConnectorID = "REPLACE_CONNECTOR_ID"
	PlaceholderCapability  = "REPLACE_CAPABILITY"
	PlaceholderRole        = "REPLACE_ROLE"
	PlaceholderContact     = "REPLACE_CONTACT"
)

// templateName names the files of a template made without --id.
const templateName = "new-connector"

// NewConnector creates a connector (1.1 unless told "1.0") in the repository at root: the
// manifest connectors/<id>.json, the mailbox .connector-drops/<id>/ with a
// runbook README.md, and an example request and result under its
// examples/ (checked as examples, never as live tasks). It refuses to
// overwrite any file and returns the paths it wrote, repository-relative.
func NewConnector(ctx context.Context, root string, o NewOptions) ([]string, error) {
	if o.Kind == "" {
		o.Kind = "agent"
	}
	if o.SchemaVersion == "" {
		o.SchemaVersion = "1.1"
	}
	if err := checkNewOptions(&o); err != nil {
		return nil, err
	}
	name := o.ID
	if name == PlaceholderConnectorID {
		name = templateName
	}
	box := DropRoot + name + "/"
	files := []struct {
		rel  string
		data []byte
	}{
		{ManifestDir + name + ".json", encodeJSON(newManifestFile(&o, box))},
		{box + "README.md", []byte(runbook(&o, name, box))},
		{box + examplesDir + "example.request.json", encodeJSON(exampleRequest(&o))},
		{box + examplesDir + "example.result.json", encodeJSON(exampleResult(&o))},
	}
	if err := checkNewAgainstRepo(ctx, root, &o, files[0].rel, box); err != nil {
		return nil, err
	}
	// Every file is checked before any is written: one that exists, or a
	// folder on the way that is a link, refuses the whole connector.
	for _, f := range files {
		if err := CheckCreatable(root, f.rel); err != nil {
			return nil, err
		}
	}
	var written []string
	for _, f := range files {
		if err := CreateFile(root, f.rel, f.data, 0o644); err != nil {
			return written, err
		}
		written = append(written, f.rel)
	}
	return written, nil
}

// checkNewOptions validates the values given and fills placeholders for
// the missing ones in template mode.
func checkNewOptions(o *NewOptions) error {
	var problems []string
	fill := func(v *string, placeholder, flag string) {
		if *v != "" {
			return
		}
		if o.Template {
			*v = placeholder
		} else {
			problems = append(problems, fmt.Sprintf("--%s is required (or use --template to write a %s placeholder)", flag, placeholder))
		}
	}
	fill(&o.ID, PlaceholderConnectorID, "id")
	fill(&o.Role, PlaceholderRole, "role")
	fill(&o.Contact, PlaceholderContact, "contact")
	if len(o.Capabilities) == 0 {
		if o.Template {
			o.Capabilities = []string{PlaceholderCapability}
		} else {
			problems = append(problems, "--capability is required (or use --template to write a "+PlaceholderCapability+" placeholder)")
		}
	}
	if o.ID != "" && o.ID != PlaceholderConnectorID && (!IsKebabID(o.ID) || len(o.ID) > maxConnectorIDLen) {
		problems = append(problems, fmt.Sprintf("connector id %q must match %s, at most %d characters", o.ID, KebabPattern, maxConnectorIDLen))
	}
	if o.Role != "" && o.Role != PlaceholderRole && (!IsKebabID(o.Role) || isReservedRole(o.Role)) {
		problems = append(problems, fmt.Sprintf("role %q must be a work role id (%s) and not a governance seat", o.Role, KebabPattern))
	}
	if o.Kind != "agent" && o.Kind != "orchestrator" {
		problems = append(problems, fmt.Sprintf("kind %q must be agent or orchestrator", o.Kind))
	}
	switch {
	case o.SchemaVersion != "1.0" && o.SchemaVersion != "1.1":
		problems = append(problems, fmt.Sprintf("schema version %q must be 1.0 or 1.1", o.SchemaVersion))
	case o.SchemaVersion == "1.0" && o.Kind == "orchestrator":
		problems = append(problems, "an orchestrator needs schema version 1.1 (1.0 connectors are single-role agents)")
	}
	if o.Contact != "" && o.Contact != PlaceholderContact && !isEmailShaped(o.Contact) {
		problems = append(problems, fmt.Sprintf("contact %q is not an e-mail address", o.Contact))
	}
	for _, c := range o.Capabilities {
		if isBlank(c) {
			problems = append(problems, "a capability is blank")
		}
	}
	if len(problems) > 0 {
		return &DispatchError{Problems: problems}
	}
	return nil
}

// checkNewAgainstRepo refuses an id or mailbox another manifest already
// has, and checks the new manifest with the lint rules: clean, or (in
// template mode) nothing but placeholders.
func checkNewAgainstRepo(ctx context.Context, root string, o *NewOptions, manifestPath, box string) error {
	ms, _, _, err := LoadManifests(ctx, DirFS(root))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var problems []string
	for _, m := range ms {
		if m.ConnectorID == o.ID && o.ID != PlaceholderConnectorID {
			problems = append(problems, fmt.Sprintf("%s already declares connectorId %q", m.Path, o.ID))
		}
		if m.DropPath != "" && mailboxesOverlap(m.DropPath, box) {
			problems = append(problems, fmt.Sprintf("%s's mailbox %s overlaps %s", m.Path, m.DropPath, box))
		}
	}
	m, ds := ParseManifest(manifestPath, encodeJSON(newManifestFile(o, box)))
	for _, d := range ds {
		if d.Severity == diag.SeverityError && !(o.Template && d.Rule == ruleTemplatePlaceholder.ID) {
			problems = append(problems, fmt.Sprintf("the new manifest would not validate: %s [%s]", d.Message, d.Rule))
		}
	}
	if m == nil {
		problems = append(problems, "the new manifest would not parse")
	}
	if len(problems) > 0 {
		return &DispatchError{Problems: problems}
	}
	return nil
}

// New connectors start with the walkthrough's defaults.
const (
	newDeadlineMinutes = 60
	newRetryCap        = 2
	newVersion         = "0.1.0"
)

func newManifestFile(o *NewOptions, box string) *ManifestFile {
	return &ManifestFile{
		ConnectorID: o.ID, SchemaVersion: o.SchemaVersion, Transport: "file", EndpointKind: o.Kind,
		Capabilities: o.Capabilities, Roles: []string{o.Role}, DropPath: box,
		DeadlineMinutesDefault: newDeadlineMinutes, RetryCapDefault: newRetryCap,
		Contact: o.Contact, Version: newVersion,
	}
}

// exampleRoot is where the examples' artifacts would go.
func exampleRoot(o *NewOptions) string { return "reports/" + o.Role + "/example/" }

func exampleRequest(o *NewOptions) *RequestFile {
	root := exampleRoot(o)
	req := &RequestFile{
		SchemaVersion: o.SchemaVersion, TaskID: "example", ConnectorID: o.ID, Role: o.Role,
		Task:            "Example task: describe the bounded work in plain words. This file shows the shape of a request; it is never dispatched.",
		Inputs:          []string{"docs/"},
		DeliverableRoot: root,
		Deadline:        "2026-01-05T10:00:00Z",
		RetryCap:        newRetryCap,
		CreatedAt:       "2026-01-05T09:00:00Z",
	}
	if o.SchemaVersion == "1.1" {
		req.BindingID, req.MemberName, req.SquadRoot = "example-binding", "Example Member", ".copilot-tracking/squad/"
	}
	if o.Kind == "orchestrator" {
		req.AllowedOutputs = []AllowedOutput{
			{OutputID: "report", DeliverableRoot: root + "report/", Description: "The main report."},
			{OutputID: "checks", DeliverableRoot: root + "checks/", Description: "The endpoint's own validation."},
		}
	}
	return req
}

func exampleResult(o *NewOptions) *ResultFile {
	root := exampleRoot(o)
	res := &ResultFile{
		SchemaVersion: o.SchemaVersion, ConnectorID: o.ID, TaskID: "example", Role: o.Role,
		Status:      StatusCompleted,
		Narrative:   "Example narrative: a factual summary of what was done and what is missing. It never claims gates, approvals or council verdicts.",
		Artifacts:   []ArtifactEntry{{Path: root + "report.md", Description: "The report, written before this result."}},
		CompletedAt: "2026-01-05T09:40:00Z",
	}
	if o.SchemaVersion == "1.1" {
		res.BindingID = "example-binding"
	}
	if o.Kind == "orchestrator" {
		res.Artifacts = []ArtifactEntry{}
		res.Outputs = []OutputEntry{
			{OutputID: "report", Artifacts: []ArtifactEntry{{Path: root + "report/report.md"}}},
			{OutputID: "checks", Artifacts: []ArtifactEntry{{Path: root + "checks/checks.json"}}},
		}
		res.Provenance = &Provenance{FanOut: []FanOut{
			{Worker: "Example Worker", Summary: "Did the bounded work."},
			{Worker: "Example Checker", Summary: "Checked the work against the task."},
		}}
	}
	return res
}

// runbook is the mailbox's README.md.
func runbook(o *NewOptions, name, box string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Mailbox: %s\n\n", name)
	fmt.Fprintf(&b, "Manifest: `%s%s.json` (schema %s, endpoint kind `%s`, role `%s`).\n\n", ManifestDir, name, o.SchemaVersion, o.Kind, o.Role)
	if o.Template {
		b.WriteString("This is a template: replace every `REPLACE_*` value in the manifest (and in the examples) before\n" +
			"registering the connector. `squadci lint` fails until all of them are resolved.\n\n")
	}
	b.WriteString("This directory holds requests and results only; reports go to each request's\n" +
		"`deliverableRoot` (or its output slots), never here.\n\n")
	b.WriteString("## Runbook\n\n")
	fmt.Fprintf(&b, "1. The shim (`squadci connector dispatch --connector %s ...` or the Squad Connector) writes\n", o.ID)
	b.WriteString("   `<taskId>.snapshot.json`, then `<taskId>.request.json`, then its private\n" +
		"   `.squad-connector/<taskId>.state.json` with status `awaiting`.\n")
	b.WriteString("2. Your adapter reads the request as data, runs your endpoint on `task` and `inputs`, writes every\n" +
		"   report under `deliverableRoot` (an orchestrator: under the declared `allowedOutputs` roots), then\n" +
		"   writes `<taskId>.result.json` once: `status` `completed` or `failed`, the request's `connectorId`,\n" +
		"   `taskId`, `role` and `bindingId` copied verbatim, and the reports in `artifacts` (an orchestrator:\n" +
		"   `artifacts: []` and `outputs`).\n")
	b.WriteString("3. `squadci connector status` shows what a resume would decide; resume the same task, never a new id.\n\n")
	b.WriteString("## Rules the result must keep\n\n" +
		"- Artifacts: new `.md`, `.json` or `.txt` files strictly under their root, no links, at most 1 MiB each,\n" +
		"  5 MiB and 20 files in total, at most 5 directory levels deep.\n" +
		"- No credentials anywhere; no claims of gates, approvals or council verdicts in the narrative.\n" +
		"- Never edit a snapshot, a request or anything under `.squad-connector/`.\n\n")
	fmt.Fprintf(&b, "`%s` holds an example request and result with the exact shape; they are checked as examples\n", box+examplesDir)
	b.WriteString("and never dispatched.\n")
	return b.String()
}

// mailboxesOverlap reports two directories that are equal or nested,
// compared by whole segments ignoring ASCII case.
func mailboxesOverlap(a, b string) bool {
	a, b = strings.ToLower(strings.TrimSuffix(a, "/")), strings.ToLower(strings.TrimSuffix(b, "/"))
	return PathWithin(a, b) || PathWithin(b, a)
}
