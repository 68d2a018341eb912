package endpoint

import (
	"fmt"
	"strings"
)

// endpointRunbook is docs/endpoints/<name>.md: what was written, how to
// wire, test and run it, and what it may never do.
func endpointRunbook(o *Options, p *Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Endpoint runbook: %s\n\n", o.Title())
	fmt.Fprintf(&b, "A consumer-owned %s endpoint for the `%s` role, written by `squadci endpoint new`.\n", o.Kind, o.Role)
	b.WriteString("Nothing here runs by itself: your adapter runs the endpoint for each request.\n\n")
	b.WriteString("## Files\n\n")
	for _, f := range p.Files {
		if !strings.HasPrefix(f.Rel, RunbooksDir) {
			fmt.Fprintf(&b, "- `%s`\n", f.Rel)
		}
	}
	for _, r := range p.Reused {
		fmt.Fprintf(&b, "- `%s` (already installed; reused, not written)\n", r)
	}
	b.WriteString("\n## Customize\n\n")
	b.WriteString("1. Review every charter: replace the example responsibilities with your own, keeping the\n" +
		"   boundaries (the adapter owns the result envelope; no squad state, gates or approvals).\n")
	b.WriteString("2. Replace each skill stub with the real skill, or delete it and install the real one where\n" +
		"   your host loads skills. An endpoint that loads a stub reports the skill as missing.\n")
	b.WriteString("3. Keep credentials in the secret store of the host that runs the endpoint, never in a charter,\n" +
		"   skill, manifest, envelope or this runbook.\n\n")
	b.WriteString("## Connect\n\n")
	connectSteps(&b, o)
	b.WriteString("\n## Remove\n\n")
	b.WriteString("Delete the files listed above (and the connector's manifest and mailbox, if you made one);\n" +
		"nothing else refers to them.\n")
	return b.String()
}

func connectSteps(b *strings.Builder, o *Options) {
	id := o.ConnectorID
	if id == "" {
		id = "<connector-id>"
		fmt.Fprintf(b, "1. Create the connector: `squadci connector new --id %s --role %s --kind %s --capability \"...\" --contact you@example.com`.\n", id, o.Role, o.Kind)
	} else {
		fmt.Fprintf(b, "1. The connector `%s` was created with this endpoint (`connectors/%s.json`); see its mailbox README.\n", id, id)
	}
	fmt.Fprintf(b, "2. In your adapter (mapped under `adapters.%s` in `.squadci.yml`), run %s on the request's\n", id, o.Title())
	b.WriteString("   `task` and `inputs`, with its reports under `deliverableRoot`")
	if o.Kind == KindOrchestrator {
		b.WriteString(" (an orchestrator: one declared `allowedOutputs`\n   slot per worker)")
	}
	b.WriteString(", then publish the result envelope.\n")
	b.WriteString("3. Test the endpoint directly on a sample task, then ask the Squad Coordinator to register the manifest.\n")
	fmt.Fprintf(b, "4. Run one bounded request: `squadci connector dispatch --connector %s --role %s ...`, then\n", id, o.Role)
	b.WriteString("   `squadci poll` and `squadci resume`; review what comes back as external, unverified output.\n")
}
