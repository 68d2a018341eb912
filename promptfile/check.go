package promptfile

import (
	"fmt"
	"strings"

	"github.com/squadci/squadci/agentfile"
	"github.com/squadci/squadci/lint/diag"
	"gopkg.in/yaml.v3"
)

// check holds one file under check and the findings so far.
type check struct {
	path string
	hdr  *agentfile.Header
	out  []diag.Diagnostic
	// outside is set when the file is not below the folder the hosts load
	// for its kind (placement): nothing reads it as it stands.
	outside bool
}

func newCheck(path string, src []byte) *check {
	return &check{path: path, hdr: agentfile.ParseHeader(path, src)}
}

// fail records a finding of r at span; the field, when there is one, leads
// the message so a one-line report says what is wrong where.
func (c *check) fail(r *diag.Rule, sev diag.Severity, span diag.Span, field, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if field != "" {
		msg = field + ": " + msg
	}
	d := r.At(c.path, span, "%s", msg)
	if sev != diag.SeverityOff {
		d.Severity = sev
	}
	c.out = append(c.out, d)
}

// at records a finding of r at a node at the rule's default severity.
func (c *check) at(r *diag.Rule, n *yaml.Node, field, format string, args ...any) {
	c.fail(r, diag.SeverityOff, c.hdr.Span(n), field, format, args...)
}

// headerProblems reports why the frontmatter cannot be read, under the
// kind's own rule. Broken YAML and a header that is no mapping lose every
// key (VS Code reports them as errors and reads no attribute); kmx's own
// bounds and refused characters in decoded strings are warnings, since
// the hosts still read such values. A credential-shaped decoded string is
// the credential rule's (see credentials).
func (c *check) headerProblems(r *diag.Rule) {
	for _, p := range c.hdr.Problems {
		sev := diag.SeverityOff
		switch p.Kind {
		case "credential":
			continue
		case "bounds", "text":
			sev = diag.SeverityWarning
		}
		msg := p.Msg
		if p.Repair != "" {
			msg += " (" + p.Repair + ")"
		}
		c.fail(r, sev, p.Span, p.Field, "%s", msg)
	}
}

// keys calls fn for every top-level key of the header, with its field name.
func (c *check) keys(fn func(k, v *yaml.Node, field string)) {
	if c.hdr.Root == nil {
		return
	}
	agentfile.Pairs(c.hdr.Root, func(k, v *yaml.Node) { fn(k, v, "frontmatter."+k.Value) })
}

// lookup returns the value of a top-level key, or nil.
func (c *check) lookup(key string) (k, v *yaml.Node) {
	c.keys(func(kk, vv *yaml.Node, _ string) {
		if kk.Value == key {
			k, v = kk, vv
		}
	})
	return k, v
}

// unknownKey warns about a key the kind's hosts do not read, saying whose
// key it is when another kind of customization file reads it.
func (c *check) unknownKey(r *diag.Rule, k *yaml.Node, kind string, known []string, elsewhere map[string]string) {
	if owner, ok := elsewhere[k.Value]; ok {
		c.at(r, k, "frontmatter", "key %q is %s key; %s files do not read it (see its candidates for the keys they read)",
			k.Value, owner, kind)
		c.out[len(c.out)-1] = c.out[len(c.out)-1].WithCandidates(known)
		c.noteOutside()
		return
	}
	hint := " (see its candidates for the keys they read)"
	if s := diag.DidYouMean(k.Value, known); s != "" {
		hint = s
	}
	c.at(r, k, "frontmatter", "unknown key %q; VS Code ignores it in %s files%s", k.Value, kind, hint)
	c.out[len(c.out)-1] = c.out[len(c.out)-1].WithCandidates(known)
	c.out[len(c.out)-1].Fix = c.hdr.CaseFix(k, known)
	c.noteOutside()
}

// noteOutside lowers the last finding to a note in a file the hosts do not
// load by default: an ignored key there changes nothing anyone runs.
func (c *check) noteOutside() {
	if c.outside && len(c.out) > 0 {
		c.out[len(c.out)-1].Severity = diag.SeverityNote
	}
}

// scalarText checks a key whose value VS Code reads as text: a mapping or
// sequence is dropped (error); a number or boolean is read as its text by
// current VS Code but dropped by releases whose parser typed scalars
// (warning); blank text gives the key no effect (warning).
func (c *check) scalarText(r *diag.Rule, v *yaml.Node, field string) (string, bool) {
	switch {
	case v.Kind == yaml.AliasNode:
		return "", false // the YAML rules report aliases
	case v.Kind != yaml.ScalarNode:
		c.at(r, v, field, "must be a string, not %s; VS Code drops the key", kindName(v))
		return "", false
	case v.Tag == "!!null":
		c.fail(r, diag.SeverityWarning, c.hdr.Span(v), field, "has no value; the key has no effect")
		return "", false
	case !agentfile.IsString(v):
		c.fail(r, diag.SeverityWarning, c.hdr.Span(v), field,
			"is %s, not a string; quote it (current VS Code reads it as text, older releases drop it)", kindName(v))
		return v.Value, true
	case strings.TrimSpace(v.Value) == "":
		c.fail(r, diag.SeverityWarning, c.hdr.Span(v), field, "must not be blank; VS Code marks a blank value as an error and it has no effect")
		return "", false
	}
	return v.Value, true
}

// kindName names a YAML value's kind for a message, never its content.
func kindName(v *yaml.Node) string {
	switch {
	case v.Kind == yaml.MappingNode:
		return "a mapping"
	case v.Kind == yaml.SequenceNode:
		return "a sequence"
	case v.Tag == "!!null":
		return "null"
	case v.Tag == "!!bool":
		return "a boolean"
	case v.Tag == "!!int" || v.Tag == "!!float" || !agentfile.IsString(v):
		return "a number"
	}
	return "a string"
}

// stringItems checks a sequence whose entries must be nonblank strings and
// returns the good entries with their nodes.
func (c *check) stringItems(r *diag.Rule, v *yaml.Node, field string) []*yaml.Node {
	var out []*yaml.Node
	for i, e := range v.Content {
		f := fmt.Sprintf("%s[%d]", field, i)
		if s, ok := c.scalarText(r, e, f); ok && s != "" {
			out = append(out, e)
		}
	}
	return out
}
