package agentfile

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

var ruleAssertion = diag.Register(diag.Rule{
	ID: "AF022", Name: "agentfile-assertion", Severity: diag.SeverityError, Domain: "agentfile",
	Short: "Assertion has a bad type, operand or id",
	Full: "Every assertion requires id and type. contains and notContains take value (nonblank, one " +
		"line); regex takes pattern (nonblank Go RE2 that compiles, at most 1024 bytes); toolCalled and " +
		"toolNotCalled take tool (a name declared in ## Tools or the frontmatter tools); llmJudge takes " +
		"rubric (nonblank, at most 4096 bytes), minScore (integer 0–100), judgeModel and judgeVersion " +
		"(nonblank printable ASCII without spaces, at most 256 bytes each). Operands of another type are " +
		"refused even when null or empty. Assertion ids use the example-id syntax, are unique within their " +
		"example and cannot be reserved expectContains.* ids. llmJudge is a definition only; nothing here " +
		"evaluates it.",
	Help:     "Give the assertion an id, one of the six types and exactly that type's operands.",
	Consumer: "kmx's agent-file loader (agentfile.Parse, squadci agentfile export) refuses the assertion, so the test it belongs to cannot run. Error: the contract refuses it.",
})

var assertionTypes = []string{AssertContains, AssertNotContains, AssertRegex, AssertToolCalled, AssertToolNotCalled, AssertLLMJudge}

// operandsOf lists each type's operands, all required.
var operandsOf = map[string][]string{
	AssertContains:      {"value"},
	AssertNotContains:   {"value"},
	AssertRegex:         {"pattern"},
	AssertToolCalled:    {"tool"},
	AssertToolNotCalled: {"tool"},
	AssertLLMJudge:      {"rubric", "minScore", "judgeModel", "judgeVersion"},
}

var allOperands = []string{"value", "pattern", "tool", "rubric", "minScore", "judgeModel", "judgeVersion"}

var assertionFields = append([]string{"id", "type"}, allOperands...)

// reservedAssertionPrefix marks ids the runtime derives from the legacy
// expectContains form.
const reservedAssertionPrefix = "expectContains."

func isOperand(k string) bool {
	for _, o := range allOperands {
		if o == k {
			return true
		}
	}
	return false
}

func takes(typ, operand string) bool {
	for _, o := range operandsOf[typ] {
		if o == operand {
			return true
		}
	}
	return false
}

// assertion validates one assertion; ok is false when it was refused.
func (e *examplesCheck) assertion(n *yaml.Node, field string, ids map[string]int) (Assertion, bool) {
	var a Assertion
	if !e.isMapping(n, field, ruleAssertion, "an assertion is a mapping with id, type and its operands") {
		return a, false
	}
	before := len(e.c.out)
	typ := ""
	pairs(n, func(k, v *yaml.Node) {
		if k.Value == "type" && isString(v) && operandsOf[v.Value] != nil {
			typ = v.Value
		}
	})
	got := map[string]bool{}
	pairs(n, func(k, v *yaml.Node) {
		if e.c.stopped() {
			return
		}
		f := field + "." + k.Value
		switch {
		case k.Value == "id":
			got["id"] = true
			a.ID = e.assertionID(v, f, ids)
		case k.Value == "type":
			got["type"] = true
			a.Type = e.assertionType(v, f)
		case isOperand(k.Value):
			got[k.Value] = true
			switch {
			case typ == "":
			case !takes(typ, k.Value):
				e.fail(ruleAssertion, k, f, "delete it; "+typ+" takes "+strings.Join(operandsOf[typ], ", "),
					"operand does not belong to type %s", typ)
			default:
				e.operand(&a, k.Value, v, f)
			}
		default:
			e.unknownField(ruleAssertion, k, field, assertionFields)
		}
	})
	if e.c.stopped() {
		return a, false
	}
	if missing := missingFields(field, append([]string{"id", "type"}, operandsOf[typ]...), got); missing != "" {
		e.fail(ruleAssertion, n, missing, "add the missing fields", "assertion is missing required fields")
	}
	return a, len(e.c.out) == before
}

func (e *examplesCheck) assertionID(v *yaml.Node, field string, ids map[string]int) string {
	id, ok := e.str(ruleAssertion, v, field)
	switch {
	case !ok:
	case strings.HasPrefix(id, reservedAssertionPrefix):
		e.fail(ruleAssertion, v, field, "choose another id", "ids starting with expectContains. are reserved")
	case !exampleIDSyntax().MatchString(id):
		e.fail(ruleAssertion, v, field, "use letters, digits, '.', '_' or '-', e.g. greeting-text",
			"id must be 1–63 ASCII letters, digits, '.', '_' or '-', starting with a letter or digit")
	default:
		if first, dup := ids[id]; dup {
			e.fail(ruleAssertion, v, field, "give each assertion in a test its own id",
				"duplicate assertion id in this example (first at line %d)", first)
		} else {
			ids[id] = e.c.lineAt(e.ys.span(v).Start) + 1
		}
	}
	return id
}

func (e *examplesCheck) assertionType(v *yaml.Node, field string) string {
	t, ok := e.str(ruleAssertion, v, field)
	if ok && operandsOf[t] == nil {
		e.fail(ruleAssertion, v, field, "use one of the supported types", "type must be one of %s%s",
			strings.Join(assertionTypes, ", "), diag.DidYouMean(t, assertionTypes))
	}
	return t
}

// operand validates one operand of the assertion's own type.
func (e *examplesCheck) operand(a *Assertion, name string, v *yaml.Node, field string) {
	if name == "minScore" {
		if score, ok := e.minScore(v, field); ok {
			a.MinScore = &score
		}
		return
	}
	s, ok := e.str(ruleAssertion, v, field)
	if !ok {
		return
	}
	if p := operandProblem(name, s, e.declared); p != "" {
		e.fail(ruleAssertion, v, field, operandRepair[name], "%s", p)
		return
	}
	e.c.checkDecodedSecret(name, s, e.ys.span(v), field)
	switch name {
	case "value":
		a.Value = s
	case "pattern":
		a.Pattern = s
	case "tool":
		a.Tool = s
	case "rubric":
		a.Rubric = s
	case "judgeModel":
		a.JudgeModel = s
	case "judgeVersion":
		a.JudgeVersion = s
	}
}

var operandRepair = map[string]string{
	"value":        "write the expected text on one line",
	"pattern":      "write a Go RE2 pattern of at most 1024 bytes",
	"tool":         "declare the tool first, or name a declared tool",
	"rubric":       "write the rubric in at most 4096 bytes",
	"judgeModel":   "write the judge model's exact id",
	"judgeVersion": "write the judge version as printable ASCII without spaces",
}

// operandProblem explains why a string operand is refused ("" when fine).
func operandProblem(name, s string, declared map[string]bool) string {
	if strings.TrimSpace(s) == "" {
		return name + " is blank"
	}
	switch name {
	case "value":
		if strings.ContainsAny(s, "\n\r") {
			return "value must be a single line"
		}
	case "pattern":
		if len(s) > MaxPattern {
			return "pattern is longer than 1024 bytes"
		}
		if _, err := regexp.Compile(s); err != nil {
			return "pattern is not valid Go RE2 syntax"
		}
	case "tool":
		if !declared[s] {
			return "tool is not a declared tool"
		}
	case "rubric":
		if len(s) > MaxRubric {
			return "rubric is longer than 4096 bytes"
		}
	case "judgeModel", "judgeVersion":
		if len(s) > MaxJudgeIdentity {
			return name + " is longer than 256 bytes"
		}
		for i := 0; i < len(s); i++ {
			if s[i] < 0x21 || s[i] > 0x7E {
				return name + " must be printable ASCII without spaces"
			}
		}
	}
	return ""
}

var decimalInt = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)
})

func (e *examplesCheck) minScore(v *yaml.Node, field string) (int, bool) {
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!int" || !decimalInt().MatchString(v.Value) {
		if v.Kind != yaml.AliasNode {
			e.fail(ruleAssertion, v, field, "write a whole number from 0 to 100, unquoted", "minScore must be an integer")
		}
		return 0, false
	}
	n, err := strconv.Atoi(v.Value)
	if err != nil || n < 0 || n > 100 {
		e.fail(ruleAssertion, v, field, "write a whole number from 0 to 100", "minScore must be from 0 to 100")
		return 0, false
	}
	return n, true
}
