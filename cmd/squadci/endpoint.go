package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/endpoint"
)

func init() {
	register("endpoint", "endpoint new|adapt [flags]",
		"create starter charters for an external agent or orchestrator, or wrap an implementation you own", (*Command).runEndpoint)
	for name, sub := range endpointCommands {
		subSynopses["endpoint "+name] = "endpoint " + sub.synopsis
	}
	helpPages["endpoint"] = helpPage{about: endpointAbout, exits: []exitMeaning{exit0, exit2, exit3}}
	helpPages["endpoint new"] = helpPage{about: endpointNewAbout, exits: refuseExits}
	helpPages["endpoint adapt"] = helpPage{about: endpointAdaptAbout, exits: refuseExits}
}

var endpointCommands = map[string]struct {
	synopsis string
	run      func(c *Command, args []string) int
}{
	"new":   {"new --kind agent|orchestrator --name NAME --role ROLE [--worker NAME ...] [--skill NAME ...] [--connector ID --contact EMAIL [--capability TEXT ...]]", (*Command).runEndpointNew},
	"adapt": {"adapt --path DIR --role ROLE --id ID --contact EMAIL [--kind agent|orchestrator] [--capability TEXT ...]", (*Command).runEndpointAdapt},
}

const endpointAbout = "Build the consumer-owned side of a connector.\n\nCommands:\n" +
	"  squadci endpoint new ...     starter charters, skill stubs and a runbook\n" +
	"  squadci endpoint adapt ...   the connector and an adaptation runbook for an implementation you own\n\n" +
	"Run 'squadci help endpoint COMMAND' for a command's flags."

const endpointNewAbout = "Write starter charters under .github/agents/: the agent, or the orchestrator and one\n" +
	"bounded worker per --worker (listed in its agents:), a SKILL.md stub per --skill under\n" +
	".github/skills/ (an installed skill of that name is reused), and docs/endpoints/NAME.md.\n" +
	"With --connector ID it also creates that connector, as `connector new` does. Nothing is\n" +
	"written when any file exists already."

const endpointAdaptAbout = "Wrap the implementation at --path (relative to the repository root) without touching\n" +
	"it: create the connector ID, as `connector new` does, and docs/endpoints/ID-adaptation.md,\n" +
	"which maps the request fields and the result envelope to that implementation."

func (c *Command) runEndpoint(args []string) int {
	if len(args) > 0 {
		if sub, ok := endpointCommands[args[0]]; ok {
			return sub.run(c, args[1:])
		}
		if isHelpFlag(args[0]) || args[0] == "help" {
			return c.printHelp("endpoint", nil)
		}
		fmt.Fprintf(c.Stderr, "squadci: unknown endpoint command %q\n\n", args[0])
	}
	writeHelp(c.Stderr, "endpoint", nil)
	return exitUsage
}

// endpointConnector are the flags that describe the connector an endpoint
// command creates.
type endpointConnector struct {
	contact string
	caps    repeatFlag
}

func (e *endpointConnector) register(fs *flag.FlagSet, required string) {
	fs.StringVar(&e.contact, "contact", "", "the connector owner's e-mail address ("+required+")")
	fs.Var(&e.caps, "capability", "a sentence saying what the connector can do (repeatable; default: one naming the endpoint and role)")
}

// options are connector new's options for this endpoint.
func (e *endpointConnector) options(id, role, kind, endpointName string) connector.NewOptions {
	caps := []string(e.caps)
	if len(caps) == 0 {
		caps = []string{fmt.Sprintf("Does bounded %s work through the consumer-owned %s endpoint.", role, endpointName)}
	}
	return connector.NewOptions{ID: id, Role: role, Kind: kind, Capabilities: caps, Contact: e.contact}
}

func (c *Command) runEndpointNew(args []string) int {
	var (
		cf            connectorFlags
		ec            endpointConnector
		o             endpoint.Options
		workers, skls repeatFlag
	)
	flags := flag.NewFlagSet("squadci endpoint new", flag.ContinueOnError)
	cf.register(flags, "")
	flags.StringVar(&o.Kind, "kind", endpoint.KindAgent, "endpoint kind: agent|orchestrator")
	var name string
	flags.StringVar(&name, "name", "", "the endpoint's name: its slug (acme-research-agent), its file name and ID, or its display name (\"Acme Research Agent\"); either derives the other (required)")
	flags.StringVar(&o.Role, "role", "", "the work role the endpoint serves (required)")
	flags.Var(&workers, "worker", "an orchestrator's bounded worker, one per responsibility (repeatable)")
	flags.Var(&skls, "skill", "a skill the endpoint loads; a stub is written unless it is installed (repeatable)")
	flags.StringVar(&o.ConnectorID, "connector", "", "also create this connector for the endpoint")
	ec.register(flags, "required with --connector")
	if code, ok := c.endpointArgs(flags, args); !ok {
		return code
	}
	o.Workers, o.Skills = workers, skls
	o.SetName(name)
	if code, ok := c.endpointChecks(o.Check(), o.ConnectorID != "" && ec.contact == ""); !ok {
		return code
	}
	root, err := c.existingRoot(cf.root)
	if err != nil {
		return c.usageError(err)
	}
	plan := endpoint.NewPlan(root, &o)
	if err := endpoint.CheckAbsent(root, plan.Files); err != nil {
		return c.refuseWrite(err)
	}
	if o.ConnectorID != "" {
		if code := c.createConnector(root, ec.options(o.ConnectorID, o.Role, o.Kind, o.Title()), true); code != exitOK {
			return code
		}
	}
	fmt.Fprintf(c.Stdout, "endpoint %s is %s: its charter is %s\n", o.Title(), o.Name, plan.Files[0].Rel)
	for _, r := range plan.Reused {
		fmt.Fprintf(c.Stdout, "reusing %s\n", r)
	}
	return c.writeEndpointFiles(root, plan.Files)
}

func (c *Command) runEndpointAdapt(args []string) int {
	var (
		cf connectorFlags
		ec endpointConnector
		o  endpoint.AdaptOptions
	)
	flags := flag.NewFlagSet("squadci endpoint adapt", flag.ContinueOnError)
	cf.register(flags, "")
	flags.StringVar(&o.Path, "path", "", "the implementation you own, relative to the repository root; left byte-identical (required)")
	flags.StringVar(&o.Role, "role", "", "the work role it serves (required)")
	flags.StringVar(&o.ID, "id", "", "the connector id to create (required)")
	flags.StringVar(&o.Kind, "kind", endpoint.KindAgent, "endpoint kind: agent|orchestrator")
	ec.register(flags, "required")
	if code, ok := c.endpointArgs(flags, args); !ok {
		return code
	}
	if code, ok := c.endpointChecks(o.Check(), ec.contact == ""); !ok {
		return code
	}
	root, err := c.existingRoot(cf.root)
	if err != nil {
		return c.usageError(err)
	}
	runbook := endpoint.AdaptationRunbook(&o)
	if err := checkAdaptPath(root, o.Path, o.ID, runbook.Rel); err != nil {
		return c.usageError(err)
	}
	if err := endpoint.CheckAbsent(root, []endpoint.File{runbook}); err != nil {
		return c.refuseWrite(err)
	}
	// No starter adapter: the adapter to write is the bridge to the
	// existing implementation the runbook describes, not a receipt writer.
	if code := c.createConnector(root, ec.options(o.ID, o.Role, o.Kind, o.Path), false); code != exitOK {
		return code
	}
	return c.writeEndpointFiles(root, []endpoint.File{runbook})
}

// endpointArgs parses the flags; an endpoint command takes no arguments.
func (c *Command) endpointArgs(flags *flag.FlagSet, args []string) (int, bool) {
	positional, err := parseInterspersed(flags, args)
	if err != nil {
		return c.usageError(err), false
	}
	if len(positional) > 0 {
		return c.usageError(fmt.Errorf("%s takes no arguments (got %q)", helpKey(flags), positional[0])), false
	}
	return exitOK, true
}

// endpointChecks reports the options' problems, and a missing --contact
// when a connector is to be made, in one refusal.
func (c *Command) endpointChecks(err error, needContact bool) (int, bool) {
	var problems []string
	if de, ok := err.(*connector.DispatchError); ok {
		problems = de.Problems
	}
	if needContact {
		problems = append(problems, "--contact is required to create the connector (its manifest's owner e-mail)")
	}
	if len(problems) > 0 {
		return c.connectorError(&connector.DispatchError{Problems: problems}), false
	}
	return exitOK, true
}

// refuseWrite reports an existing file: a usage error, nothing written.
func (c *Command) refuseWrite(err error) int {
	fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
	return exitUsage
}

func (c *Command) writeEndpointFiles(root string, files []endpoint.File) int {
	written, err := endpoint.Write(root, files)
	for _, p := range written {
		fmt.Fprintf(c.Stdout, "created %s\n", p)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "squadci: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// checkAdaptPath requires the implementation to exist inside the
// repository (relative, no "..", not under .git, reached through real
// directories and not itself a link: the runbook and connector describe
// it as the repository's own) and to hold nothing adapt or connector new
// writes, so its tree stays byte-identical.
func checkAdaptPath(root, path, id, runbook string) error {
	if err := connector.CheckRepoPath(path); err != nil {
		return fmt.Errorf("--path %s: %v", path, err)
	}
	path = strings.TrimSuffix(path, "/")
	abs := filepath.Join(root, filepath.FromSlash(path))
	var dp *connector.DiskProblem
	if _, err := connector.StatNoFollow(connector.DirFS(root), path); errors.As(err, &dp) && dp.Kind == connector.DiskMissing {
		return fmt.Errorf("--path %s: no such file or directory (name the implementation to adapt, relative to the repository root)", path)
	} else if errors.As(err, &dp) {
		return fmt.Errorf("--path %s: %s: %v", path, dp.At, err)
	} else if err != nil {
		return fmt.Errorf("--path %s: %v", path, err)
	}
	targets := []string{connector.ManifestDir + id + ".json", connector.DropRoot + id, "scripts/" + id + "-adapter", ".squadci.yml", runbook}
	for _, t := range targets {
		rel, err := filepath.Rel(abs, filepath.Join(root, filepath.FromSlash(t)))
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return fmt.Errorf("--path %s holds %s, which adapt would write; point --path at the implementation's own directory so it stays byte-identical", path, t)
		}
	}
	return nil
}
