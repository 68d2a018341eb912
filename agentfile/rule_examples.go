package agentfile

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleExamples = diag.Register(diag.Rule{
	ID: "AF021", Name: "agentfile-examples", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Examples YAML is not a valid examples mapping",
	Full: "The Examples fence's outer mapping has only examples: a sequence (examples: [] is valid while " +
		"authoring; a missing sequence, null or a mapping is refused). Each example requires id, input and " +
		"assertions, with optional mocks; order is preserved. Example ids are unique across the file, 1–63 " +
		"ASCII letters, digits, '.', '_' or '-', starting with a letter or digit. input is a nonblank YAML " +
		"string (quote numeric-looking text such as \"123\"); assertions is a nonempty sequence. Null " +
		"entries, unknown or duplicate fields, the legacy expectContains and repeat policies are refused.",
	Help:     "Write each test as id, input and assertions (and optionally mocks), with string values quoted when they look like numbers.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the examples, so no test of the agent runs. Error: the contract refuses it.",
})

var exampleIDSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$`)
})

var exampleFields = []string{"id", "input", "assertions", "mocks"}

// examplesCheck validates the decoded Examples document.
type examplesCheck struct {
	c        *checker
	ys       *yamlSource
	declared map[string]bool
	ids      map[string]int // example id → line of first use
}

// checkExamplesYAML parses the fence body and validates it; fenceLine is
// the opening fence's line index.
func (c *checker) checkExamplesYAML(ys *yamlSource, fenceLine int) {
	root, extra, err := ys.decode()
	if err != nil {
		c.yamlProblem(ys, extra, err, "examples")
		return
	}
	if root == nil {
		c.fail(ruleExamples, c.lineSpan(fenceLine), "examples", "write 'examples: []' and add tests to it",
			"the yaml fence holds no examples mapping")
		return
	}
	w := &yamlWalk{c: c, ys: ys, payloads: true}
	w.run(root)
	if w.bounded || c.stopped() {
		return
	}
	e := &examplesCheck{c: c, ys: ys, declared: map[string]bool{}, ids: map[string]int{}}
	for _, t := range c.agent.Tools {
		e.declared[t] = true
	}
	e.root(root)
}

func (e *examplesCheck) fail(r *diag.Rule, n *yaml.Node, field, repair, format string, args ...any) {
	e.c.fail(r, e.ys.span(n), field, repair, format, args...)
}

// missingFields joins the canonical names of the required keys that are
// not in got, e.g. "examples[0].input, examples[0].assertions"; "" when
// none is missing.
// missingKeys names the required keys got lacks, for a message: "prompt",
// "label and prompt".
func missingKeys(required []string, got map[string]bool) string {
	var missing []string
	for _, f := range required {
		if !got[f] {
			missing = append(missing, f)
		}
	}
	if len(missing) > 1 {
		return strings.Join(missing[:len(missing)-1], ", ") + " and " + missing[len(missing)-1]
	}
	return strings.Join(missing, "")
}

func missingFields(field string, required []string, got map[string]bool) string {
	var missing []string
	for _, f := range required {
		if !got[f] {
			missing = append(missing, field+"."+f)
		}
	}
	return strings.Join(missing, ", ")
}

// pairs calls fn for each key of a mapping once; repeated keys, merge keys
// and non-scalar keys were reported by the YAML rules and are skipped here.
func pairs(n *yaml.Node, fn func(k, v *yaml.Node)) {
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode || seen[k.Value] || k.ShortTag() == "!!merge" {
			continue
		}
		seen[k.Value] = true
		fn(k, n.Content[i+1])
	}
}

func (e *examplesCheck) root(root *yaml.Node) {
	if root.Kind != yaml.MappingNode {
		e.fail(ruleExamples, root, "examples", "write 'examples:' followed by a sequence of tests",
			"the Examples YAML must be a mapping with only examples")
		return
	}
	var list *yaml.Node
	pairs(root, func(k, v *yaml.Node) {
		if k.Value == "examples" {
			list = v
			return
		}
		e.fail(ruleExamples, k, "", "delete the field; the outer mapping has only examples",
			"unknown field; the outer mapping has only examples%s", diag.DidYouMean(k.Value, []string{"examples"}))
	})
	if e.c.stopped() {
		return
	}
	if list == nil {
		e.fail(ruleExamples, root, "examples", "add 'examples: []' and put tests in it", "examples is missing")
		return
	}
	if list.Kind != yaml.SequenceNode {
		if list.Kind != yaml.AliasNode {
			e.fail(ruleExamples, list, "examples", "use a sequence; write 'examples: []' while there are no tests",
				"examples must be a sequence (null and mappings are refused)")
		}
		return
	}
	for i, n := range list.Content {
		if i == MaxExamples {
			e.fail(ruleBounds, n, fmt.Sprintf("examples[%d]", i), "split the tests across agents",
				"more than %d examples", MaxExamples)
			return
		}
		e.example(i, n)
		if e.c.stopped() {
			return
		}
	}
}

// example validates one test and appends it to the agent.
func (e *examplesCheck) example(i int, n *yaml.Node) {
	field := fmt.Sprintf("examples[%d]", i)
	if !e.isMapping(n, field, ruleExamples, "a test is a mapping with id, input and assertions") {
		return
	}
	var ex Example
	got := map[string]bool{}
	pairs(n, func(k, v *yaml.Node) {
		if e.c.stopped() {
			return
		}
		f := field + "." + k.Value
		switch k.Value {
		case "id":
			got["id"] = true
			ex.ID = e.exampleID(v, f)
		case "input":
			got["input"] = true
			ex.Input = e.input(v, f)
		case "assertions":
			got["assertions"] = true
			ex.Assertions = e.assertions(v, f)
		case "mocks":
			ex.Mocks = e.mocks(v, f)
		default:
			e.unknownField(ruleExamples, k, field, exampleFields)
		}
	})
	if e.c.stopped() {
		return
	}
	if missing := missingFields(field, []string{"id", "input", "assertions"}, got); missing != "" {
		e.fail(ruleExamples, n, missing, "every test needs id, input and assertions",
			"test is missing required fields")
		return
	}
	e.c.agent.Examples = append(e.c.agent.Examples, ex)
}

// isMapping refuses a non-mapping entry; null entries get their own words
// because they must not disappear silently.
func (e *examplesCheck) isMapping(n *yaml.Node, field string, r *diag.Rule, what string) bool {
	switch {
	case n.Kind == yaml.MappingNode:
		return true
	case n.Kind == yaml.AliasNode:
	case n.Tag == "!!null":
		e.fail(r, n, field, "delete the empty entry or fill it in", "null entry is not allowed")
	default:
		e.fail(r, n, field, what, "entry must be a mapping")
	}
	return false
}

// unknownField refuses a field, with the legacy and repeat cases named.
func (e *examplesCheck) unknownField(r *diag.Rule, k *yaml.Node, field string, allowed []string) {
	switch k.Value {
	case "expectContains":
		e.fail(r, k, field, "write an assertion with type: contains and a value",
			"legacy expectContains is not supported")
	case "repeat", "repeats", "repeatPolicy":
		e.fail(r, k, field, "delete the field; each test runs once", "repeat policies are not supported")
	default:
		e.fail(r, k, field, "delete or rename the field", "unknown field; allowed: %s%s",
			strings.Join(allowed, ", "), diag.DidYouMean(k.Value, allowed))
	}
}

// str returns a string field's value, refusing other types.
func (e *examplesCheck) str(r *diag.Rule, n *yaml.Node, field string) (string, bool) {
	if isString(n) {
		return n.Value, true
	}
	if n.Kind != yaml.AliasNode {
		e.fail(r, n, field, `quote the value, e.g. "123"`, "must be a YAML string")
	}
	return "", false
}

func (e *examplesCheck) exampleID(v *yaml.Node, field string) string {
	id, ok := e.str(ruleExamples, v, field)
	if !ok {
		return ""
	}
	if !exampleIDSyntax().MatchString(id) {
		e.fail(ruleExamples, v, field, "use letters, digits, '.', '_' or '-', e.g. greeting",
			"id must be 1–63 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit")
		return id
	}
	if first, dup := e.ids[id]; dup {
		e.fail(ruleExamples, v, field, "give each test its own id", "duplicate example id (first at line %d)", first)
		return id
	}
	e.ids[id] = e.c.lineAt(e.ys.span(v).Start) + 1
	return id
}

func (e *examplesCheck) input(v *yaml.Node, field string) string {
	s, ok := e.str(ruleExamples, v, field)
	if !ok {
		return ""
	}
	if strings.TrimSpace(s) == "" {
		e.fail(ruleExamples, v, field, "write the text the agent receives", "input is blank")
		return s
	}
	e.c.checkDecodedSecret("input", s, e.ys.span(v), field)
	return s
}

func (e *examplesCheck) assertions(v *yaml.Node, field string) []Assertion {
	if v.Kind != yaml.SequenceNode {
		if v.Kind != yaml.AliasNode {
			e.fail(ruleExamples, v, field, "list at least one assertion", "assertions must be a nonempty sequence")
		}
		return nil
	}
	if len(v.Content) == 0 {
		e.fail(ruleExamples, v, field, "add at least one assertion", "assertions is empty")
		return nil
	}
	ids := map[string]int{}
	var out []Assertion
	for j, n := range v.Content {
		f := fmt.Sprintf("%s[%d]", field, j)
		if j == MaxAssertions {
			e.fail(ruleBounds, n, f, "split the checks across tests", "more than %d assertions in one example", MaxAssertions)
			return out
		}
		if a, ok := e.assertion(n, f, ids); ok {
			out = append(out, a)
		}
		if e.c.stopped() {
			break
		}
	}
	return out
}
