package squadstate

import (
	"path"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleJSONInvalid = diag.Register(diag.Rule{
	ID: "SS001", Name: "squad-json-invalid", Severity: diag.SeverityError, Domain: "squad-state",
	Short: "a squad JSON file is not well-formed JSON",
	Full: "HVE's state.json and Squad's config.json, casting files and manifest.json are read with " +
		"JSON.parse: a syntax error, a byte order mark, invalid UTF-8, trailing data or a duplicate key " +
		"(JSON.parse silently keeps the last one) makes the tools ignore or misread the file.",
	Help: "fix the JSON at the position shown; keep one occurrence of a repeated key",

	Consumer: "every reader (HVE Scribe and coordinator, Squad SDK and squad doctor) parses it with " +
		"JSON.parse: the file is ignored or misread; Tier-1 SQ-03 fails on an unparseable state.json",
	Since: "HVE Squad v0.2.0 (29f6aab) state.json; Squad CLI 0.10.0 / SDK 0.13.1 config.json, casting/*.json",

	Fixable: true,
	Repair: "removes a leading byte order mark; the other problems need a person. HVE's state.json is the run's record " +
		"and is never fixed.",
})

// checkJSONProblems reports the reader's problems and says whether the
// document has a root value to check further.
func checkJSONProblems(c *checker, d *doc) bool {
	jd := d.jsonDoc()
	for _, p := range jd.Problems {
		f := ruleJSONInvalid.At(d.path, p.Span, "%s", p.Message)
		if p.Kind == source.ProblemBOM && path.Base(d.path) != "state.json" {
			f.Fix = diag.Replace(p.Span, "")
		}
		c.report(f)
	}
	return jd.Root != nil
}
