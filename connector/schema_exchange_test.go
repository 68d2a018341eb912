package connector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/squadci/squadci/internal/testtool"
	"github.com/squadci/squadci/lint/diag"
)

// exchangeKind is one exchange file kind: the schemas that publish it (one
// per contract version) and the Go validator they must agree with.
type exchangeKind struct {
	suffix  string
	schemas []string
	parse   func(path string, src []byte) []diag.Diagnostic
}

var exchangeKinds = []exchangeKind{
	{".request.json", []string{"request-1.0.schema.json", "request-1.1.schema.json"},
		func(p string, src []byte) []diag.Diagnostic { _, ds := ParseRequest(p, src); return ds }},
	{".result.json", []string{"result-1.0.schema.json", "result-1.1.schema.json"},
		func(p string, src []byte) []diag.Diagnostic { _, ds := ParseResult(p, src); return ds }},
	{".snapshot.json", []string{"snapshot-1.schema.json"},
		func(p string, src []byte) []diag.Diagnostic { _, ds := ParseSnapshot(p, src); return ds }},
	{".state.json", []string{"state-1.schema.json"},
		func(p string, src []byte) []diag.Diagnostic { _, ds := ParseState(p, src); return ds }},
}

// exchangeBlind lists the findings JSON Schema cannot express, by rule and
// (when only some of a rule's findings are out of its reach) a piece of
// the message. Each is named in the schemas' descriptions. A file is left
// out of the agreement check only when every error it yields is blind.
var exchangeBlind = []struct{ rule, message string }{
	{"CN001", ""}, {"CN002", ""}, {"CN003", ""}, {"CN004", ""}, {"CN005", ""}, {"CN006", ""}, // JSON text, not value
	{"CN010", ""}, // credential-shaped content
	{"CN203", "write the integer with digits only"}, // 2.0 and 2e0 are integers to JSON Schema
	{"CN413", "write the integer with digits only"}, // the same, in state
	{"CN216", ""},                          // deadline vs createdAt: two values compared
	{"CN213", "is declared twice"},         // uniqueness of a member across objects
	{"CN214", ""},                          // output roots nested in each other
	{"CN310", "again; first at"},           // an outputId returned twice
	{"CN317", ""},                          // artifact paths repeated ignoring case
	{"CN320", ""},                          // artifacts counted across lists
	{"CN405", "repeats roots"},             // roots repeated ignoring case
	{"CN405", "is not below its root"},     // entry vs its root: two values compared
	{"CN405", "is listed twice"},           // entries repeated ignoring case
	{"CN417", "is earlier than createdAt"}, // two values compared
}

func blindFinding(d diag.Diagnostic) bool {
	for _, b := range exchangeBlind {
		if d.Rule == b.rule && strings.Contains(d.Message, b.message) {
			return true
		}
	}
	return false
}

// goVerdict runs the Go validator and reports whether it accepts the file,
// and whether it may be compared at all (false when every error is blind).
func goVerdict(k exchangeKind, path string, src []byte) (accepted, comparable bool, errs []string) {
	blind := true
	for _, d := range k.parse(path, src) {
		if d.Severity == diag.SeverityError {
			errs = append(errs, d.Rule+" "+d.Message)
			blind = blind && blindFinding(d)
		}
	}
	return len(errs) == 0, len(errs) == 0 || !blind, errs
}

func compileSchemaFile(t testing.TB, name string) *jsonschema.Schema {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("../docs/schema", name))
	if err != nil {
		t.Fatal(err)
	}
	s, err := jsonschema.NewCompiler().Compile(abs)
	if err != nil {
		t.Fatalf("compiling %s: %v", name, err)
	}
	return s
}

func schemaAccepts(schemas []*jsonschema.Schema, src []byte) bool {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		return false
	}
	for _, s := range schemas {
		if s.Validate(inst) == nil {
			return true
		}
	}
	return false
}

// exchangeFixtureFiles lists every exchange file of kind k under the fixture
// trees: live mailboxes, examples and archives.
func exchangeFixtureFiles(t testing.TB, k exchangeKind) []string {
	t.Helper()
	var files []string
	for _, root := range []string{"../testdata/connector", "../examples"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && strings.HasSuffix(p, k.suffix) {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// TestExchangeSchemasAgreeWithValidators: for every request, result,
// snapshot and state fixture, and for mutations of the valid ones, the
// published schemas accept the file exactly when the Go validator reports
// no error, except for the blind findings.
func TestExchangeSchemasAgreeWithValidators(t *testing.T) {
	for _, k := range exchangeKinds {
		t.Run(strings.Trim(k.suffix, "."), func(t *testing.T) {
			var schemas []*jsonschema.Schema
			for _, name := range k.schemas {
				schemas = append(schemas, compileSchemaFile(t, name))
			}
			files := exchangeFixtureFiles(t, k)
			compared, valid, invalid := 0, 0, 0
			check := func(what string, src []byte) {
				ok, comparable, errs := goVerdict(k, "x"+k.suffix, src)
				if !comparable {
					return
				}
				compared++
				if ok {
					valid++
				} else {
					invalid++
				}
				if got := schemaAccepts(schemas, src); got != ok {
					t.Errorf("%s: schema accepts=%v, Go validator errors: %v", what, got, errs)
				}
			}
			var validSrcs [][]byte
			shapes := map[string]bool{} // one valid file per set of members
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				check(f, src)
				if ok, _, _ := goVerdict(k, f, src); ok && !shapes[memberSet(t, src)] {
					shapes[memberSet(t, src)] = true
					validSrcs = append(validSrcs, src)
				}
			}
			for i, src := range validSrcs {
				for _, m := range mutations(t, src) {
					check(k.suffix+" mutation of valid fixture "+itoa(i)+": "+m.what, m.src)
				}
			}
			t.Logf("%d fixtures; compared %d files and mutations (%d valid, %d invalid)", len(files), compared, valid, invalid)
			if len(files) < 10 || valid < 10 || invalid < 50 {
				t.Errorf("too little compared: %d fixtures, %d valid, %d invalid", len(files), valid, invalid)
			}
		})
	}
}

type mutation struct {
	what string
	src  []byte
}

// mutationValues are the values each member is replaced with in turn: every
// JSON type and the strings the field grammars care about.
var mutationValues = []any{
	nil, true, false, 0, -1, 1, 5, 10, 11, 2.5, "", " ", "\t\n", "x", "x\u0007", "x\u0085y", "a\nb", "A", "a-b", "a--b",
	"t-1", "-t", strings.Repeat("a", 129), strings.Repeat("研", 10001), "1.0", "1.1", "1", "2.0",
	"reports/x/", "reports/x", "reports/x/a.md", "reports/x/a.MD", "reports/x/a.exe", "/abs/a.md", "../a.md", "a/./b.md",
	"C:/a.md", "a:b.md", "a\\b.md", "con.md", "a /b.md", "a./b.md",
	"2026-03-02T09:00:00Z", "2026-03-02T09:00:00.5+01:00", "2026-03-02t09:00:00z", "2026-02-29T00:00:00Z", "2024-02-29T00:00:00Z",
	"2026-03-02", "2026-03-02T09:00:00", "2026-13-02T09:00:00Z", "2026-03-02T24:00:00Z",
	"completed", "failed", "awaiting", "unreachable", "bogus",
	"0000000000000000000000000000000000000000000000000000000000000000", "ABCDEF0000000000000000000000000000000000000000000000000000000000",
	"tampered", "deadline", "retry-cap", "invalid-result", "producer-failed", "invalid-result:CN312,CN314", "tampered:CN999", "deadline:CN312",
	[]any{}, []any{"x"}, []any{1}, []any{"reports/x/a.md"}, []any{"dispatch"}, []any{"dispatch", "dispatch"}, []any{"dispatch", "comment"},
	map[string]any{}, map[string]any{"path": "reports/x/a.md"}, map[string]any{"fanOut": []any{}},
	map[string]any{"fanOut": []any{map[string]any{"worker": "w", "summary": "s"}}},
	map[string]any{"owed": []any{"comment"}, "attempts": 0, "lastError": "e"},
	map[string]any{"owed": []any{"comment"}, "attempts": 5, "lastError": "e", "gaveUp": true},
	map[string]any{"owed": []any{"comment"}, "attempts": 5, "lastError": "e"},
	[]any{map[string]any{"outputId": "impl", "deliverableRoot": "reports/impl/"}},
	[]any{map[string]any{"outputId": "impl", "artifacts": []any{}}},
	[]any{map[string]any{"root": "reports/x/", "entries": []any{"reports/x/a.md"}}},
}

// mutations derives files from a valid one: each member removed, each
// member replaced by each mutation value, and unknown or 1.1-only members
// added.
func mutations(t testing.TB, src []byte) []mutation {
	t.Helper()
	var obj map[string]any
	if err := json.Unmarshal(src, &obj); err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var out []mutation
	add := func(what string, m map[string]any) {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, mutation{what, b})
	}
	with := func(k string, v any) map[string]any {
		m := make(map[string]any, len(obj)+1)
		for k2, v2 := range obj {
			m[k2] = v2
		}
		if v == deleted {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	for _, k := range keys {
		add("without "+k, with(k, deleted))
		for _, v := range mutationValues {
			b, _ := json.Marshal(v)
			add(k+" = "+cutText(string(b)), with(k, v))
		}
	}
	for _, k := range []string{"bindingId", "allowedOutputs", "outputs", "provenance", "notification", "resultSha256", "reason", "memberName", "squadRoot", "inputs", "extra"} {
		if _, has := obj[k]; has {
			continue
		}
		for _, v := range mutationValues {
			b, _ := json.Marshal(v)
			add("adding "+k+" = "+cutText(string(b)), with(k, v))
		}
	}
	return out
}

// memberSet names a JSON object's members and its schemaVersion.
func memberSet(t testing.TB, src []byte) string {
	var obj map[string]any
	if err := json.Unmarshal(src, &obj); err != nil {
		t.Fatal(err)
	}
	keys := []string{fmt.Sprint(obj["schemaVersion"])}
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys[1:])
	return strings.Join(keys, ",")
}

// deleted marks a member to remove in mutations.
var deleted = &struct{}{}

// TestSchemasWithAJV: an outside validator, ajv-cli in draft 2020-12 mode,
// accepts every fixture the Go validators accept and rejects every one
// they reject for a reason the schema expresses, for the manifest and
// every exchange file kind.
func TestSchemasWithAJV(t *testing.T) {
	ajv := testtool.AJV(t)
	manifest := exchangeKind{suffix: ".json", schemas: []string{"manifest.schema.json"},
		parse: func(p string, src []byte) []diag.Diagnostic { _, ds := ParseManifest(p, src); return ds }}
	manifestFiles := append(fixtureFiles(t, "ok"), fixtureFiles(t, "err")...)
	kinds := append([]exchangeKind{manifest}, exchangeKinds...)
	for i, k := range kinds {
		files := manifestFiles
		if i > 0 {
			files = exchangeFixtureFiles(t, k)
		}
		want := map[string]bool{}
		var data []string
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			ok, comparable, _ := goVerdict(k, f, src)
			if i == 0 {
				ok, comparable = manifestVerdict(f, src)
			}
			if !comparable {
				continue
			}
			abs, err := filepath.Abs(f)
			if err != nil {
				t.Fatal(err)
			}
			want[abs] = ok
			data = append(data, abs)
		}
		accepted := map[string]bool{}
		for _, name := range k.schemas {
			schema, err := filepath.Abs(filepath.Join("../docs/schema", name))
			if err != nil {
				t.Fatal(err)
			}
			for f, ok := range testtool.AJVValidate(t, ajv, schema, data) {
				accepted[f] = accepted[f] || ok
			}
		}
		valid := 0
		for _, f := range data {
			if want[f] {
				valid++
			}
			if accepted[f] != want[f] {
				t.Errorf("%v: ajv accepts=%v, Go validator accepts=%v", f, accepted[f], want[f])
			}
		}
		t.Logf("%v: ajv judged %d fixtures (%d valid)", k.schemas, len(data), valid)
		if valid == 0 || valid == len(data) {
			t.Errorf("%v: %d of %d fixtures valid; both kinds are needed", k.schemas, valid, len(data))
		}
	}
}

// manifestVerdict is the manifest schema test's verdict: accepted, and
// comparable unless every error is one schemaBlind lists.
func manifestVerdict(path string, src []byte) (accepted, comparable bool) {
	_, ds := ParseManifest(filepath.Base(path), src)
	errs, blind := 0, true
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			errs++
			blind = blind && slices.Contains(schemaBlind, d.Rule)
		}
	}
	return errs == 0, errs == 0 || !blind
}

// TestSchemaTimestampAgrees compares the schemas' timestamp pattern with
// parseTimestamp over a grid of calendar days (leap years by the 4, 100
// and 400 rules), times, fractions and zones.
func TestSchemaTimestampAgrees(t *testing.T) {
	schema := compileSchemaFile(t, "state-1.schema.json#/$defs/timestamp")
	var corpus []string
	for _, y := range []string{"0000", "0004", "1900", "2000", "2023", "2024", "2100", "2400", "9999"} {
		for m := 0; m <= 13; m++ {
			for _, d := range []int{0, 1, 28, 29, 30, 31, 32} {
				corpus = append(corpus, fmt.Sprintf("%s-%02d-%02dT12:00:00Z", y, m, d))
			}
		}
	}
	for _, tm := range []string{"00:00:00", "23:59:59", "24:00:00", "12:60:00", "12:00:60", "12:00:59.5", "12:00:59.123456789",
		"12:00:59.1234567891234", "12:00:59.", "12:00:59,5", "1:00:00", "12:0:00"} {
		for _, zone := range []string{"Z", "z", "+00:00", "-00:00", "+01:00", "-12:30", "+23:59", "+24:00", "+23:60", "+0100", "+1:00", "01:00", "", " Z", "UTC"} {
			for _, sep := range []string{"T", "t", " ", "_"} {
				corpus = append(corpus, "2026-03-02"+sep+tm+zone)
			}
		}
	}
	corpus = append(corpus, "", "2026-03-02", "2026-3-02T12:00:00Z", "02026-03-02T12:00:00Z", "2026-03-02T12:00:00.0000000000000000000000000000000000000000000Z")
	for _, s := range corpus {
		_, goOK := parseTimestamp(s)
		if got := schema.Validate(s) == nil; got != goOK {
			t.Errorf("%q: schema accepts=%v, parseTimestamp accepts=%v", s, got, goOK)
		}
	}
}

// TestExchangeSchemaPatternsAgree compares each exchange field grammar the
// Go code checks by hand with the schema's subschema for that field, on
// the manifest test's corpus of tricky and random strings.
func TestExchangeSchemaPatternsAgree(t *testing.T) {
	exchText := func(s string) bool {
		_, n := firstControl(s)
		return n == 0 && utf8.RuneCountInString(s) <= maxStringPoints
	}
	cases := []struct {
		schema string
		accept func(string) bool
	}{
		{"request-1.1.schema.json#/properties/taskId", func(s string) bool { return exchText(s) && IsTaskID(s) }},
		{"request-1.1.schema.json#/properties/bindingId", func(s string) bool { return exchText(s) && IsKebabID(s) }},
		{"request-1.1.schema.json#/properties/task", func(s string) bool { return exchText(s) && !isBlank(s) }},
		{"request-1.1.schema.json#/properties/memberName", func(s string) bool {
			return exchText(s) && !isBlank(s) && !strings.ContainsAny(s, "\n\r")
		}},
		{"request-1.0.schema.json#/properties/deliverableRoot", func(s string) bool { _, ok := CheckSafePath(s, true); return exchText(s) && ok }},
		{"result-1.1.schema.json#/$defs/artifact/properties/path", func(s string) bool {
			_, ok := CheckSafePath(s, false)
			return exchText(s) && ok && allowedExtension(s)
		}},
		{"snapshot-1.schema.json#/properties/roots/items/properties/entries/items", func(s string) bool {
			_, ok := CheckSafePath(s, false)
			return exchText(s) && ok
		}},
		{"state-1.schema.json#/properties/reason", func(s string) bool { _, _, ok := ParseReason(s); return ok }},
	}
	corpus := append(patternCorpus(), "a.md", "a/b.json", "a/b.txt", "a.MD", "a.md/", "a/.md", "a/b.md.exe", "reports/x/a.md",
		"tampered", "tampered:", "tampered:CN312", "invalid-result:CN312,CN314", "invalid-result:CN312,", "deadline:CN312", "retry-cap",
		"producer-failed", "tampered:cn312", "tampered:CN999", "Deadline")
	for _, c := range cases {
		schema := compileSchemaFile(t, c.schema)
		for _, s := range corpus {
			if got, want := schema.Validate(s) == nil, c.accept(s); got != want {
				t.Errorf("%s %q: schema accepts=%v, Go accepts=%v", c.schema, s, got, want)
			}
		}
	}
}
