package connector

import "testing"

func TestSuggestField(t *testing.T) {
	for name, want := range map[string]string{
		"contcat":                "contact",
		"conntact":               "contact",
		"Roles":                  "roles",
		"DROPPATH":               "dropPath",
		"connectorID":            "connectorId",
		"schemaversion":          "schemaVersion",
		"deadlineMinutesDefualt": "deadlineMinutesDefault",
		"retryCap":               "",
		"comand":                 "command",
		"descripton":             "",
		"x":                      "",
		"version2":               "version",
		"endpointkinds":          "endpointKind",
		"capabilites":            "capabilities",
		"a-very-long-unrelated-member-name-that-is-not-close-to-anything": "",
	} {
		if got := suggestField(name); got != want {
			t.Errorf("suggestField(%q) = %q, want %q", name, got, want)
		}
	}
}
