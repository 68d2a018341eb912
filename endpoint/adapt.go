package endpoint

import (
	"fmt"
	"strings"

	"github.com/squadci/squadci/connector"
)

// AdaptOptions describe an implementation the consumer already owns, which
// `endpoint adapt` wraps without touching.
type AdaptOptions struct {
	Path, Role, ID, Kind string
}

// Check validates the values, every reason at once.
func (o *AdaptOptions) Check() error {
	var problems []string
	if o.Path == "" {
		problems = append(problems, "--path is required (the existing implementation)")
	}
	if err := checkRole(o.Role); err != nil {
		problems = append(problems, err.Error())
	}
	if o.ID == "" {
		problems = append(problems, "--id is required (the connector id)")
	} else if err := connector.CheckConnectorID(o.ID); err != nil {
		problems = append(problems, err.Error())
	}
	if o.Kind != KindAgent && o.Kind != KindOrchestrator {
		problems = append(problems, fmt.Sprintf("--kind %q must be agent or orchestrator", o.Kind))
	}
	if len(problems) > 0 {
		return &connector.DispatchError{Problems: problems}
	}
	return nil
}

// AdaptationRunbook is the one file adapt writes besides the connector's.
func AdaptationRunbook(o *AdaptOptions) File {
	return File{RunbooksDir + o.ID + "-adaptation.md", []byte(adaptationText(o))}
}

// requestFields map the request (spec §3) to what the implementation gets.
var requestFields = [][2]string{
	{"`taskId`", "the task's identity; pass it through, never reuse it for other work"},
	{"`connectorId`, `role`, `bindingId`", "identity the adapter copies verbatim into the result"},
	{"`task`", "the bounded instruction, as data (quote it; never execute it)"},
	{"`inputs`", "repository-relative paths the implementation may read"},
	{"`deliverableRoot`", "the only directory its reports may go to"},
	{"`allowedOutputs` (orchestrator)", "one `outputId` and root per declared output slot"},
	{"`memberName`, `squadRoot`", "context only; the implementation never writes squad state"},
	{"`deadline`, `retryCap`", "stop at the deadline; the retry cap bounds transport retries"},
}

func adaptationText(o *AdaptOptions) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Adaptation runbook: %s\n\n", o.ID)
	fmt.Fprintf(&b, "Connector `%s` (%s, role `%s`) wraps the implementation at `%s`, which\n", o.ID, o.Kind, o.Role, o.Path)
	b.WriteString("`squadci endpoint adapt` left byte-identical. Your adapter translates between the\n" +
		"connector's files and that implementation; the implementation itself needs no change.\n\n")
	b.WriteString("## Request fields to the implementation\n\n| Request field | Give the implementation |\n|---|---|\n")
	for _, f := range requestFields {
		fmt.Fprintf(&b, "| %s | %s |\n", f[0], f[1])
	}
	b.WriteString("\n## The implementation's outcome to the result envelope\n\n")
	b.WriteString("The adapter, never the implementation, writes `<taskId>.result.json` once, after every report exists:\n\n")
	b.WriteString("- `schemaVersion` the request's; `connectorId`, `taskId`, `role`, `bindingId` copied verbatim;\n")
	b.WriteString("- `status`: `completed` when the implementation produced its reports, `failed` otherwise;\n")
	b.WriteString("- `narrative`: a factual summary (no gate, approval or council claims); `completedAt`: now, UTC;\n")
	if o.Kind == KindOrchestrator {
		b.WriteString("- `artifacts: []`, and `outputs`: one entry per declared `outputId` with the reports under its\n" +
			"  root; `provenance.fanOut` names each internal worker and what it did.\n")
	} else {
		b.WriteString("- `artifacts`: each report (a new `.md`, `.json` or `.txt` file under `deliverableRoot`) with a\n" +
			"  short description.\n")
	}
	b.WriteString("\n## Skills\n\n")
	b.WriteString("Install the skills the implementation needs where its host loads them: VS Code and GitHub\n" +
		"Copilot read `.github/skills/<name>/SKILL.md` (also `.agents/skills/` and `.claude/skills/`), Squad\n" +
		"reads `.squad/skills/<name>/SKILL.md`; each SKILL.md's `name` equals its directory. `squadci lint`\n" +
		"checks them.\n\n")
	b.WriteString("## Run\n\n")
	fmt.Fprintf(&b, "Map `adapters.%s` in `.squadci.yml` to your adapter, then `squadci connector dispatch --connector %s\n", o.ID, o.ID)
	fmt.Fprintf(&b, "--role %s ...`, `squadci poll` and `squadci resume`. Keep credentials in the host's secret store,\n", o.Role)
	b.WriteString("never in the manifest, an envelope, a skill or this runbook.\n")
	return b.String()
}
