package lint

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// InheritedEnv are the variables every adapter inherits from squadci's
// own environment, listed or not. A name of theirs in env: would change
// nothing but have their values (a home directory, a search path) masked
// out of every report, so it is refused.
var InheritedEnv = []string{"PATH", "HOME", "TMPDIR", "LANG", "LC_ALL"}

// CheckEnvName says why name cannot be passed to an adapter by env: (""
// when it can): it must be a POSIX variable name, not one squadci sets for
// the adapter itself (SQUADCI_*), and not one every adapter inherits. The
// checks ignore case, as Windows environments do.
func CheckEnvName(name string) string {
	if !isEnvName(name) {
		return fmt.Sprintf("%q is not a variable name (letters, digits and '_', not starting with a digit)", name)
	}
	upper := strings.ToUpper(name)
	if strings.HasPrefix(upper, "SQUADCI_") {
		return fmt.Sprintf("%q: SQUADCI_* variables are set by the poll itself (SQUADCI_TASK_ID, SQUADCI_REQUEST, SQUADCI_DELIVERABLE_ROOT) and cannot be passed", name)
	}
	for _, k := range InheritedEnv {
		if upper == k {
			return fmt.Sprintf("%q is inherited by every adapter already (%s); remove it from the list", name, strings.Join(InheritedEnv, ", "))
		}
	}
	return ""
}

func isEnvName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}

// envNames reads adapters.<id>.env: a list of variable names, each valid
// and listed once.
func (d *configDecoder) envNames(n *yaml.Node, what string) []string {
	names := d.strings(n, what)
	seen := map[string]bool{}
	for i, name := range names {
		if why := CheckEnvName(name); why != "" {
			d.fail(n.Content[i], "%s: %s", what, why)
			return nil
		}
		if seen[name] {
			d.fail(n.Content[i], "%s: %q is listed twice", what, name)
			return nil
		}
		seen[name] = true
	}
	return names
}
