// Package skill checks Agent Skills: a directory holding a SKILL.md whose
// YAML frontmatter names the skill and says when to use it, followed by the
// instructions, with optional scripts/, references/ and assets/ beside it.
//
// The rules encode the published format (agentskills.io specification and
// its reference validator, skills-ref) and what the hosts that load skills
// from a repository do with a file: VS Code's skill discovery and prompt
// validator (promptsServiceImpl computeSkillDiscoveryInfo, promptValidator
// validateSkillAttributes), GitHub Copilot's documented requirements, and
// Squad's skill loader. Severity follows what the host does: an error when
// a host skips the skill, truncates or renames what the author wrote, or
// ignores a setting; a warning for a deviation from the format that no host
// acts on today; a note for keys other hosts read.
//
// Nothing here reads the file system: the engine hands each SKILL.md's
// bytes to [Inspect] with a [Context] that answers whether a referenced
// file exists.
package skill
