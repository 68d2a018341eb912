package connector

import (
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

// jsonFile is one connector JSON file under check. The shared rules record
// which spans hold credential-shaped text so that no later rule quotes them.
type jsonFile struct {
	path   string
	doc    *source.Document
	out    []diag.Diagnostic
	secret spanSet // values and member names the credential rule flagged
}

// checkJSON runs the shared rules on f.doc, appending to f.out.
func checkJSON(f *jsonFile) {
	doc := f.doc
	incomplete := doc.Root == nil
	for i := range doc.Problems {
		p := &doc.Problems[i]
		switch p.Kind {
		case source.ProblemSyntax:
			reportJSONSyntax(f, p)
		case source.ProblemDuplicateKey:
			reportDuplicateKey(f, p)
			incomplete = true // the repeated member's value is not in the tree
		case source.ProblemBOM:
			reportBOM(f, p)
		case source.ProblemInvalidUTF8:
			reportInvalidUTF8(f, p)
		case source.ProblemTrailingData:
			reportTrailingData(f, p)
		case source.ProblemTooDeep:
			reportTooDeep(f, p)
		}
	}
	checkNotObject(f)
	f.walk(doc.Root, "")
	if incomplete {
		scanRawCredentials(f)
	}
}

// walk visits every string value and member name once. key is the member
// name that owns v (for array elements, the array's), which the secret
// scanner uses to judge "password = ..." shapes. Depth is bounded by the
// parser, so recursion is safe.
func (f *jsonFile) walk(v *source.Value, key string) {
	if v == nil {
		return
	}
	switch v.Kind {
	case source.KindString:
		f.checkText(v.Str, v.Span, key, false)
	case source.KindObject:
		for _, m := range v.Members {
			f.checkText(m.Key, m.KeySpan, "", true)
			f.walk(m, m.Key)
		}
	case source.KindArray:
		for _, e := range v.Elems {
			f.walk(e, key)
		}
	}
}

// checkText applies the per-string rules to one decoded string.
func (f *jsonFile) checkText(s string, span diag.Span, key string, isName bool) {
	checkStringLength(f, s, span, isName)
	checkControlCharacters(f, s, span, isName)
	checkCredential(f, s, span, key, isName)
}

func (f *jsonFile) report(d diag.Diagnostic) { f.out = append(f.out, d) }

// isSecret reports whether span was flagged as credential-shaped.
func (f *jsonFile) isSecret(span diag.Span) bool { return f.secret.has(span) }

// quote renders an authored string for a message: redacted when it is
// credential-shaped, %q-quoted and cut to 80 code points otherwise.
func (f *jsonFile) quote(s string, span diag.Span) string {
	if f.isSecret(span) {
		return secrets.Redact(s)
	}
	return quoteText(s)
}
