package squadstate

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleIdentityFiles = diag.Register(diag.Rule{
	ID: "SS253", Name: "squad-identity-front-matter", Severity: diag.SeverityNote, Domain: "squad",
	Short: "an identity file lacks its front matter timestamp",
	Full: ".squad/identity/now.md carries front matter with updated_at, and wisdom.md with last_updated: the " +
		"coordinator reads them to judge how fresh the team's focus and wisdom are.",
	Help: "start the file with front matter holding the timestamp key",

	Consumer: "nothing breaks (a note): the coordinator reads the identity files without the timestamp, and only cannot tell how fresh the team's focus and wisdom are",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

var ruleDiscoveryManifest = diag.Register(diag.Rule{
	ID: "SS254", Name: "squad-discovery-manifest", Severity: diag.SeverityError, Domain: "squad",
	Short: ".squad/manifest.json lacks a required key or value",
	Full: "The cross-squad discovery manifest requires name, capabilities, contact.repo (owner/repo) and " +
		"accepts (each issues or prs). Optional members of its schema are not checked.",
	Help: "add the required keys; accepts lists issues and/or prs",

	Consumer: "cross-squad discovery cannot read the manifest: a required key is missing",
	Since:    "Squad CLI 0.10.0 / SDK 0.13.1",
})

func checkIdentityFiles(c *checker, t *squadTeam) {
	for _, id := range []struct{ file, key string }{{"identity/now.md", "updated_at"}, {"identity/wisdom.md", "last_updated"}} {
		file, key := id.file, id.key
		d := c.doc(squadDir + file)
		if d == nil {
			continue
		}
		md := d.markdown()
		switch {
		case md.Front == nil || !md.Front.Closed:
			c.report(ruleIdentityFiles.At(d.path, d.head(), "%s has no front matter (with %s:)", file, key))
		case md.Front.Get(key) == nil:
			c.report(ruleIdentityFiles.At(d.path, md.Front.Span, "the front matter of %s has no %s:", file, key))
		}
	}
}

var ownerRepoRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)
})

func checkDiscoveryManifest(c *checker, t *squadTeam) {
	d := c.doc(squadDir + "manifest.json")
	if d == nil || !checkJSONProblems(c, d) {
		return
	}
	root := d.jsonDoc().Root
	sh := &shape{c: c, d: d, r: ruleDiscoveryManifest, unknown: func(string, *source.Value) bool { return true }}
	sh.object(root, "manifest.json", []field{
		{name: "name", kind: source.KindString, check: func(v *source.Value) string {
			if strings.TrimSpace(v.Str) == "" {
				return "is empty"
			}
			return ""
		}},
		{name: "capabilities", kind: source.KindArray},
		{name: "contact", kind: source.KindObject, fields: []field{
			{name: "repo", kind: source.KindString, check: func(v *source.Value) string {
				if ownerRepoRE().MatchString(v.Str) {
					return ""
				}
				return "is " + quote(v.Str) + "; want owner/repo"
			}},
		}},
		{name: "accepts", kind: source.KindArray, check: func(v *source.Value) string {
			for _, e := range v.Elems {
				if e.Kind != source.KindString || (e.Str != "issues" && e.Str != "prs") {
					return "holds " + quote(e.Str) + "; each value is issues or prs"
				}
			}
			return ""
		}},
	})
}
