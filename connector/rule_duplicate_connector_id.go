package connector

import "github.com/squadci/squadci/lint/diag"

var ruleDuplicateConnectorID = diag.Register(diag.Rule{
	ID: "CN122", Name: "duplicate-connector-id", Severity: diag.SeverityError, Domain: "manifest",
	Short: "Two manifests declare the same connectorId",
	Full: "A connectorId identifies one connector across the repository: requests, results and the " +
		"adapter's runner mapping all key on it. The second and every later manifest (in path order) " +
		"declaring an id is reported at its connectorId, naming the first.",
	Help:     "Give each connector its own id, or delete the duplicate manifest.",
	Consumer: "Requests, results and squadci poll's adapter mapping key on connectorId, so two manifests with one id route tasks to the wrong adapter. Error.",
})

func checkDuplicateConnectorIDs(ms []*Manifest, out []diag.Diagnostic) []diag.Diagnostic {
	first := make(map[string]*Manifest, len(ms))
	for _, m := range ms {
		if m.ConnectorID == "" {
			continue
		}
		v := m.member("connectorId")
		if v == nil {
			continue
		}
		prev, dup := first[m.ConnectorID]
		if !dup {
			first[m.ConnectorID] = m
			continue
		}
		pv := prev.member("connectorId")
		d := ruleDuplicateConnectorID.At(m.Path, v.Span, "connectorId %s is already declared by %s", m.q(v), prev.where(pv))
		d.Related = &diag.Position{Path: prev.Path, Span: pv.Span} // the first declaration
		out = append(out, d)
	}
	return out
}
