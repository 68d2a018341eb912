package connector

import "fmt"

// CheckConnectorID refuses what `connector new` would refuse as an id, with
// the same message, so other builders (squadci endpoint) validate alike.
func CheckConnectorID(id string) error {
	if !IsKebabID(id) || len(id) > maxConnectorIDLen {
		return fmt.Errorf("connector id %q must match %s, at most %d characters", id, KebabPattern, maxConnectorIDLen)
	}
	return nil
}

// CheckWorkRole refuses a role id `connector new` would refuse: bad syntax,
// or a governance seat no connector may take.
func CheckWorkRole(role string) error {
	if !IsKebabID(role) || isReservedRole(role) {
		return fmt.Errorf("role %q must be a work role id (%s) and not a governance seat", role, KebabPattern)
	}
	return nil
}

// CheckKebabName refuses a name that is not one safe file-name word list in
// the id syntax, at most 63 characters (what a charter's Identity.ID takes).
func CheckKebabName(what, name string) error {
	if !IsKebabID(name) || len(name) > maxConnectorIDLen {
		return fmt.Errorf("%s %q must match %s, at most %d characters", what, name, KebabPattern, maxConnectorIDLen)
	}
	return nil
}
