package agentfile

import (
	"strings"
	"testing"
)

// token is shaped like a GitHub personal access token (not a real one).
const token = "ghp_R8fQ2vX9kLmN4pZ7tY1wB6cD3eH5jK0sA2gU"

func TestSeedSamplesParse(t *testing.T) {
	g := wantAccepted(t, "greeter.agent.md", greeter)
	if g.Shape != ShapeCharter || g.ID != "greeter" || g.Title != "Greeter" || g.Role != "Greeting specialist" {
		t.Errorf("greeter: shape %v id %q title %q role %q", g.Shape, g.ID, g.Title, g.Role)
	}
	if !g.HasModel || g.Model != "fake" || len(g.Examples) != 1 || g.Examples[0].Assertions[0].Value != "Hello, Ada" {
		t.Errorf("greeter: model %q examples %+v", g.Model, g.Examples)
	}
	if want := greeterHead; g.Instructions != want {
		t.Errorf("greeter instructions:\n%q\nwant\n%q", g.Instructions, want)
	}
	r := wantAccepted(t, "reviewer.agent.md", reviewer)
	if r.Shape != ShapeFrontmatter || r.Name != "Reviewer" || r.Model != "gpt-5.6-terra" || !r.HasTools || len(r.Tools) != 0 {
		t.Errorf("reviewer: %+v", r)
	}
	if len(r.Notices) != 0 {
		t.Errorf("tools: [] must not get the all-tools notice: %q", r.Notices)
	}
	if want := "Review the supplied changes for correctness and missing tests.\nReport actionable findings with file references. Do not edit files.\n"; r.Instructions != want {
		t.Errorf("reviewer instructions %q", r.Instructions)
	}
}

func TestShapesAndProjection(t *testing.T) {
	t.Run("plain legacy prompt", func(t *testing.T) {
		a := wantAccepted(t, "legacy.agent.md", "# Legacy\n\nAnswer briefly.\n")
		if a.Shape != ShapePrompt || a.Title != "Legacy" || a.ID != "" || a.Instructions != "# Legacy\n\nAnswer briefly.\n" {
			t.Errorf("%+v", a)
		}
	})
	t.Run("CRLF and BOM", func(t *testing.T) {
		src := "\ufeff" + strings.ReplaceAll(greeter, "\n", "\r\n")
		a := wantAccepted(t, "greeter.agent.md", src)
		if a.Instructions != greeterHead {
			t.Errorf("instructions are not LF-normalised without the BOM: %q", a.Instructions)
		}
		if a.Revision != Revision([]byte(src)) || a.Revision == Revision([]byte(greeter)) {
			t.Errorf("revision must hash the original bytes")
		}
	})
	t.Run("tool-free bytes unchanged", func(t *testing.T) {
		src := strings.TrimSuffix(greeterHead, "\n")
		if a := wantAccepted(t, "g.agent.md", src); a.Instructions != src {
			t.Errorf("instructions %q", a.Instructions)
		}
	})
	t.Run("tools cut the instructions", func(t *testing.T) {
		a := wantAccepted(t, "g.agent.md", withTools("examples: []\n"))
		if a.Instructions != greeterHead || len(a.Tools) != 1 || a.Tools[0] != "ping" || !a.HasExamples || len(a.Examples) != 0 {
			t.Errorf("%+v", a)
		}
	})
	t.Run("copilot without tools", func(t *testing.T) {
		a := wantAccepted(t, "a.agent.md", "---\ndescription: d\n---\nDo it.\n")
		if a.HasTools || len(a.Notices) != 1 || a.Notices[0] != ToolsNotice {
			t.Errorf("notices %q", a.Notices)
		}
	})
	t.Run("copilot tools mapped and unmapped", func(t *testing.T) {
		a := wantAccepted(t, "a.agent.md", "---\ndescription: d\ntools: ['read', 'github/*', 'search', 'my.ext/tool', '*']\nmodel: [a, b]\n---\nDo it.\n")
		if strings.Join(a.Tools, ",") != "read,search" || len(a.UnmappedTools) != 3 || a.HasModel {
			t.Errorf("tools %q unmapped %q model %q", a.Tools, a.UnmappedTools, a.Model)
		}
		if strings.Join(a.Unmapped, ",") != "model" {
			t.Errorf("unmapped keys %q", a.Unmapped)
		}
	})
	t.Run("copilot comma-separated tools", func(t *testing.T) {
		a := wantAccepted(t, "a.agent.md", "---\ndescription: d\ntools: read, edit\n---\nDo it.\n")
		if strings.Join(a.Tools, ",") != "read,edit" {
			t.Errorf("tools %q", a.Tools)
		}
	})
	t.Run("copilot examples use frontmatter tools", func(t *testing.T) {
		src := "---\nname: Pinger\ndescription: d\ntools: [ping]\n---\nPing.\n\n## Examples\n```yaml\nexamples:\n  - id: t\n    input: go\n    assertions:\n      - {id: called, type: toolCalled, tool: ping}\n```\n"
		a := wantAccepted(t, "p.agent.md", src)
		if len(a.Examples) != 1 || a.Instructions != "Ping.\n\n" {
			t.Errorf("%+v", a)
		}
	})
	t.Run("prose Examples heading stays prompt", func(t *testing.T) {
		src := "---\ndescription: d\n---\nDo it.\n\n## Examples\nAsk for a summary of a diff.\n"
		a := wantAccepted(t, "a.agent.md", src)
		if a.HasExamples || a.Instructions != "Do it.\n\n## Examples\nAsk for a summary of a diff.\n" {
			t.Errorf("%+v", a)
		}
	})
	t.Run("free-form prompts keep HTML comments", func(t *testing.T) {
		wantAccepted(t, "a.agent.md", "---\ndescription: d\n---\n<!-- version: 1 -->\nDo it.\n")
		wantAccepted(t, "a.agent.md", "<!-- note -->\n# Prompt\nDo it.\n")
	})
	t.Run("headings inside fences are not sections", func(t *testing.T) {
		src := replace(t, greeter, "No delegated work.\n", "No delegated work.\n\n~~~~markdown\n## Identity\n```\n~~~~\n")
		wantAccepted(t, "g.agent.md", src)
	})
	t.Run("minimal prompt with model, tools and tests", func(t *testing.T) {
		src := "# Pinger\n\nPing the host.\n\n## Model\n- **Preferred:** gpt-5.6-terra\n\n## Tools\n- ping\n\n## Examples\n```yaml\nexamples:\n  - id: t\n    input: go\n    assertions:\n      - {id: c, type: toolCalled, tool: ping}\n```\n"
		a := wantAccepted(t, "p.agent.md", src)
		if a.Shape != ShapePrompt || a.Model != "gpt-5.6-terra" || len(a.Tools) != 1 || len(a.Examples) != 1 {
			t.Errorf("%+v", a)
		}
	})
	t.Run("native squad charter is not a kmx charter", func(t *testing.T) {
		src := "# Ripley — Lead\n\n## Identity\n\n- **Name:** Ripley\n- **Role:** Lead\n\n## What I Own\n\n- Lead work.\n"
		if a := wantAccepted(t, "charter.md", src); a.Shape != ShapePrompt {
			t.Errorf("shape %v", a.Shape)
		}
	})
	t.Run("title forms", func(t *testing.T) {
		for _, title := range []string{"# Greeter", "# Greeter —", "# Greeter — Greeting specialist"} {
			a := wantAccepted(t, "g.agent.md", replace(t, greeter, "# Greeter — Greeting specialist", title))
			if a.Title != "Greeter" {
				t.Errorf("%q: title %q", title, a.Title)
			}
		}
	})
	t.Run("sections reordered", func(t *testing.T) {
		src := replace(t, greeter, "## Accountable Responsibilities\nReply with exactly `Hello, ` followed by the input name.\n\n", "")
		src = replace(t, src, "## Model", "## Accountable Responsibilities\nReply.\n\n## Model")
		wantAccepted(t, "g.agent.md", src)
	})
	t.Run("all assertion types", func(t *testing.T) {
		a := wantAccepted(t, "g.agent.md", withTools(`examples:
  - id: all
    input: "123"
    assertions:
      - {id: a, type: contains, value: x}
      - {id: b, type: notContains, value: y}
      - {id: c, type: regex, pattern: '^H(i|ello)'}
      - {id: d, type: toolCalled, tool: ping}
      - {id: e, type: toolNotCalled, tool: ping}
      - {id: f, type: llmJudge, rubric: Polite., minScore: 0, judgeModel: gpt-5.6-terra, judgeVersion: "2026-01"}
`))
		as := a.Examples[0].Assertions
		if len(as) != 6 || as[5].MinScore == nil || *as[5].MinScore != 0 || a.Examples[0].Input != "123" {
			t.Errorf("%+v", as)
		}
	})
	t.Run("recorded tool", func(t *testing.T) {
		a := wantAccepted(t, "g.agent.md", withTools(`examples:
  - id: rec
    input: Say hi
    assertions:
      - {id: a, type: contains, value: Hello}
    mocks:
      tools:
        - name: ping
          mode: recorded
          description: Read a greeting.
          parameters: {type: object, additionalProperties: false}
          calls:
            - arguments: {}
              result: {greeting: "Hello", n: 9007199254740992, f: 0.1, ok: true, none: null, list: [1, "{\"a\": [1]}"]}
`))
		m := a.Examples[0].Mocks
		if len(m) != 1 || m[0].Mode != ModeRecorded || len(m[0].Calls) != 1 || m[0].Calls[0].Result["greeting"] != "Hello" {
			t.Errorf("%+v", m)
		}
	})
	t.Run("live and pending tools", func(t *testing.T) {
		wantAccepted(t, "g.agent.md", withTools(`examples:
  - id: live
    input: Say hi
    assertions: [{id: a, type: contains, value: Hello}]
    mocks: {tools: [{name: ping, mode: live}]}
  - id: pending
    input: Say hi
    assertions: [{id: a, type: contains, value: Hello}]
    mocks: {tools: [{name: ping, mode: recorded, calls: []}]}
`))
	})
}

func TestPlacement(t *testing.T) {
	wantAccepted(t, "repo/.squad/agents/greeter/charter.md", greeter)
	wantAccepted(t, `repo\.SQUAD\Agents\greeter\CHARTER.md`, greeter)
	wantAccepted(t, "greeter.agent.md", greeter)
	wantRefusal(t, "repo/.squad/agents/other/charter.md", greeter, refusal{"AF017", 4, 11, "Identity.ID"})
	wantRefusal(t, "repo/.squad/agents/Greeter/charter.md", greeter, refusal{"AF017", 4, 11, "Identity.ID"})
	wantRefusal(t, "repo/.squad/agents/other/x/../charter.md", greeter, refusal{"AF017", 4, 11, "Identity.ID"})

	dir := t.TempDir() + "/.squad/agents/other"
	mkdirAll(t, dir)
	t.Chdir(dir)
	wantRefusal(t, "charter.md", greeter, refusal{"AF017", 4, 11, "Identity.ID"})
	wantRefusal(t, "./charter.md", greeter, refusal{"AF017", 4, 11, "Identity.ID"})
	wantAccepted(t, "other.agent.md", greeter)
}
