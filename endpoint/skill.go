package endpoint

import "fmt"

// skillStub is a SKILL.md that satisfies the Agent Skills format (name equal
// to its directory, a description) and says, in both, that it must be
// replaced: it carries no method an agent could follow.
func skillStub(name, endpoint string) []byte {
	return []byte(fmt.Sprintf(`---
name: %[1]s
description: "Stub for the %[1]s skill that %[2]s loads; replace it with the real skill before relying on the endpoint."
---

# %[1]s

This is a stub written by `+"`squadci endpoint new`"+`. It holds no method: replace this file with
your organization's real %[1]s skill, or delete its directory and install the real skill where
your host loads skills.

An agent that loads this stub reports the skill as missing instead of improvising its method.
`, name, endpoint))
}

func skillPath(name string) string { return SkillsDir + name + "/SKILL.md" }
