package endpoint

import (
	"fmt"
	"strings"
	"unicode"

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
	// Display is the name hosts show (the charter's name: and title);
	// "" derives it from Name. SetName fills both from either form.
	Display string
	typed   string // --name as given, when it was the display form
}

// SetName takes --name in either form people type: the slug
// ("acme-research-agent"), whose display name is derived ("Acme Research
// Agent"), or the display name, whose slug is its words lowercased and
// joined by hyphens. Check refuses a display name whose slug is not valid.
func (o *Options) SetName(typed string) {
	o.Name, o.Display, o.typed = typed, "", ""
	if !strings.ContainsFunc(typed, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsUpper(r) }) {
		return
	}
	words := strings.Fields(typed)
	o.Display, o.typed = strings.Join(words, " "), typed
	o.Name = strings.ToLower(strings.Join(words, "-"))
}

// Title is the endpoint's display name.
func (o *Options) Title() string {
	if o.Display != "" {
		return o.Display
	}
	return DisplayName(o.Name)
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
	if o.typed != "" && o.Name != "" {
		if err := connector.CheckKebabName("its file name", o.Name); err != nil {
			problems = append(problems, fmt.Sprintf("--name %q: %v", o.typed, err))
		}
	} else {
		add(checkName("--name", o.Name))
	}
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
		if w == "" {
			continue
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
