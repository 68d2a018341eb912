package connector

import (
	"strings"
	"testing"
)

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

// TestUnknownFieldNeverSuggestsAForbiddenField: a typo of an action field
// gets no did-you-mean (the field is refused too), only what to do instead;
// a typo of an allowed field gets its suggestion.
func TestUnknownFieldNeverSuggestsAForbiddenField(t *testing.T) {
	for _, name := range []string{"comand", "scirpt", "entrypiont", "exce", "fetsh", "urls", "argss", "enva"} {
		hint := unknownFieldHint(name)
		for _, a := range actionFields {
			if strings.Contains(hint, `did you mean "`+a+`"`) {
				t.Errorf("%q: hint %q suggests the forbidden field %q", name, hint, a)
			}
		}
		if !strings.Contains(hint, "may not have either") {
			t.Errorf("%q: hint %q does not say the field is refused too", name, hint)
		}
	}
	for name, want := range map[string]string{"contcat": "contact", "Roles": "roles", "verison": "version"} {
		if hint := unknownFieldHint(name); hint != ` (did you mean "`+want+`"?)` {
			t.Errorf("%q: hint %q, want a suggestion of %q", name, hint, want)
		}
	}
	if hint := unknownFieldHint("descripton"); hint != "; see its candidates for the allowed fields" {
		t.Errorf("far from every field: hint %q, want a pointer to the candidates", hint)
	}
}
