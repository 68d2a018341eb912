package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// Manifest is a connector's capability manifest (spec §2), as far as its
// members are well-typed: a field of the wrong JSON type keeps its zero value.
type Manifest struct {
	Path string
	Doc  *source.Document

	ConnectorID, SchemaVersion, Transport, EndpointKind string
	Capabilities, Roles                                 []string
	DropPath                                            string
	DeadlineMinutesDefault, RetryCapDefault             int
	Contact, Version                                    string

	file jsonFile // the shared checks' state: spans never to quote, for cross-manifest messages
}

// ParseManifest reads and checks one manifest: first the rules every
// connector JSON file shares, then the manifest rules. The Manifest is nil
// only when the file holds no top-level object.
func ParseManifest(path string, src []byte) (*Manifest, []diag.Diagnostic) {
	doc := source.ParseJSON(src)
	m := &Manifest{Path: path, Doc: doc, file: jsonFile{path: path, doc: doc}}
	f := &m.file
	checkJSON(f)
	if doc.Root == nil || doc.Root.Kind != source.KindObject {
		return nil, f.out
	}
	c := manifestCheck{jsonFile: f, root: doc.Root, m: m}
	for _, mem := range doc.Root.Members {
		if i := fieldIndex(mem.Key); i >= 0 {
			c.field[i] = mem
		}
	}
	c.run()
	return m, f.out
}

// run applies the manifest rules in order: checkFieldTypes fills c.typed
// and the Manifest, and checkPlaceholders marks values the format rules
// then leave alone.
func (c *manifestCheck) run() {
	checkUnknownFields(c)
	checkActionFields(c)
	checkMissingFields(c)
	checkFieldTypes(c)
	checkIntegerNotation(c)
	checkPlaceholders(c)
	checkConnectorID(c)
	checkSchemaVersion(c)
	checkTransportMCP(c)
	checkTransport(c)
	checkEndpointKind(c)
	checkEndpointKindVersion(c)
	checkCapabilities(c)
	checkRoles(c)
	checkReservedRoles(c)
	checkDropPathSafe(c)
	checkDropPathProtected(c)
	checkDropPathConvention(c)
	checkDeadline(c)
	checkRetryCap(c)
	checkContact(c)
	checkVersion(c)
}

// manifestCheck is the state of one manifest under check.
type manifestCheck struct {
	*jsonFile
	root        *source.Value
	m           *Manifest
	field       [numFields]*source.Value // present members, any type
	typed       [numFields]bool          // present and of the declared type
	placeholder spanSet                  // string values holding a REPLACE_ placeholder
}

// text returns field i when it is a string free of template placeholders:
// the only kind of value the format rules judge.
func (c *manifestCheck) text(i int) (*source.Value, bool) {
	v := c.field[i]
	if !c.typed[i] || c.hasPlaceholder(v) {
		return nil, false
	}
	return v, true
}

// eachText calls fn for every string element of array field i that holds no
// placeholder, with the first earlier such element equal to it (nil when it
// is the first). Arrays of a few dozen entries compare pairwise, which
// allocates nothing; hostile arrays with thousands use a map.
func (c *manifestCheck) eachText(i int, fn func(e, first *source.Value)) {
	if !c.typed[i] {
		return
	}
	elems := c.field[i].Elems
	var seen map[string]*source.Value
	if len(elems) > 64 {
		seen = make(map[string]*source.Value, len(elems))
	}
	for k, e := range elems {
		if !c.isText(e) {
			continue
		}
		var first *source.Value
		if seen != nil {
			if first = seen[e.Str]; first == nil {
				seen[e.Str] = e
			}
		} else {
			for _, p := range elems[:k] {
				if p.Str == e.Str && c.isText(p) {
					first = p
					break
				}
			}
		}
		fn(e, first)
	}
}

func (c *manifestCheck) isText(v *source.Value) bool {
	return v.Kind == source.KindString && !c.hasPlaceholder(v)
}

func (c *manifestCheck) hasPlaceholder(v *source.Value) bool { return c.placeholder.has(v.Span) }

// q quotes a value for a message (redacted when credential-shaped).
func (c *manifestCheck) q(v *source.Value) string { return c.quote(v.Str, v.Span) }

// schemaVersion is the declared version when it is one this package knows.
func (c *manifestCheck) schemaVersion() string {
	if v, ok := c.text(fSchemaVersion); ok && (v.Str == "1.0" || v.Str == "1.1") {
		return v.Str
	}
	return ""
}

// rootBrace is the span of the manifest's opening '{', where findings about
// the object as a whole point.
func (c *manifestCheck) rootBrace() diag.Span {
	return diag.Span{Start: c.root.Span.Start, End: c.root.Span.Start + 1}
}

// allowedFields names the manifest fields in declaration order: the
// candidates of an unknown field's finding.
var allowedFields = func() []string {
	names := make([]string, numFields)
	for i, f := range manifestFields {
		names[i] = f.name
	}
	return names
}()
