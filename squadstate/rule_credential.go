package squadstate

import (
	"path"
	"sort"
	"strings"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/secrets"
	"github.com/squadci/squadci/lint/source"
)

var ruleCredential = diag.Register(diag.Rule{
	ID: "SS002", Name: "squad-credential", Severity: diag.SeverityError, Domain: "squad-state", Secret: true,
	Short: "a squad state file contains credential-shaped content",
	Full: "Squad state is committed and read by every agent of the team: decisions, histories, rosters, " +
		"routing, config, casting, skills and the per-host MCP projection files. Every file the squad " +
		"rules read is scanned with the shared credential-shape scanner, and in JSON files every decoded " +
		"string and member name too, so escapes cannot hide a key. The finding names the kind of " +
		"credential and never repeats the value. Content digests (sha256:<hex>, sha512-<base64>, bare hex " +
		"keyed by a file path) are not credentials. APM's apm.lock.yaml and apm.yml, read for the release " +
		"pin, are a package manager's lock and manifest, not squad state: only the known token formats are " +
		"looked for there. Agent files and kmx charters are scanned by AF002 instead.",
	Help: "Remove the value and rotate the credential: it has been committed. Refer to secrets by name " +
		"(an environment variable, the host's secret store) instead.",

	Consumer: "security: a credential committed in team state is readable by every agent and every clone",
	Since:    "every release of both writers",
})

// checkCredentials scans every loaded squad state file. The APM files, read
// only for the release pin, are a package manager's lock and manifest, not
// squad state: their per-file hashes are keyed by paths whose words
// (token, key, oauth) name files, so only the known token formats are
// looked for there.
func (c *checker) checkCredentials() {
	paths := make([]string, 0, len(c.repo.Files))
	for p := range c.repo.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		d := c.doc(p)
		if d == nil || c.agentFileRules(d) {
			continue
		}
		var found []diag.Span
		state := !isLockOrManifest(p)
		for _, m := range secrets.Scan(string(d.src)) {
			if !state && m.Family == secrets.GenericFamily {
				continue
			}
			span := diag.Span{Start: m.Start, End: m.End}
			found = append(found, span)
			c.reportCredential(d, span, "text", m)
		}
		if state && strings.HasSuffix(p, ".json") {
			if root := d.jsonDoc().Root; root != nil {
				c.scanJSONStrings(d, root, found)
			}
		}
	}
}

// agentFileRules reports a file the agent-file rules scan themselves: an
// agent file, or a charter that is a complete kmx charter.
func (c *checker) agentFileRules(d *doc) bool {
	if strings.HasSuffix(d.path, ".agent.md") {
		return true
	}
	return strings.HasPrefix(d.path, squadDir+"agents/") && path.Base(d.path) == "charter.md" && c.isKmx(d, d.markdown())
}

// scanJSONStrings scans the decoded member names and string values under v
// that the raw scan did not already cover.
func (c *checker) scanJSONStrings(d *doc, v *source.Value, found []diag.Span) {
	if v.IsMember() && v.Key != "" {
		if ms := secrets.Scan(v.Key); len(ms) > 0 && !overlaps(found, v.KeySpan) {
			c.reportCredential(d, v.KeySpan, "member name", ms[0])
		}
	}
	switch v.Kind {
	case source.KindString:
		if ms := secrets.ScanKeyValue(v.Key, v.Str); len(ms) > 0 && !overlaps(found, v.Span) {
			c.reportCredential(d, v.Span, "value", ms[0])
		}
	case source.KindObject:
		for _, m := range v.Members {
			c.scanJSONStrings(d, m, found)
		}
	case source.KindArray:
		for _, e := range v.Elems {
			c.scanJSONStrings(d, e, found)
		}
	}
}

func (c *checker) reportCredential(d *doc, span diag.Span, what string, m secrets.Match) {
	where := "squad state"
	if isLockOrManifest(d.path) {
		where = "a committed package lock or manifest"
	}
	c.report(ruleCredential.At(d.path, span, "%s looks like %s (value withheld; credentials never belong in %s)", what, m.Phrase(), where))
}

// isLockOrManifest reports a package manager's lock file or manifest (APM's
// apm.lock.yaml and apm.yml, package-lock.json, *.lock, *.lock.yaml): files a
// tool writes to record what it installed, never squad state.
func isLockOrManifest(p string) bool {
	base := path.Base(p)
	for _, f := range apmFiles {
		if base == f {
			return true
		}
	}
	for _, suffix := range []string{".lock", ".lock.yaml", ".lock.yml", ".lock.json", "-lock.json", "-lock.yaml", "-lock.yml"} {
		if strings.HasSuffix(base, suffix) {
			return true
		}
	}
	return false
}

func overlaps(spans []diag.Span, s diag.Span) bool {
	for _, f := range spans {
		if f.Start < s.End && s.Start < f.End {
			return true
		}
	}
	return false
}
