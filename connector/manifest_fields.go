package connector

// fieldKind is the JSON type a manifest field must have.
type fieldKind uint8

const (
	kindString fieldKind = iota
	kindStringArray
	kindInteger
)

// Manifest field indices, in the order spec §2 lists them.
const (
	fConnectorID = iota
	fSchemaVersion
	fTransport
	fEndpointKind
	fCapabilities
	fRoles
	fDropPath
	fDeadline
	fRetryCap
	fContact
	fVersion
	numFields
)

var manifestFields = [numFields]struct {
	name string
	kind fieldKind
}{
	fConnectorID:   {"connectorId", kindString},
	fSchemaVersion: {"schemaVersion", kindString},
	fTransport:     {"transport", kindString},
	fEndpointKind:  {"endpointKind", kindString},
	fCapabilities:  {"capabilities", kindStringArray},
	fRoles:         {"roles", kindStringArray},
	fDropPath:      {"dropPath", kindString},
	fDeadline:      {"deadlineMinutesDefault", kindInteger},
	fRetryCap:      {"retryCapDefault", kindInteger},
	fContact:       {"contact", kindString},
	fVersion:       {"version", kindString},
}

// fieldIndex maps a member name to its field index, or -1. Names are
// case-sensitive, as JSON member names are.
func fieldIndex(name string) int {
	switch name {
	case "connectorId":
		return fConnectorID
	case "schemaVersion":
		return fSchemaVersion
	case "transport":
		return fTransport
	case "endpointKind":
		return fEndpointKind
	case "capabilities":
		return fCapabilities
	case "roles":
		return fRoles
	case "dropPath":
		return fDropPath
	case "deadlineMinutesDefault":
		return fDeadline
	case "retryCapDefault":
		return fRetryCap
	case "contact":
		return fContact
	case "version":
		return fVersion
	}
	return -1
}
