package corpus

// Vocabulary for realistic, varied content. Nothing here may look like a
// credential, a directive to the squad ("skip this gate") or an accounting
// marker: the corpus is the linter's clean case.

var orgs = []string{
	"acme", "globex", "initech", "umbrella", "hooli", "stark", "wayne", "wonka",
	"tyrell", "cyberdyne", "soylent", "vandelay", "oscorp", "aperture", "monarch",
	"nakatomi", "massive-dynamic", "pied-piper", "dunder", "contoso",
}

// workRole is an HVE roster role a connector may be bound to: no governance
// seat (coordinator, scribe) and no council lens (architect, security,
// cost-manager, product-owner, rai).
type workRole struct {
	id       string
	title    string // for agent names
	function string // connector id segment
	root     string // HVE Deliverable Root
	tier     string // HVE Model Tier
	patterns string // routing.md Pattern / Keyword
	autonomy string
	parallel string
}

var workRoles = []workRole{
	{"researcher", "Researcher", "research", ".copilot-tracking/research/", "default", "research, investigate, explore, find out", "auto", "yes"},
	{"developer", "Implementor", "delivery", ".copilot-tracking/changes/", "default", "implement, build, code, fix", "confirm", "no"},
	{"tester", "Reviewer", "verification", ".copilot-tracking/reviews/", "fast", "review, validate, check quality", "auto", "yes"},
	{"lead", "Planner", "planning", ".copilot-tracking/plans/", "default", "plan, break down, sequence, design plan", "confirm", "no"},
	{"technical-writer", "Technical Writer", "docs", ".copilot-tracking/docs/", "fast", "document, write up, summarize for stakeholders", "confirm", "no"},
	{"challenger", "Challenger", "redteam", ".copilot-tracking/challenges/", "default", "challenge, pressure-test, poke holes", "auto", "yes"},
	{"data-scientist", "Data Scientist", "analytics", ".copilot-tracking/analysis/", "default", "data profile, EDA, notebook, dataset", "confirm", "no"},
	{"performance", "Performance Planner", "perf", ".copilot-tracking/performance-plans/", "default", "SLO, latency budget, load test plan, capacity planning", "confirm", "yes"},
	{"observability", "Observability Planner", "telemetry", ".copilot-tracking/observability-plans/", "default", "observability, instrumentation, OpenTelemetry", "confirm", "yes"},
	{"accessibility", "Accessibility Assessor", "a11y", ".copilot-tracking/accessibility/", "default", "accessibility, a11y, WCAG, screen reader", "confirm", "yes"},
	{"modernizer", "Modernization Planner", "migration", ".copilot-tracking/modernization/", "default", "modernize, upgrade framework, migrate, port legacy", "confirm", "no"},
	{"designer", "UX Designer", "ux", ".copilot-tracking/design/", "default", "design, UX, wireframe, journey", "confirm", "yes"},
}

// extraRoles appear only in manifests' allowlists, never as the bound role.
var extraRoles = []string{"gcp", "dotnet-practices", "data-quality", "azure-architect", "privacy", "prompt-engineer"}

var capabilityByFunction = map[string][]string{
	"research":     {"Produces source-grounded research notes using the consumer's research skills.", "Surveys repository and organization sources and cites each material claim.", "Separates evidence, assumptions and open questions for the planning stage."},
	"delivery":     {"Implements a bounded developer task in an authorized worktree.", "Returns implementation and validation reports in the request's declared output slots.", "Runs the smallest relevant build and test commands and records their results."},
	"verification": {"Reviews a bounded change against its plan and acceptance criteria.", "Reports severity-graded findings with file and line references.", "Distinguishes observed results from the implementor's assertions."},
	"planning":     {"Turns research findings into a sequenced implementation plan.", "Enumerates deliverables and their owning roles in dependency order.", "Surfaces assumptions and open decisions rather than resolving them silently."},
	"docs":         {"Writes user-facing documentation for a bounded change.", "Summarizes technical decisions for stakeholders in plain language.", "Keeps README and runbook updates within the supplied output root."},
	"redteam":      {"Pressure-tests a proposal and lists what could go wrong.", "Challenges untested assumptions with concrete counterexamples.", "Ranks failure modes by likelihood and impact."},
	"analytics":    {"Profiles a dataset and writes a data dictionary.", "Runs exploratory analysis and reports distributions and outliers.", "Drafts dashboard specifications from agreed metrics."},
	"perf":         {"Drafts latency budgets and load test plans.", "Reviews capacity assumptions against observed throughput.", "Proposes service level objectives with error budgets."},
	"telemetry":    {"Designs spans, metrics and structured log fields for a change.", "Maps instrumentation gaps against existing dashboards.", "Writes OpenTelemetry configuration proposals."},
	"a11y":         {"Assesses user interfaces against WCAG 2.2 success criteria.", "Lists keyboard and screen reader issues with reproduction steps.", "Drafts remediation notes for each finding."},
	"migration":    {"Plans framework upgrades with a staged rollout.", "Inventories deprecated APIs and proposes replacements.", "Estimates migration effort per module."},
	"ux":           {"Sketches user journeys and wireframe descriptions.", "Reviews interaction flows for consistency with the design system.", "Summarizes usability findings for the product team."},
}

var areas = []string{
	"billing export job", "invoice calculator", "customer onboarding API", "search indexer",
	"payments webhook handler", "reporting dashboard", "identity sync worker", "mobile release pipeline",
	"inventory service", "notification fan-out", "pricing rules engine", "audit log exporter",
	"shipping estimator", "loyalty points ledger", "feature flag service", "document renderer",
}

var topics = []string{
	"retry behaviour", "input validation", "pagination limits", "timezone handling",
	"error reporting", "cache invalidation", "schema versioning", "rate limiting",
	"idempotent writes", "currency rounding", "batch sizing", "dependency upgrades",
}

var agentModels = []string{"claude-sonnet-4.6", "claude-haiku-4.5", "gpt-5.4", "gpt-5.4-mini", "gemini-3.1-pro"}

var toolSets = [][]string{
	{"read", "search"},
	{"read", "search", "edit"},
	{"read", "search", "edit", "execute"},
	{"read", "search", "web"},
	{"read", "edit", "todo"},
	{"read", "search", "execute", "todo"},
}

// greek are HVE's default Member Name aliases, in order.
var greek = []string{
	"Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa",
	"Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma", "Tau", "Upsilon", "Phi",
	"Chi", "Psi", "Omega",
}

// castNames are single-token, label-safe .squad member names (none reserved).
var castNames = []string{
	"Kestrel", "Osprey", "Merlin", "Harrier", "Falcon", "Condor", "Heron", "Plover",
	"Swift", "Wren", "Finch", "Lark", "Raven", "Egret", "Ibis", "Petrel", "Tern",
	"Avocet", "Curlew", "Dunlin", "Gannet", "Godwit", "Hobby", "Jacana", "Kite",
	"Linnet", "Martin", "Nightjar", "Oriole", "Pipit", "Quail", "Redstart", "Shrike",
	"Twite", "Veery", "Warbler", "Whimbrel", "Yellowlegs", "Bittern", "Coot",
}

var castRoles = []string{
	"Backend Dev", "Frontend Dev", "Tester", "DevOps", "Data Engineer",
	"Security Engineer", "Technical Writer", "Designer", "Platform Engineer",
}
