package lint

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestConfigSchemaURLIsTheSchemaID(t *testing.T) {
	src, err := os.ReadFile(configSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		ID string `json:"$id"`
	}
	if err := json.Unmarshal(src, &s); err != nil {
		t.Fatal(err)
	}
	if s.ID != ConfigSchemaURL {
		t.Errorf("schema $id %q, ConfigSchemaURL %q", s.ID, ConfigSchemaURL)
	}
}

func TestWithConfigSchemaLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ConfigSchemaLine},
		{"version: 1\n", ConfigSchemaLine + "version: 1\n"},
		{"# mine\nversion: 1\n", ConfigSchemaLine + "# mine\nversion: 1\n"},
		{ConfigSchemaLine + "version: 1\n", ConfigSchemaLine + "version: 1\n"},
		{"# yaml-language-server: $schema=./local.json\n", "# yaml-language-server: $schema=./local.json\n"},
	} {
		got := string(WithConfigSchemaLine([]byte(tc.in)))
		if got != tc.want {
			t.Errorf("WithConfigSchemaLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if _, err := ParseConfig(".squadci.yml", []byte(got)); err != nil {
			t.Errorf("%q: %v", got, err)
		}
	}
}

// TestShippedConfigsNameTheSchema: the config files squadci ships (its own
// and the example's) carry the modeline.
func TestShippedConfigsNameTheSchema(t *testing.T) {
	for _, p := range []string{"../.squadci.yml", "../examples/acme/.squadci.yml"} {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), ConfigSchemaLine) {
			t.Errorf("%s lacks %q", p, ConfigSchemaLine)
		}
	}
}
