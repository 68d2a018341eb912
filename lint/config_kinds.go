package lint

import "gopkg.in/yaml.v3"

// Kinds are the kinds of file that `kinds:` in .squadci.yml can turn off,
// each with what it covers. A kind that is off is not discovered, so none
// of its rules run and a file of it named on the command line gets the
// SQ004 note saying why.
var Kinds = []struct{ Name, Covers string }{
	{"agents", "agent files: **/*.agent.md, .github/chatmodes/*.chatmode.md, kmx charters"},
	{"prompts", "prompt files: **/*.prompt.md"},
	{"instructions", "instructions files: **/*.instructions.md, .github/copilot-instructions.md"},
	{"skills", "skills: **/skills/**/SKILL.md, except templates and a skill's own resources"},
}

func kindNames() []string {
	out := make([]string, len(Kinds))
	for i, k := range Kinds {
		out[i] = k.Name
	}
	return out
}

// KindOn reports whether files of kind are checked: every kind is, unless
// kinds: turns it off.
func (c *Config) KindOn(kind string) bool { return c == nil || !c.KindsOff[kind] }

// kinds reads kinds: kind → true|false.
func (d *configDecoder) kinds(n *yaml.Node) map[string]bool {
	off := map[string]bool{}
	d.mapping(n, "kinds", kindNames(), func(key string, _, v *yaml.Node) {
		if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
			d.fail(v, "kinds.%s must be true or false", key)
			return
		}
		var on bool
		if err := v.Decode(&on); err != nil {
			d.fail(v, "kinds.%s must be true or false", key)
			return
		}
		if !on {
			off[key] = true
		}
	})
	return off
}

// kindMatchers say which files belong to each kind; each kind's check file
// adds its own in init.
var kindMatchers = map[string]func(rel string) bool{
	"agents": func(rel string) bool { return agentFileKind(rel) != "" },
}

// kindOff returns the kind that kinds: turns off and rel belongs to, or "".
func (s *session) kindOff(rel string) string {
	for _, k := range Kinds {
		if m := kindMatchers[k.Name]; m != nil && !s.opts.Config.KindOn(k.Name) && m(rel) {
			return k.Name
		}
	}
	return ""
}
