package connector

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleArtifactDuplicate = diag.Register(diag.Rule{
	ID: "CN317", Name: "artifact-duplicate", Severity: diag.SeverityError, Domain: "result",
	Short: "Result names the same artifact path twice",
	Full: "Each artifact path appears once per envelope, across artifacts and every output. Paths are " +
		"compared ignoring ASCII letter case, because paths differing only in case are one file on " +
		"Windows and macOS. The later entry is reported, naming the first.",
	Help:     "List each file once, in the one output slot it belongs to.",
	Consumer: "A path named twice would be committed twice or attributed to two slots; squadci resume fails the task. Error.",
})

func checkArtifactDuplicates(c *resultCheck) {
	first := make(map[string]*Artifact, len(c.r.Artifacts))
	for i := range c.r.Artifacts {
		a := &c.r.Artifacts[i]
		if !a.Valid {
			continue
		}
		key := strings.ToLower(a.Path)
		prev, dup := first[key]
		if !dup {
			first[key] = a
			continue
		}
		a.Valid = false
		c.report(ruleArtifactDuplicate.At(c.path, a.value.Span, "%s path repeats %s path%s",
			artifactWhere(a), artifactWhere(prev), c.atPos(prev.value)))
	}
}
