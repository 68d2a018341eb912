package connector

import (
	"strconv"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// The exchange files (request, result, snapshot, state) have closed
// schemas. One small engine checks them all: unknown members at their name,
// missing members at the object's brace, values of the wrong JSON type at
// the value. Each file kind reports with its own three rules.

// valueKind is the JSON type a member must have.
type valueKind uint8

const (
	vString  valueKind = iota
	vInteger           // a number written with digits only
	vBool
	vStrings // array of strings
	vObjects // array of objects of the field's shape
	vObject  // object of the field's shape
)

// need says when a member is required.
type need uint8

const (
	optional need = iota
	always
	in11 // required when the file declares schemaVersion "1.1"
)

type field struct {
	name string
	kind valueKind
	need need
	elem *shape // for vObjects and vObject
}

// shape is a closed object: exactly these members are allowed.
type shape struct {
	fields []field
}

func newShape(fields ...field) *shape {
	return &shape{fields: fields}
}

func (sh *shape) field(name string) (field, bool) {
	for _, f := range sh.fields {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

// schemaRules are one file kind's three schema rules.
type schemaRules struct {
	unknown, missing, typ *diag.Rule
}

// envelope is one exchange JSON file under check: the shared JSON rules'
// state plus its top-level object.
type envelope struct {
	jsonFile
	root *source.Value // nil when the file holds no top-level object
}

// parseEnvelope runs the shared JSON rules; root is nil when nothing more
// can be checked.
func parseEnvelope(path string, src []byte) envelope {
	doc := source.ParseJSON(src)
	e := envelope{jsonFile: jsonFile{path: path, doc: doc}}
	checkJSON(&e.jsonFile)
	if doc.Root != nil && doc.Root.Kind == source.KindObject {
		e.root = doc.Root
	}
	return e
}

// checkShape applies sh to obj. where names obj in messages ("" for the
// top level); version is the file's schemaVersion, for in11 fields.
func (e *envelope) checkShape(rs *schemaRules, obj *source.Value, sh *shape, where, version string) {
	for _, m := range obj.Members {
		f, ok := sh.field(m.Key)
		if !ok {
			e.reportUnknown(rs.unknown, sh, m, where)
			continue
		}
		e.checkType(rs, m, f, where, version)
	}
	for _, f := range sh.fields {
		if obj.Get(f.name) != nil {
			continue
		}
		switch {
		case f.need == always:
		case f.need == in11 && version == "1.1":
		default:
			continue
		}
		why := ""
		if f.need == in11 {
			why = ` (schemaVersion "1.1" requires it)`
		}
		brace := diag.Span{Start: obj.Span.Start, End: obj.Span.Start + 1}
		if where == "" {
			e.report(rs.missing.At(e.path, brace, "missing required field %q%s", f.name, why))
		} else {
			e.report(rs.missing.At(e.path, brace, "%s lacks required field %q%s", where, f.name, why))
		}
	}
}

func (e *envelope) reportUnknown(r *diag.Rule, sh *shape, m *source.Value, where string) {
	names := make([]string, len(sh.fields))
	for i, f := range sh.fields {
		names[i] = f.name
	}
	hint := "; see its candidates for the allowed fields"
	if s := diag.BestMatch(m.Key, names); s != "" {
		hint = ` (did you mean "` + s + `"?)`
	}
	in := ""
	if where != "" {
		in = " in " + where
	}
	e.report(r.At(e.path, m.KeySpan, "unknown field %s%s%s", e.quote(m.Key, m.KeySpan), in, hint).WithCandidates(names))
}

// checkType reports member m when its value does not have f's type, and
// descends into arrays and objects.
func (e *envelope) checkType(rs *schemaRules, m *source.Value, f field, where, version string) {
	name := f.name
	if where != "" {
		name = where + "." + f.name
	}
	switch f.kind {
	case vString:
		e.expect(rs.typ, m, m.Kind == source.KindString, name, "a string")
	case vBool:
		e.expect(rs.typ, m, m.Kind == source.KindBool, name, "true or false")
	case vInteger:
		e.checkInteger(rs.typ, m, name)
	case vStrings:
		if !e.expect(rs.typ, m, m.Kind == source.KindArray, name, "an array of strings") {
			return
		}
		for i, el := range m.Elems {
			if el.Kind != source.KindString {
				e.report(rs.typ.At(e.path, el.Span, "%s[%d] must be a string, found %s", name, i, article(el.Kind)))
			}
		}
	case vObjects:
		if !e.expect(rs.typ, m, m.Kind == source.KindArray, name, "an array of objects") {
			return
		}
		for i, el := range m.Elems {
			at := name + "[" + strconv.Itoa(i) + "]"
			if el.Kind != source.KindObject {
				e.report(rs.typ.At(e.path, el.Span, "%s must be an object, found %s", at, article(el.Kind)))
				continue
			}
			e.checkShape(rs, el, f.elem, at, version)
		}
	case vObject:
		if e.expect(rs.typ, m, m.Kind == source.KindObject, name, "an object") {
			e.checkShape(rs, m, f.elem, name, version)
		}
	}
}

func (e *envelope) expect(r *diag.Rule, v *source.Value, ok bool, name, want string) bool {
	if !ok {
		e.report(r.At(e.path, v.Span, "field %q must be %s, found %s", name, want, article(v.Kind)))
	}
	return ok
}

func (e *envelope) checkInteger(r *diag.Rule, v *source.Value, name string) {
	switch {
	case v.Kind != source.KindNumber:
		e.report(r.At(e.path, v.Span, "field %q must be an integer, found %s", name, article(v.Kind)))
	case !integralValue(v.Str):
		e.report(r.At(e.path, v.Span, "field %q must be an integer, found the number %s", name, cutText(v.Str)))
	case !integerLiteral(v.Str):
		e.report(r.At(e.path, v.Span, "field %q is written %s; write the integer with digits only, without a fraction or exponent",
			name, cutText(v.Str)))
	}
}

// version returns the top-level schemaVersion when it is one of known.
func (e *envelope) version(known ...string) string {
	v := e.str("schemaVersion")
	if v == nil {
		return ""
	}
	for _, k := range known {
		if v.Str == k {
			return k
		}
	}
	return ""
}

// str returns the top-level member name when it is a string, else nil.
func (e *envelope) str(name string) *source.Value { return strMember(e.root, name) }

// q quotes one of the file's values for a message, redacted when
// credential-shaped.
func (e *envelope) q(v *source.Value) string { return e.quote(v.Str, v.Span) }

// brace is the span of obj's opening '{'.
func brace(obj *source.Value) diag.Span {
	return diag.Span{Start: obj.Span.Start, End: obj.Span.Start + 1}
}

// strMember returns obj's member name when it is a string, else nil.
func strMember(obj *source.Value, name string) *source.Value {
	v := obj.Get(name)
	if v == nil || v.Kind != source.KindString {
		return nil
	}
	return v
}

// intMember returns obj's member name when it is an integer written with
// digits only that fits an int64.
func intMember(obj *source.Value, name string) (*source.Value, int64, bool) {
	v := obj.Get(name)
	if v == nil || v.Kind != source.KindNumber || !integerLiteral(v.Str) {
		return nil, 0, false
	}
	n, ok := v.Int()
	if !ok {
		return v, 0, false
	}
	return v, n, true
}

// arrMember returns obj's member name when it is an array, else nil.
func arrMember(obj *source.Value, name string) *source.Value {
	v := obj.Get(name)
	if v == nil || v.Kind != source.KindArray {
		return nil
	}
	return v
}

// atPos is " at line:L,col:C" for a value of this file, for messages that
// point back at an earlier value.
func (e *envelope) atPos(v *source.Value) string {
	p := e.doc.Lines().Position(v.Span.Start)
	return " at line:" + strconv.Itoa(p.Line) + ",col:" + strconv.Itoa(p.Column)
}
