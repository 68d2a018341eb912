package lint

import (
	"bytes"
	"strings"
)

// ConfigSchemaURL is where the published JSON Schema of .squadci.yml lives:
// its $id, the raw file on the main branch.
const ConfigSchemaURL = "https://raw.githubusercontent.com/squadci/squadci/main/docs/schema/squadci-1.schema.json"

// ConfigSchemaLine is the modeline that makes YAML-aware editors (the
// yaml-language-server behind VS Code's YAML extension and others)
// complete and check a config file against the published schema.
const ConfigSchemaLine = "# yaml-language-server: $schema=" + ConfigSchemaURL + "\n"

// WithConfigSchemaLine returns src with ConfigSchemaLine as its first line,
// unless src already names a schema for the language server; every writer
// of a .squadci.yml passes the file through it.
func WithConfigSchemaLine(src []byte) []byte {
	for line := range strings.Lines(string(src)) {
		if strings.HasPrefix(strings.TrimSpace(line), "# yaml-language-server:") && strings.Contains(line, "$schema=") {
			return src
		}
	}
	return append([]byte(ConfigSchemaLine), bytes.Clone(src)...)
}
