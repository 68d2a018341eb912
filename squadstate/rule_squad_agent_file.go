package squadstate

import (
	"regexp"
	"strings"
	"sync"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleSquadAgentFile = diag.Register(diag.Rule{
	ID: "SS209", Name: "squad-coordinator-file", Severity: diag.SeverityError, Domain: "squad",
	Short: ".github/agents/squad.agent.md is missing, empty, or lacks its name or version stamp",
	// A missing or empty coordinator is an error; what is wrong inside it
	// is a warning, since squad upgrade rewrites the file (vendorWarning).
	Full: "The coordinator is .github/agents/squad.agent.md: squad doctor fails without it. It starts with " +
		"front matter holding name:, and `squad init`/`upgrade` stamp <!-- version: X.Y.Z[-tag[.N]] --> " +
		"in its body (upgrade reads the installed version from the first such comment anywhere in the file; " +
		"the SDK template puts a HEAD canary comment before it). A front-matter version: instead of the " +
		"comment is the older form (SS252). A .squad/ in a monorepo subfolder has its coordinator at the " +
		"git top-level, where Copilot resolves .github/agents/. A missing or empty coordinator is an error; a missing " +
		"name or stamp inside it is a warning, since the file is Squad's and `squad upgrade` rewrites it; a missing " +
		"coordinator (what `squad import` leaves) is a warning too: nothing misbehaves, the squad is simply not offered yet.",
	Help: "run `squad upgrade` to rewrite the coordinator file with its stamp",

	Consumer: "An empty or headless coordinator is an agent file VS Code and Copilot CLI load broken; without the file " +
		"no host offers the squad (squad doctor fails; a warning); a missing stamp leaves " +
		"squad upgrade without the installed version. squad upgrade rewrites this file",
	Since: "Squad CLI 0.10.0 / SDK 0.13.1",
})

var versionStampRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+(-[A-Za-z0-9]+(\.[0-9]+)?)?$`)
})

func checkSquadAgentFile(c *checker, t *squadTeam) {
	d := c.doc(agentFile)
	if d == nil {
		if !c.exists(agentFile) && (c.repo.AtGitTop == nil || !c.repo.AtGitTop(agentFile)) {
			at := c.firstSquadDoc()
			// Nothing reads the squad yet (squad import writes only .squad/):
			// a warning, since nothing misbehaves until someone expects it.
			d := ruleSquadAgentFile.At(at.path, at.head(), "the repository has no %s, the Squad coordinator: "+
				"no host (VS Code, Copilot CLI, the cloud agent) offers the squad until `squad upgrade` writes it", agentFile).AboutFile(agentFile)
			d.Severity = diag.SeverityWarning
			c.report(d)
		}
		return
	}
	if strings.TrimSpace(string(d.src)) == "" {
		c.report(ruleSquadAgentFile.At(d.path, d.head(), "%s is empty", agentFile))
		return
	}
	md := d.markdown()
	if md.Front == nil || !md.Front.Closed {
		c.report(ruleSquadAgentFile.At(d.path, d.head(), "%s has no front matter (---, name: Squad, description: …, ---)", agentFile))
		return
	}
	if n := md.Front.Get("name"); n == nil || n.Value == "" {
		c.report(vendorWarning(ruleSquadAgentFile.At(d.path, md.Front.Span, "the front matter has no name:")))
	}
	checkVersionStamp(c, d, md)
}

// checkVersionStamp looks for the stamp anywhere in the file, as Squad's
// readers do (readInstalledVersion and stampVersion match the comment
// unanchored): the SDK template puts its HEAD canary comment between the
// front matter and the stamp.
func checkVersionStamp(c *checker, d *doc, md *source.Markdown) {
	var stamp *source.Comment
	for _, cm := range md.Comments {
		if strings.HasPrefix(cm.Text, "version:") {
			stamp = cm
			break
		}
	}
	if stamp == nil {
		if v := md.Front.Get("version"); v != nil {
			c.report(ruleSquadLegacy.At(d.path, v.KeySpan, "the version is in the front matter (the older form); squad stamps <!-- version: X.Y.Z --> in the body"))
			return
		}
		c.report(vendorWarning(ruleSquadAgentFile.At(d.path, md.Front.Span, "no <!-- version: X.Y.Z --> stamp in the coordinator")))
		return
	}
	if v := strings.TrimSpace(strings.TrimPrefix(stamp.Text, "version:")); !versionStampRE().MatchString(v) {
		c.report(vendorWarning(ruleSquadAgentFile.At(d.path, stamp.Span, "version stamp %s is not X.Y.Z[-tag[.N]]", quote(v))))
	}
}

// vendorWarning lowers a finding on the coordinator's contents to a
// warning that says whose file it is: Squad owns it and `squad upgrade`
// rewrites it, so a hand edit does not last (fidelity.md §3). A missing or
// empty coordinator stays an error: then Copilot has no Squad agent.
func vendorWarning(d diag.Diagnostic) diag.Diagnostic {
	d.Severity = diag.SeverityWarning
	d.Message += " (Squad's coordinator: `squad upgrade` rewrites this file, so run it rather than editing by hand)"
	return d
}
