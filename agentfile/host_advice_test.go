package agentfile

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// cliAgentSchemaError judges an agent file's frontmatter the way Copilot
// CLI's custom-agent loader does (@github/copilot 1.0.10 to 1.0.40: a
// frontmatter object checked field by field; a mismatch makes the loader
// report "custom agent markdown frontmatter is malformed" and skip the whole
// agent; keys it does not know are dropped with a warning, target among
// them). This is a subset written for these tests from reading that
// loader, not a copy of it. It returns "" when the CLI loads the agent.
func cliAgentSchemaError(t *testing.T, src string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\A---\r?\n(.*?)\r?\n---\r?\n`).FindStringSubmatch(src)
	if m == nil {
		return "no frontmatter"
	}
	var front map[string]any
	if err := yaml.Unmarshal([]byte(m[1]), &front); err != nil {
		return "yaml: " + err.Error()
	}
	isString := func(v any) bool { _, ok := v.(string); return ok }
	isStrings := func(v any) bool {
		l, ok := v.([]any)
		if !ok {
			return false
		}
		for _, e := range l {
			if !isString(e) {
				return false
			}
		}
		return true
	}
	isStringMap := func(v any) bool {
		mm, ok := v.(map[string]any)
		if !ok {
			return false
		}
		for _, e := range mm {
			if !isString(e) {
				return false
			}
		}
		return true
	}
	if !isString(front["description"]) {
		return "description: a string is required"
	}
	for _, k := range []string{"name", "model"} {
		if v, ok := front[k]; ok && !isString(v) {
			return k + ": must be a string"
		}
	}
	if v, ok := front["tools"]; ok && !isString(v) && !isStrings(v) {
		return "tools: a list of strings or a comma-separated string"
	}
	for _, k := range []string{"infer", "disable-model-invocation", "user-invocable"} {
		if v, ok := front[k]; ok {
			if _, b := v.(bool); !b {
				return k + ": must be a boolean"
			}
		}
	}
	if v, ok := front["skills"]; ok && !isStrings(v) {
		return "skills: must be a list of strings"
	}
	servers, ok := front["mcp-servers"]
	if !ok || servers == nil {
		return ""
	}
	sm, ok := servers.(map[string]any)
	if !ok {
		return "mcp-servers: must be a mapping"
	}
	for name, s := range sm {
		srv, ok := s.(map[string]any)
		if !ok {
			return "mcp-servers." + name + ": must be a mapping"
		}
		local := isString(srv["command"]) && isStrings(srv["args"]) && isStrings(srv["tools"]) &&
			(srv["env"] == nil || isStringMap(srv["env"])) &&
			(srv["type"] == nil || srv["type"] == "local" || srv["type"] == "stdio")
		remote := isString(srv["url"]) && isStrings(srv["tools"]) &&
			(srv["headers"] == nil || isStringMap(srv["headers"])) &&
			(srv["type"] == "http" || srv["type"] == "sse")
		if !local && !remote {
			return "mcp-servers." + name + ": matches neither a local nor a remote server"
		}
	}
	return ""
}

// TestCLISchemaSubset: the schema subset above accepts what Copilot CLI
// loads and refuses what it rejects, so the advice tests below mean
// something.
func TestCLISchemaSubset(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{"---\ndescription: d\n---\nx\n", true},
		{"---\nname: n\n---\nx\n", false},
		{"---\ndescription: d\nmodel: gpt-5\ntarget: vscode\nunknown: 1\n---\nx\n", true},
		{"---\ndescription: d\nmodel: [gpt-5, o3]\n---\nx\n", false},
		{"---\ndescription: d\ntools: read, edit\n---\nx\n", true},
		{"---\ndescription: d\ndisable-model-invocation: \"true\"\n---\nx\n", false},
		{"---\ndescription: d\nmcp-servers:\n  a:\n    command: x\n    args: []\n    tools: ['*']\n---\nx\n", true},
		{"---\ndescription: d\nmcp-servers:\n  a:\n    command: x\n    args: []\n---\nx\n", false},
		{"---\ndescription: d\nmcp-servers:\n  a:\n    command: x\n    tools: ['*']\n---\nx\n", false},
		{"---\ndescription: d\nmcp-servers:\n  a:\n    url: https://example.com/mcp\n    tools: ['*']\n---\nx\n", false},
		{"---\ndescription: d\nmcp-servers:\n  a:\n    type: http\n    url: https://example.com/mcp\n    tools: ['*']\n---\nx\n", true},
	} {
		if got := cliAgentSchemaError(t, tt.src) == ""; got != tt.want {
			t.Errorf("CLI accepts %v, want %v:\n%s", got, tt.want, tt.src)
		}
	}
	for ref, want := range map[string]bool{"$COPILOT_MCP_X": true, "${COPILOT_MCP_X}": true, "${X:-d}": true,
		"${{ secrets.COPILOT_MCP_X }}": false, "${input:x}": false, "${env:HOME}": false} {
		if cliExpands(ref) != want {
			t.Errorf("cliExpands(%q) = %v", ref, !want)
		}
	}
}

// cliExpands reports whether Copilot CLI 1.0 substitutes ref from the
// local environment in an MCP server's env, headers or args: $NAME,
// ${NAME} or ${NAME:-default}, and nothing else (not ${{ ... }}, not
// VS Code's ${input:...} or ${env:...}).
func cliExpands(ref string) bool {
	return regexp.MustCompile(`^(\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\}|\$[A-Za-z_][A-Za-z0-9_]*)$`).MatchString(ref)
}

// messagesOf lints one agent file and returns the messages of rule id.
func messagesOf(t *testing.T, path, src, id string) []string {
	t.Helper()
	var out []string
	for _, d := range Inspect(path, []byte(src)).Diagnostics {
		if d.Rule == id {
			out = append(out, d.Message)
		}
	}
	return out
}

// TestAdviceWorksOnTheNamedHost: for each rule whose advice differs by
// host, the message names the host that misbehaves, and the form it
// recommends is one that host accepts: the repaired file raises no finding
// of the rule, and Copilot CLI's agent schema loads it wherever the
// advice is meant for the CLI. The faulty file is one the CLI rejects when
// the message says so.
func TestAdviceWorksOnTheNamedHost(t *testing.T) {
	const path = ".github/agents/a.agent.md"
	for _, tt := range []struct {
		name     string
		rule     string
		bad      string
		hosts    []string // each must appear in the message
		advice   string   // the recommended form, as the message writes it
		fixed    string   // bad, repaired as the message says
		forCLI   bool     // the repaired file must load in Copilot CLI
		cliFails bool     // the message says Copilot CLI rejects bad
	}{
		{name: "model joined, no target: one name", rule: "AF120",
			bad:   "---\ndescription: d\nmodel: gpt-5 | claude-sonnet-4.5\n---\nx\n",
			hosts: []string{"Copilot CLI"}, advice: "write one name, model: a",
			fixed: "---\ndescription: d\nmodel: gpt-5\n---\nx\n", forCLI: true},
		{name: "model joined, github-copilot: one name", rule: "AF120",
			bad:   "---\ndescription: d\ntarget: github-copilot\nmodel: 'gpt-5, o3'\n---\nx\n",
			hosts: []string{"Copilot CLI"}, advice: "write one name, model: a",
			fixed: "---\ndescription: d\ntarget: github-copilot\nmodel: gpt-5\n---\nx\n", forCLI: true},
		{name: "model list entry joined, no target: one name", rule: "AF120",
			bad:   "---\ndescription: d\nmodel: ['gpt-5, o3']\n---\nx\n",
			hosts: []string{"Copilot CLI"}, advice: "write one name, model: a",
			fixed: "---\ndescription: d\nmodel: gpt-5\n---\nx\n", forCLI: true},
		{name: "model joined, vscode: a list", rule: "AF120",
			bad:   "---\ndescription: d\ntarget: vscode\nmodel: gpt-5 | o3\n---\nx\n",
			hosts: []string{"VS Code", "Copilot CLI"}, advice: "model: [a, b]",
			fixed: "---\ndescription: d\ntarget: vscode\nmodel: [gpt-5, o3]\n---\nx\n"},
		{name: "mcp server without tools", rule: "AF116",
			bad:   "---\ndescription: d\nmcp-servers:\n  docs:\n    type: local\n    command: docs-mcp\n    args: []\n---\nx\n",
			hosts: []string{"Copilot CLI", "cloud agent"}, advice: `tools: ["*"]`, cliFails: true,
			fixed: "---\ndescription: d\nmcp-servers:\n  docs:\n    type: local\n    command: docs-mcp\n    args: []\n    tools: [\"*\"]\n---\nx\n", forCLI: true},
		{name: "local mcp server without args", rule: "AF117",
			bad:   "---\ndescription: d\nmcp-servers:\n  docs:\n    type: local\n    command: docs-mcp\n    tools: ['*']\n---\nx\n",
			hosts: []string{"Copilot CLI", "cloud agent"}, advice: "args: []", cliFails: true,
			fixed: "---\ndescription: d\nmcp-servers:\n  docs:\n    type: local\n    command: docs-mcp\n    args: []\n    tools: ['*']\n---\nx\n", forCLI: true},
		{name: "remote mcp server without type", rule: "AF115",
			bad:   "---\ndescription: d\nmcp-servers:\n  wiki:\n    url: https://example.com/mcp\n    tools: ['*']\n---\nx\n",
			hosts: []string{"Copilot CLI", "cloud agent"}, advice: "type: http", cliFails: true,
			fixed: "---\ndescription: d\nmcp-servers:\n  wiki:\n    type: http\n    url: https://example.com/mcp\n    tools: ['*']\n---\nx\n", forCLI: true},
		{name: "local mcp server without type loads in the CLI", rule: "AF115",
			bad:   "---\ndescription: d\nmcp-servers:\n  docs:\n    command: docs-mcp\n    args: []\n    tools: ['*']\n---\nx\n",
			hosts: []string{"cloud agent", "Copilot CLI reads it as local"}, advice: "type: local",
			fixed: "---\ndescription: d\nmcp-servers:\n  docs:\n    type: local\n    command: docs-mcp\n    args: []\n    tools: ['*']\n---\nx\n", forCLI: true},
		{name: "quoted boolean", rule: "AF105",
			bad:   "---\ndescription: d\ndisable-model-invocation: \"true\"\n---\nx\n",
			hosts: []string{"VS Code", "Copilot CLI"}, advice: "true or false", cliFails: true,
			fixed: "---\ndescription: d\ndisable-model-invocation: true\n---\nx\n", forCLI: true},
		{name: "no description", rule: "AF101",
			bad:   "---\nname: a\n---\nx\n",
			hosts: []string{"Copilot CLI", "cloud agent"}, advice: "description", cliFails: true,
			fixed: "---\nname: a\ndescription: d\n---\nx\n", forCLI: true},
		{name: "mcp env naming a secret with ${{ }}", rule: "AF109",
			bad:   "---\ndescription: d\nmcp-servers:\n  gh:\n    type: local\n    command: gh-mcp\n    args: []\n    tools: ['*']\n    env:\n      TOKEN: ${{ secrets.GH_TOKEN }}\n---\nx\n",
			hosts: []string{"cloud agent", "Copilot CLI resolves no ${{ }} reference"}, advice: "write $COPILOT_MCP_GH_TOKEN",
			fixed: "---\ndescription: d\nmcp-servers:\n  gh:\n    type: local\n    command: gh-mcp\n    args: []\n    tools: ['*']\n    env:\n      TOKEN: $COPILOT_MCP_GH_TOKEN\n---\nx\n", forCLI: true},
		{name: "mcp header with a VS Code input", rule: "AF119",
			bad:   "---\ndescription: d\nmcp-servers:\n  img:\n    type: http\n    url: https://example.com/mcp\n    tools: ['*']\n    headers:\n      x-api-key: ${input:img-key}\n---\nx\n",
			hosts: []string{"cloud agent", "Copilot CLI"}, advice: "write $COPILOT_MCP_NAME",
			fixed: "---\ndescription: d\nmcp-servers:\n  img:\n    type: http\n    url: https://example.com/mcp\n    tools: ['*']\n    headers:\n      x-api-key: $COPILOT_MCP_IMG_KEY\n---\nx\n", forCLI: true},
		{name: "model of the wrong type", rule: "AF106",
			bad:   "---\ndescription: d\nmodel: {id: gpt-5}\n---\nx\n",
			hosts: []string{"Copilot CLI"}, advice: "must be a string", cliFails: true,
			fixed: "---\ndescription: d\nmodel: gpt-5\n---\nx\n", forCLI: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			msgs := messagesOf(t, path, tt.bad, tt.rule)
			if len(msgs) != 1 {
				t.Fatalf("%s findings: %q", tt.rule, msgs)
			}
			msg := msgs[0]
			for _, h := range tt.hosts {
				if !strings.Contains(msg, h) {
					t.Errorf("message does not name %q: %s", h, msg)
				}
			}
			if !strings.Contains(msg, tt.advice) {
				t.Errorf("message does not advise %q: %s", tt.advice, msg)
			}
			if cli := cliAgentSchemaError(t, tt.bad); tt.cliFails && cli == "" {
				t.Errorf("the message says Copilot CLI rejects the agent, but its schema accepts it")
			} else if tt.cliFails && !strings.Contains(msg, "Copilot CLI rejects") {
				t.Errorf("Copilot CLI rejects the agent (%s), and the message does not say so: %s", cli, msg)
			}
			if got := messagesOf(t, path, tt.fixed, tt.rule); len(got) != 0 {
				t.Errorf("the recommended form still raises %s: %q", tt.rule, got)
			}
			if cli := cliAgentSchemaError(t, tt.fixed); tt.forCLI && cli != "" {
				t.Errorf("Copilot CLI rejects the recommended form (%s):\n%s", cli, tt.fixed)
			}
			for _, ref := range regexp.MustCompile(`\$\S+`).FindAllString(tt.fixed, -1) {
				if !cliExpands(ref) || !strings.Contains(ref, "COPILOT_MCP_") {
					t.Errorf("recommended reference %s is not one both the cloud agent (COPILOT_MCP_) and Copilot CLI expand", ref)
				}
			}
		})
	}
}

// TestNoAdviceOfAListToCopilotCLI: wherever Copilot CLI may load the agent
// (target unset or github-copilot), no model finding recommends a list,
// which its agent schema rejects.
func TestNoAdviceOfAListToCopilotCLI(t *testing.T) {
	for _, target := range []string{"", "target: github-copilot\n"} {
		for _, model := range []string{"a | b", "'a, b, c'", "['a, b']", "[a, 'b | c']"} {
			src := fmt.Sprintf("---\ndescription: d\n%smodel: %s\n---\nx\n", target, model)
			for _, d := range Inspect(".github/agents/a.agent.md", []byte(src)).Diagnostics {
				if strings.Contains(d.Message, "model: [") && !strings.Contains(d.Message, "only with target: vscode") ||
					strings.Contains(d.Message, "own entry") {
					t.Errorf("%s recommends a model list to Copilot CLI:\n%s%s", d.Rule, src, d.Message)
				}
			}
		}
	}
}
