package source

import (
	"strconv"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// MaxJSONDepth bounds nesting. Connector files are a few levels deep; the
// bound exists so 100,000 '[' cannot exhaust the stack.
const MaxJSONDepth = 64

// Kind is the JSON type of a Value.
type Kind uint8

const (
	KindInvalid Kind = iota
	KindObject
	KindArray
	KindString
	KindNumber
	KindBool
	KindNull
)

func (k Kind) String() string {
	return [...]string{"invalid", "object", "array", "string", "number", "boolean", "null"}[k]
}

// Value is one JSON value with the exact byte spans of its key (when it is an
// object member) and of itself.
type Value struct {
	Kind    Kind
	Span    diag.Span // the value, quotes and brackets included
	Key     string    // decoded member name; empty for array elements and the root
	KeySpan diag.Span // the member name, quotes included
	Str     string    // decoded string, or the literal text of a number
	Bool    bool
	Members []*Value // object members in source order; a duplicate name keeps only its first
	Elems   []*Value // array elements
	Parent  *Value
	Index   int // position in the parent's Members or Elems
}

// IsMember reports whether v is an object member (and so has a key).
func (v *Value) IsMember() bool { return v.Parent != nil && v.Parent.Kind == KindObject }

// Get returns the member named key, or nil.
func (v *Value) Get(key string) *Value {
	if v == nil || v.Kind != KindObject {
		return nil
	}
	for _, m := range v.Members {
		if m.Key == key {
			return m
		}
	}
	return nil
}

// Int returns the value as an int64 when it is an integral JSON number.
func (v *Value) Int() (int64, bool) {
	if v == nil || v.Kind != KindNumber {
		return 0, false
	}
	n, err := strconv.ParseInt(v.Str, 10, 64)
	return n, err == nil
}

// Pointer is the RFC 6901 JSON pointer of v ("" for the root).
func (v *Value) Pointer() string {
	if v == nil || v.Parent == nil {
		return ""
	}
	var tok string
	if v.Parent.Kind == KindObject {
		tok = strings.NewReplacer("~", "~0", "/", "~1").Replace(v.Key)
	} else {
		tok = strconv.Itoa(v.Index)
	}
	return v.Parent.Pointer() + "/" + tok
}

// Lookup finds the value at an RFC 6901 pointer, or nil.
func (d *Document) Lookup(ptr string) *Value {
	v := d.Root
	if ptr == "" || v == nil {
		return v
	}
	if ptr[0] != '/' {
		return nil
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch v.Kind {
		case KindObject:
			v = v.Get(tok)
		case KindArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v.Elems) {
				return nil
			}
			v = v.Elems[i]
		default:
			return nil
		}
		if v == nil {
			return nil
		}
	}
	return v
}

// Walk calls fn for v and every value below it, depth first, in source order.
func (v *Value) Walk(fn func(*Value)) {
	if v == nil {
		return
	}
	fn(v)
	for _, m := range v.Members {
		m.Walk(fn)
	}
	for _, e := range v.Elems {
		e.Walk(fn)
	}
}
