package promptfile

import (
	"strings"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

// promptKeys are the keys VS Code reads in a prompt file
// (promptFileAttributes.ts: promptFileAttributes).
var promptKeys = []string{"name", "description", "argument-hint", "agent", "mode", "model", "tools"}

// agentKeys are keys agent files read that prompt and instructions files
// do not (promptFileAttributes.ts: customAgentAttributes, and GitHub's
// mcp-servers).
var agentKeys = []string{
	"handoffs", "target", "infer", "agents", "user-invocable", "user-invokable", "disable-model-invocation",
	"advancedOptions", "github", "hooks", "mcp-servers", "metadata",
}

// notInPrompts names whose key each foreign key is, in a prompt file.
var notInPrompts = owners(map[string][]string{
	"an instructions-file": {"applyTo", "excludeAgent"},
	"an agent-file":        agentKeys,
})

func owners(m map[string][]string) map[string]string {
	out := map[string]string{}
	for owner, keys := range m {
		for _, k := range keys {
			out[k] = owner
		}
	}
	return out
}

// PromptReport is what CheckPrompt learned about one prompt file.
type PromptReport struct {
	Path        string
	Diagnostics []diag.Diagnostic
	// Agent is the custom agent the file names, for the cross-file check;
	// nil when it names none, or a built-in.
	Agent *AgentRef
	Refs  []FileRef // the body's file references, for the cross-file check
}

// AgentRef is an agent name as written, and where.
type AgentRef struct {
	Name, Field string
	Span        diag.Span
}

// CheckPrompt runs every single-file rule on one prompt file.
func CheckPrompt(path string, src []byte) *PromptReport {
	c := newCheck(path, src)
	c.credentials(rulePromptCredential, src)
	c.placement(rulePromptPlacement, ".github/prompts")
	c.headerProblems(rulePromptFrontmatter)
	c.keys(func(k, v *yaml.Node, field string) {
		switch k.Value {
		case "name", "description", "argument-hint":
			c.scalarText(rulePromptFieldType, v, field)
		case "model":
			c.model(v, field)
		case "tools":
			c.tools(v, field)
		case "agent", "mode":
			// promptAgent checks both together
		default:
			c.unknownKey(rulePromptUnknownKey, k, "prompt", promptKeys, notInPrompts)
		}
	})
	r := &PromptReport{Path: path, Agent: c.promptAgent(), Refs: bodyRefs(path, src, c.hdr.BodyStart)}
	r.Diagnostics = c.out
	return r
}

// model is one model name or a nonempty list of them.
func (c *check) model(v *yaml.Node, field string) {
	if v.Kind != yaml.SequenceNode {
		c.scalarText(rulePromptFieldType, v, field)
		return
	}
	if len(v.Content) == 0 {
		c.at(rulePromptFieldType, v, field, "must not be an empty sequence; VS Code drops it")
		return
	}
	c.stringItems(rulePromptFieldType, v, field)
}

// tools is a list of tool names or one comma-separated string; an empty
// value means no tools.
func (c *check) tools(v *yaml.Node, field string) {
	switch {
	case v.Kind == yaml.SequenceNode:
		c.stringItems(rulePromptFieldType, v, field)
	case v.Kind == yaml.MappingNode:
		c.at(rulePromptFieldType, v, field, "must be a sequence of tool names or a comma-separated string, not a mapping; VS Code drops it")
	case v.Kind == yaml.ScalarNode && v.Tag != "!!null" && !agentfile.IsString(v):
		c.fail(rulePromptFieldType, diag.SeverityWarning, c.hdr.Span(v), field, "is %s, not a tool list; quote it or write a sequence", kindName(v))
	}
}

// promptAgent checks agent and mode together, as VS Code reads them, and
// returns the custom agent the file names.
func (c *check) promptAgent() *AgentRef {
	ak, av := c.lookup("agent")
	mk, mv := c.lookup("mode")
	if mk != nil && ak != nil {
		c.at(rulePromptMode, mk, "frontmatter.mode", "is deprecated and ignored because agent is also set; delete it")
		if mv.Value == av.Value {
			// The same value twice: ignoring mode loses nothing.
			c.out[len(c.out)-1].Severity = diag.SeverityNote
		}
	} else if mk != nil {
		c.at(rulePromptMode, mk, "frontmatter.mode", "is deprecated; rename it to agent (VS Code still reads it when agent is absent)")
		c.out[len(c.out)-1].Fix = c.hdr.RenameFix(mk, "agent")
		c.out[len(c.out)-1].Severity = diag.SeverityNote // VS Code reads it as agent
	}
	k, v := ak, av
	if k == nil {
		k, v = mk, mv
	}
	if k == nil {
		return nil
	}
	field := "frontmatter." + k.Value
	name, ok := c.scalarText(rulePromptFieldType, v, field)
	if !ok || name == "" {
		return nil
	}
	if agentfile.IsBuiltinAgent(name) {
		c.toolsIgnored(name, field)
		return nil
	}
	return &AgentRef{Name: name, Field: field, Span: c.hdr.Span(v)}
}

// toolsIgnored reports tools beside a built-in agent that is not of the
// agent kind (ask, edit), which VS Code runs without tools.
func (c *check) toolsIgnored(agent, field string) {
	if !strings.EqualFold(agent, "ask") && !strings.EqualFold(agent, "edit") {
		return
	}
	if k, _ := c.lookup("tools"); k != nil {
		c.at(rulePromptToolsIgnored, k, "frontmatter.tools", "VS Code ignores it: %s is %s, which runs without tools; set agent: agent or delete tools",
			field, strings.ToLower(agent))
	}
}

// UnresolvedAgent reports the file's agent when it is neither a built-in
// nor accepted by known (which looks names up across the repository's
// agent files); names, the repository's agent names, are the finding's
// candidates and feed the did-you-mean when one of them is the nearest.
func (r *PromptReport) UnresolvedAgent(known func(name string) bool, names []string) []diag.Diagnostic {
	a := r.Agent
	if a == nil || known(a.Name) {
		return nil
	}
	what := "the agent it names"
	if agentfile.PlainName(a.Name) {
		what = "\"" + a.Name + "\""
	}
	cands := agentfile.AgentCandidates(names)
	return []diag.Diagnostic{rulePromptAgent.At(r.Path, a.Span,
		"%s: %s is neither a built-in agent nor an agent file's name in this repository; %s",
		a.Field, what, agentfile.AgentSuggestion(a.Name, cands)).WithCandidates(cands)}
}
