package agentfile

import (
	"encoding/json"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/source"
	"gopkg.in/yaml.v3"
)

// payload converts recorded data (a call's arguments or result, or a
// parameter schema) to JSON values, refusing what JSON cannot hold exactly.
type payload struct {
	e       *examplesCheck
	field   string
	encoded bool // inspect JSON encoded inside strings (recorded calls)
	schema  bool // refuse external $ref (parameter schemas)
}

// value converts n at payload depth depth. Nesting was bounded by the YAML
// rules before, so recursion is shallow.
func (p *payload) value(n *yaml.Node, depth int) any {
	switch n.Kind {
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		pairs(n, func(k, v *yaml.Node) {
			if p.schema && k.Value == "$ref" && !(isString(v) && strings.HasPrefix(v.Value, "#")) {
				p.e.fail(ruleRecordedTool, v, p.field, "inline the schema; only local #/ references are allowed",
					"external schema references are not allowed")
			}
			m[k.Value] = p.value(v, depth+1)
		})
		return m
	case yaml.SequenceNode:
		a := make([]any, 0, len(n.Content))
		for _, e := range n.Content {
			a = append(a, p.value(e, depth+1))
		}
		return a
	case yaml.ScalarNode:
		return p.scalar(n, depth)
	}
	return nil
}

var jsonNumber = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)
})

func (p *payload) scalar(n *yaml.Node, depth int) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		return strings.EqualFold(n.Value, "true")
	case "!!int", "!!float":
		return p.number(n, n.Value)
	case "!!str":
		if n.Style == 0 && looksNumeric(n.Value) {
			return p.number(n, n.Value)
		}
		if p.encoded {
			p.encodedJSON(n, n.Value, depth)
		}
		return n.Value
	}
	p.e.fail(ruleRecordedTool, n, p.field, "quote the value to keep it as a string", "value is not JSON data")
	return nil
}

// number keeps a number only when it is in JSON form and round-trips
// exactly through a 64-bit float (integers within ±2^53).
func (p *payload) number(n *yaml.Node, lit string) any {
	if !jsonNumber().MatchString(lit) {
		p.e.fail(ruleRecordedTool, n, p.field, "write the number in plain JSON decimal form, or quote it as a string",
			"number is not in JSON form")
		return nil
	}
	if !exactNumber(lit) {
		p.e.fail(ruleRecordedTool, n, p.field, "quote the number as a string, or round it",
			"number cannot be represented exactly")
		return nil
	}
	return json.Number(lit)
}

var maxSafeInt = new(big.Int).Lsh(big.NewInt(1), 53)

// exactNumber reports a JSON number literal that a 64-bit float holds
// exactly: an integer within ±2^53, or a decimal whose shortest float form
// has the same value.
func exactNumber(lit string) bool {
	if !strings.ContainsAny(lit, ".eE") {
		i, ok := new(big.Int).SetString(lit, 10)
		return ok && i.CmpAbs(maxSafeInt) <= 0
	}
	if e := strings.IndexAny(lit, "eE"); e >= 0 {
		exp, err := strconv.Atoi(lit[e+1:])
		if err != nil || exp > 400 || exp < -400 || e > 400 {
			return false
		}
	} else if len(lit) > 400 {
		return false
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return false
	}
	a, ok1 := new(big.Rat).SetString(lit)
	b, ok2 := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
	return ok1 && ok2 && a.Cmp(b) == 0
}

// encodedJSON inspects JSON encoded inside a recorded string: its nesting
// counts toward the payload's budget, and duplicate keys, inexact numbers,
// refused characters and credential shapes inside it are refused.
func (p *payload) encodedJSON(n *yaml.Node, s string, depth int) {
	t := strings.TrimSpace(s)
	if t == "" || (t[0] != '{' && t[0] != '[') {
		return
	}
	doc := source.ParseJSON([]byte(t))
	for _, pr := range doc.Problems {
		switch pr.Kind {
		case source.ProblemTooDeep:
			p.deep(n)
			return
		case source.ProblemSyntax, source.ProblemTrailingData, source.ProblemInvalidUTF8, source.ProblemBOM:
			return // not JSON: an ordinary string
		}
	}
	if doc.Root == nil {
		return
	}
	for _, pr := range doc.Problems {
		if pr.Kind == source.ProblemDuplicateKey {
			p.e.fail(ruleRecordedTool, n, p.field, "keep each key once in the encoded JSON",
				"JSON encoded in this string repeats a key")
			return
		}
	}
	p.encodedValue(n, doc.Root, depth)
}

// encodedValue walks a decoded JSON value that replaces a string at depth.
func (p *payload) encodedValue(n *yaml.Node, v *source.Value, depth int) bool {
	if depth > MaxPayloadDepth {
		p.deep(n)
		return false
	}
	switch v.Kind {
	case source.KindObject:
		for _, m := range v.Members {
			if !p.encodedValue(n, m, depth+1) {
				return false
			}
		}
	case source.KindArray:
		for _, e := range v.Elems {
			if !p.encodedValue(n, e, depth+1) {
				return false
			}
		}
	case source.KindNumber:
		if !exactNumber(v.Str) {
			p.e.fail(ruleRecordedTool, n, p.field, "quote the number as a string, or round it",
				"number in the encoded JSON cannot be represented exactly")
			return false
		}
	case source.KindString:
		if r, at := decodedRefused(v.Str); at >= 0 {
			p.e.fail(ruleText, n, p.field, "remove the escape; only tab and newline are allowed",
				"JSON encoded in this string contains %s", describeRune(r))
			return false
		}
		key := ""
		if v.IsMember() {
			key = v.Key
		}
		p.e.c.checkDecodedSecret(key, v.Str, p.e.ys.span(n), p.field)
		before := len(p.e.c.out)
		p.encodedJSON(n, v.Str, depth)
		return len(p.e.c.out) == before
	}
	return true
}

func (p *payload) deep(n *yaml.Node) {
	p.e.fail(ruleBounds, n, p.field, "flatten the recorded arguments or result",
		"recorded payload nests deeper than %d levels, counting JSON encoded in strings", MaxPayloadDepth)
}
