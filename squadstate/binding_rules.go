package squadstate

// bindingRules check a root's Connector Bindings table, in order; rule 11
// (pending exchanges) runs once over all roots.
var bindingRules = []func(*checker, *hveRoot){
	checkBindingTable,
	checkBindingModes,
	checkBindingManifests,
	checkBindingReplace,
	checkBindingAdd,
	checkBindingGovernance,
	checkBindingDefaults,
	checkBindingBoth,
	checkBindingRoutes,
	checkConnectorHistory,
}

func checkBindings(c *checker, h *hveRoot) {
	if h.team == nil || h.team.bindHeading == nil {
		return
	}
	for _, rule := range bindingRules {
		rule(c, h)
	}
}
