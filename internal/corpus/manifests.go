package corpus

import (
	"fmt"

	"github.com/squadci/squadci/endpoint"
)

// manifest is the closed connector manifest of connector.md §2, in field order.
type manifest struct {
	ConnectorID            string   `json:"connectorId"`
	SchemaVersion          string   `json:"schemaVersion"`
	Transport              string   `json:"transport"`
	EndpointKind           string   `json:"endpointKind,omitempty"`
	Capabilities           []string `json:"capabilities"`
	Roles                  []string `json:"roles"`
	DropPath               string   `json:"dropPath"`
	DeadlineMinutesDefault int      `json:"deadlineMinutesDefault"`
	RetryCapDefault        int      `json:"retryCapDefault"`
	Contact                string   `json:"contact"`
	Version                string   `json:"version"`
}

// connector is one planned manifest plus, for 1.1, its Connector Bindings row.
type connector struct {
	index    int    // 1-based
	path     string // connectors/c-00001.json
	org      string
	role     workRole // the bound role (1.1) or the single role (1.0)
	manifest manifest
	binding  *binding // nil for 1.0: role modes need 1.1
}

// binding is one row of the HVE team.md Connector Bindings table (squadstate.md).
type binding struct {
	id, memberName, defaultExecution, deliverableRoot string
}

var deadlines = []int{30, 45, 60, 90, 120, 240, 480, 1440}

// planConnector decides manifest i. A 1.1 connector's bound role is one the
// HVE roster has, so its replace binding always finds a Members row.
func planConnector(seed uint64, i int, rosterRoles []workRole) connector {
	r := rngFor(seed, "manifest", i)
	legacy := r.IntN(5) < 2 // about 40% legacy 1.0: one role, agent only, no binding
	role := pick(r, rosterRoles)
	if legacy {
		role = pick(r, workRoles)
	}
	org := pick(r, orgs)
	id := fmt.Sprintf("%s-%s-%05d", org, role.function, i)
	m := manifest{
		ConnectorID:            id,
		SchemaVersion:          "1.1",
		Transport:              "file",
		DropPath:               ".connector-drops/" + id + "/",
		DeadlineMinutesDefault: pick(r, deadlines),
		RetryCapDefault:        r.IntN(6),
		Contact:                fmt.Sprintf("%s@%s.example.com", pick(r, []string{"squad-integrations", "platform-team", "ai-enablement", "dev-productivity"}), org),
		Version:                semver(r.IntN(4), r.IntN(12), r.IntN(20), r.IntN(7) == 0),
	}
	caps := capabilityByFunction[role.function]
	m.Capabilities = pickN(r, caps, 1+r.IntN(len(caps)))
	m.Roles = []string{role.id}
	c := connector{index: i, path: fmt.Sprintf("connectors/c-%05d.json", i), org: org, role: role}
	if legacy {
		m.SchemaVersion = "1.0"
		if r.IntN(2) == 0 {
			m.EndpointKind = "agent"
		}
		c.manifest = m
		return c
	}
	m.EndpointKind = "agent"
	if role.id == "developer" || r.IntN(5) == 0 {
		m.EndpointKind = "orchestrator"
	}
	m.Roles = append(m.Roles, pickN(r, extraRoles, r.IntN(3))...)
	c.manifest = m
	c.binding = &binding{
		id:              id,
		memberName:      fmt.Sprintf("%s %s Endpoint %05d", title(org), role.title, i),
		deliverableRoot: "deliverables/" + id + "/",
	}
	return c
}

// semver renders a Semantic Versioning 2.0.0 string.
func semver(major, minor, patch int, pre bool) string {
	v := fmt.Sprintf("%d.%d.%d", major, minor, patch)
	if pre {
		v += "-rc.1"
	}
	return v
}

// title turns "massive-dynamic" into "Massive Dynamic", as an endpoint's
// display name is made.
var title = endpoint.DisplayName

// assignDefaults gives each role exactly one non-ask default (squadstate.md
// rule 7): the first binding of a role runs by default, later ones on request.
func assignDefaults(cs []connector) {
	seen := map[string]bool{}
	for _, c := range cs {
		if c.binding == nil {
			continue
		}
		c.binding.defaultExecution = "ask"
		if !seen[c.role.id] {
			c.binding.defaultExecution = "connector"
			seen[c.role.id] = true
		}
	}
}

// writeManifests writes connectors/c-NNNNN.json.
func writeManifests(c *corpus, cs []connector) error {
	for _, cn := range cs {
		if err := c.write(cn.path, jsonBytes(cn.manifest)); err != nil {
			return err
		}
	}
	return nil
}
