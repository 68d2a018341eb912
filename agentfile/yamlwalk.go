package agentfile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"gopkg.in/yaml.v3"
)

// pathElem is one step from the document root: a mapping key or a
// sequence index.
type pathElem struct {
	key   string
	index int // -1 for a key
}

// yamlWalk applies the document-wide YAML rules to every node once: no
// anchors, aliases, merge keys, custom tags, complex or duplicate keys; the
// scalar, nesting and node-count bounds; refused characters and credential
// shapes in decoded double-quoted strings. The schema checks then read the
// same tree.
type yamlWalk struct {
	c        *checker
	ys       *yamlSource
	prefix   string // "frontmatter" or "" (Examples fields start at "examples")
	payloads bool   // recorded call payloads keep their own nesting budget
	nodes    int
	path     []pathElem
	// halted is set when the node bound is exceeded: the rest is not read.
	halted                bool
	deepSeen, deepPayload bool
	bounded               bool // a nesting or node bound was exceeded
}

func (w *yamlWalk) run(root *yaml.Node) {
	w.node(root, 0, 0, false)
}

// field names the node at the current path canonically: keys are kept
// while they are plain identifiers that are not credential-shaped, and
// nothing inside a recorded payload is named.
func (w *yamlWalk) field() string {
	return fieldName(w.prefix, w.path, w.payloads)
}

func fieldName(prefix string, path []pathElem, payloads bool) string {
	var b strings.Builder
	b.WriteString(prefix)
	for i, e := range path {
		if e.index >= 0 {
			b.WriteString("[")
			b.WriteString(strconv.Itoa(e.index))
			b.WriteString("]")
			continue
		}
		if !plainKey(e.key) {
			break
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(e.key)
		if payloads && isPayloadRoot(path[:i+1]) {
			break
		}
	}
	return b.String()
}

// plainKey reports a key safe to show in a field name.
func plainKey(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c == '_' || c == '-' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return len(secrets.Scan(k)) == 0
}

// isPayloadRoot reports examples[i].mocks.tools[j].calls[k].arguments or
// .result.
func isPayloadRoot(p []pathElem) bool {
	if len(p) != 8 {
		return false
	}
	want := []string{"examples", "", "mocks", "tools", "", "calls", ""}
	for i, w := range want {
		if (w == "") != (p[i].index >= 0) || (w != "" && p[i].key != w) {
			return false
		}
	}
	return p[7].index < 0 && (p[7].key == "arguments" || p[7].key == "result")
}

// count adds one node to the document total and reports the first node
// past the bound.
func (w *yamlWalk) count(n *yaml.Node) bool {
	w.nodes++
	if w.nodes <= MaxYAMLNodes {
		return true
	}
	w.c.fail(ruleBounds, w.ys.span(n), w.field(), "split the tests or shorten recorded payloads",
		"YAML document has more than %d nodes", MaxYAMLNodes)
	w.halted, w.bounded = true, true
	return false
}

func (w *yamlWalk) node(n *yaml.Node, depth, pdepth int, inPayload bool) {
	if w.halted || w.c.stopped() || !w.count(n) {
		return
	}
	if !w.common(n) {
		return
	}
	if inPayload && pdepth > MaxPayloadDepth {
		if !w.deepPayload {
			w.deepPayload, w.bounded = true, true
			w.c.fail(ruleBounds, w.ys.span(n), w.field(), "flatten the recorded arguments or result",
				"recorded payload nests deeper than %d levels", MaxPayloadDepth)
		}
		return
	}
	if !inPayload && depth > MaxStructureDepth {
		if !w.deepSeen {
			w.deepSeen, w.bounded = true, true
			w.c.fail(ruleBounds, w.ys.span(n), w.field(), "flatten the structure",
				"YAML nests deeper than %d levels", MaxStructureDepth)
		}
		return
	}
	switch n.Kind {
	case yaml.ScalarNode:
		w.scalar(n)
	case yaml.SequenceNode:
		for i, e := range n.Content {
			w.path = append(w.path, pathElem{index: i})
			w.node(e, depth+1, pdepth+1, inPayload)
			w.path = w.path[:len(w.path)-1]
		}
	case yaml.MappingNode:
		w.mapping(n, depth, pdepth, inPayload)
	}
}

// common checks what any node may carry: an anchor, an alias, a tag. It
// returns false for an alias, which has nothing below it to check.
func (w *yamlWalk) common(n *yaml.Node) bool {
	if n.Anchor != "" {
		w.c.fail(ruleYAML, w.ys.span(n), w.field(), "write the value out in full instead of anchoring it",
			"YAML anchors are not allowed")
	}
	if n.Kind == yaml.AliasNode {
		w.c.fail(ruleYAML, w.ys.span(n), w.field(), "write the value out in full instead of referring to an anchor",
			"YAML aliases are not allowed")
		return false
	}
	if n.Style&yaml.TaggedStyle != 0 && !coreTags[n.ShortTag()] {
		w.c.fail(ruleYAML, w.ys.span(n), w.field(), "remove the tag; values are plain YAML strings, numbers, booleans, sequences and mappings",
			"custom YAML tags are not allowed")
	}
	return true
}

func (w *yamlWalk) mapping(n *yaml.Node, depth, pdepth int, inPayload bool) {
	seen := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if w.halted || w.c.stopped() || !w.count(k) {
			return
		}
		if !w.key(k) {
			continue
		}
		if first, dup := seen[k.Value]; dup {
			w.c.fail(ruleYAML, w.ys.span(k), w.field(), "delete or rename one of the two",
				"duplicate key (first defined at line %d)", w.c.lineAt(w.ys.offset(first.Line, first.Column))+1)
		} else {
			seen[k.Value] = k
		}
		w.path = append(w.path, pathElem{key: k.Value, index: -1})
		if w.payloads && !inPayload && isPayloadRoot(w.path) {
			w.node(v, depth+1, 0, true)
		} else {
			w.node(v, depth+1, pdepth+1, inPayload)
		}
		w.path = w.path[:len(w.path)-1]
	}
}

// key checks one mapping key; false means it is not a plain scalar and
// its value is not visited.
func (w *yamlWalk) key(k *yaml.Node) bool {
	if !w.common(k) {
		return false
	}
	if k.Kind != yaml.ScalarNode {
		w.c.fail(ruleYAML, w.ys.span(k), w.field(), "use a plain string key",
			"mapping keys must be scalars")
		return false
	}
	if k.ShortTag() == "!!merge" {
		w.c.fail(ruleYAML, w.ys.span(k), w.field(), "write the merged keys out in full",
			"YAML merge keys (<<) are not allowed")
		return false
	}
	w.path = append(w.path, pathElem{key: k.Value, index: -1})
	w.scalar(k)
	w.path = w.path[:len(w.path)-1]
	return true
}

// scalar applies the scalar bound, and checks decoded double-quoted text,
// the only style whose escapes can produce characters the raw file lacks.
func (w *yamlWalk) scalar(n *yaml.Node) {
	if len(n.Value) > MaxScalarBytes {
		w.c.fail(ruleBounds, w.ys.span(n), w.field(), "shorten the value",
			"value is %d bytes; the limit for one YAML scalar is %d bytes (16 KiB)", len(n.Value), MaxScalarBytes)
	}
	if n.Style&yaml.DoubleQuotedStyle == 0 {
		return
	}
	span := w.ys.span(n)
	if r, at := decodedRefused(n.Value); at >= 0 {
		w.c.fail(ruleText, span, w.field(), "remove the escape; only tab and newline are allowed",
			"decoded string contains %s", describeRune(r))
	}
	key := ""
	if len(w.path) > 0 {
		key = w.path[len(w.path)-1].key
	}
	w.c.checkDecodedSecret(key, n.Value, span, w.field())
}

// yamlProblem reports a document that does not parse or holds more than
// one document; malformed YAML points at the document start.
func (c *checker) yamlProblem(ys *yamlSource, extra *yaml.Node, err error, field string) {
	if err == errMultipleDocuments {
		at := diag.Span{Start: ys.start, End: ys.start}
		if extra != nil {
			at = ys.span(extra)
		}
		c.fail(ruleYAML, at, field, "keep exactly one YAML document; remove the extra '---' and what follows",
			"more than one YAML document")
		return
	}
	line := diag.Span{Start: ys.start, End: ys.lineEnd(1)}
	c.fail(ruleYAML, line, field, "fix the YAML syntax"+yamlHint(err), "YAML does not parse")
}

// yamlHint gives the line of a YAML syntax error (a number, never the
// library's words or the authored text), relative to the document.
func yamlHint(err error) string {
	msg := err.Error()
	i := strings.Index(msg, "line ")
	if i < 0 {
		return ""
	}
	j := i + 5
	for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
		j++
	}
	if j == i+5 {
		return ""
	}
	return fmt.Sprintf("; the parser stopped at line %s of this YAML block", msg[i+5:j])
}
