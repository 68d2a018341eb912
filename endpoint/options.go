package endpoint

import (
	"fmt"
	"strings"

	"github.com/squadci/squadci/connector"
)

// Endpoint kinds, the manifest's endpointKind values.
const (
	KindAgent        = "agent"
	KindOrchestrator = "orchestrator"
)

// Where the builder writes.
const (
	AgentsDir   = ".github/agents/"
	SkillsDir   = ".github/skills/"
	RunbooksDir = "docs/endpoints/"
)

// Options describe the endpoint `squadci endpoint new` creates.
type Options struct {
	Kind, Name, Role string
	Workers, Skills  []string
	ConnectorID      string // the connector created with it; "" for none
}

// Check validates every value at once, so one refusal lists every reason.
func (o *Options) Check() error {
	var problems []string
	add := func(err error) {
		if err != nil {
			problems = append(problems, err.Error())
		}
	}
	if o.Kind != KindAgent && o.Kind != KindOrchestrator {
		problems = append(problems, fmt.Sprintf("--kind %q must be agent or orchestrator", o.Kind))
	}
	add(checkName("--name", o.Name))
	add(checkRole(o.Role))
	if o.ConnectorID != "" {
		add(connector.CheckConnectorID(o.ConnectorID))
	}
	switch {
	case o.Kind == KindOrchestrator && len(o.Workers) == 0:
		problems = append(problems, "an orchestrator needs at least one --worker (one bounded worker per responsibility)")
	case o.Kind == KindAgent && len(o.Workers) > 0:
		problems = append(problems, fmt.Sprintf("--worker %q: only an orchestrator has workers (use --kind orchestrator)", o.Workers[0]))
	}
	problems = append(problems, checkList("--worker", o.Workers, o.Name)...)
	problems = append(problems, checkList("--skill", o.Skills, "")...)
	if len(problems) > 0 {
		return &connector.DispatchError{Problems: problems}
	}
	return nil
}

func checkName(flag, name string) error {
	if name == "" {
		return fmt.Errorf("%s is required", flag)
	}
	return connector.CheckKebabName(flag, name)
}

func checkRole(role string) error {
	if role == "" {
		return fmt.Errorf("--role is required")
	}
	return connector.CheckWorkRole(role)
}

// checkList validates repeated names: each a safe kebab name, none twice,
// none equal to taken (the orchestrator's own name).
func checkList(flag string, names []string, taken string) []string {
	var problems []string
	seen := map[string]bool{}
	for _, n := range names {
		if err := connector.CheckKebabName(flag, n); err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if seen[n] || n == taken {
			problems = append(problems, fmt.Sprintf("%s %q is given twice, or is the endpoint's own name", flag, n))
		}
		seen[n] = true
	}
	return problems
}

// DisplayName turns a kebab name into the agent name hosts show and match
// (agents: entries): "research-lead" is "Research Lead".
func DisplayName(name string) string {
	words := strings.Split(name, "-")
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
