package connector

import "github.com/squadci/squadci/lint/diag"

// suggestCandidates are the names a misspelt member may have meant: the
// manifest fields and the refused action fields.
var suggestCandidates = func() []string {
	var names []string
	for _, f := range manifestFields {
		names = append(names, f.name)
	}
	return append(names, actionFields[:]...)
}()

// suggestField returns the field or action-field name closest to name, or
// "" when none is close or several are equally so (diag.BestMatch).
func suggestField(name string) string {
	return diag.BestMatch(name, suggestCandidates)
}
