package corpus

import "fmt"

// plan is the whole corpus decided up front, so every part sees the same
// connectors, agents and members whichever parts are written.
type plan struct {
	scale      int
	seed       uint64
	connectors []connector
	agents     []agentSpec
	hve        []hveMember // [0] is the Scribe
	cast       []castMember
	bindings   bool // Connector Bindings are written only when manifests are
}

func newPlan(scale int, seed uint64, want map[string]bool) *plan {
	p := &plan{scale: scale, seed: seed, bindings: want["manifests"]}
	members := max(2, scale/10)
	p.agents = planAgents(seed, scale)
	p.hve = planHVE(seed, members, p.agents)
	p.cast = planCast(seed, members)
	roles := rosterRoles(p.hve)
	p.connectors = make([]connector, scale)
	for i := range p.connectors {
		p.connectors[i] = planConnector(seed, i+1, roles)
	}
	assignDefaults(p.connectors)
	return p
}

// write emits the requested parts in a fixed order.
func (p *plan) write(c *corpus, want map[string]bool) error {
	steps := []struct {
		part string
		fn   func(*corpus) error
	}{
		{"manifests", func(c *corpus) error { return writeManifests(c, p.connectors) }},
		{"exchanges", func(c *corpus) error { return writeExchanges(c, p.seed, p.connectors) }},
		{"agents", func(c *corpus) error { return writeAgents(c, p.agents) }},
		{"squad", p.writeSquads},
	}
	for _, s := range steps {
		if !want[s.part] {
			continue
		}
		if err := s.fn(c); err != nil {
			return fmt.Errorf("%s: %w", s.part, err)
		}
	}
	return nil
}

// writeSquads writes both layouts: HVE at .copilot-tracking/squad/ and .squad/.
func (p *plan) writeSquads(c *corpus) error {
	var cs []connector
	if p.bindings {
		cs = p.connectors
	}
	if err := writeHVE(c, p.seed, p.hve, cs); err != nil {
		return err
	}
	return writeCast(c, p.cast)
}
