package squadstate

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// apmFiles are where an APM install records the HVE Squad release: the
// lock file's resolved commit or ref first, then the manifest's pin.
var apmFiles = []string{"apm.lock.yaml", "apm.yml"}

// hvePin is an explicit release pin read from an APM file.
type hvePin struct {
	at      string // "apm.lock.yaml:7"
	said    string // `resolved_ref "v0.12.1"`
	release string // the release tag it names, "" when it names none squadci knows
	version version
	ok      bool // version is set
}

var hexRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9a-fA-F]{7,40}$`) })

// readPin returns the first HVE Squad pin of the APM files, or nil.
func (c *checker) readPin() *hvePin {
	for _, name := range apmFiles {
		d := c.doc(name)
		if d == nil {
			continue
		}
		var root yaml.Node
		if yaml.Unmarshal(d.src, &root) != nil || len(root.Content) == 0 {
			continue // not ours to report: the pin is simply unreadable
		}
		var p *hvePin
		if name == "apm.lock.yaml" {
			p = lockPin(root.Content[0])
		} else {
			p = manifestPin(root.Content[0])
		}
		if p != nil {
			p.at = name + ":" + p.at
			return p
		}
	}
	return nil
}

// lockPin reads dependencies[] entries of repo_url Peter-N91/hve-squad:
// resolved_ref when it is a tag, else resolved_commit.
func lockPin(doc *yaml.Node) *hvePin {
	for _, dep := range seqOf(mapValue(doc, "dependencies")) {
		if !isHVERepo(scalar(mapValue(dep, "repo_url"))) {
			continue
		}
		for _, key := range []string{"resolved_ref", "resolved_commit"} {
			n := mapValue(dep, key)
			if p := refPin(scalar(n), key); p != nil {
				p.at = fmt.Sprint(n.Line)
				return p
			}
		}
	}
	return nil
}

// manifestPin reads dependencies.apm[] strings "Peter-N91/hve-squad[/path]#ref".
func manifestPin(doc *yaml.Node) *hvePin {
	for _, dep := range seqOf(mapValue(mapValue(doc, "dependencies"), "apm")) {
		repo, ref, ok := strings.Cut(scalar(dep), "#")
		if !ok || !isHVERepo(repo) {
			continue
		}
		if p := refPin(ref, "pin"); p != nil {
			p.at = fmt.Sprint(dep.Line)
			return p
		}
	}
	return nil
}

// refPin turns a tag or commit into a pin; nil when it is neither.
func refPin(ref, what string) *hvePin {
	ref = strings.TrimSpace(ref)
	p := &hvePin{said: what + " " + quote(ref)}
	if v, ok := parseVersion(ref); ok {
		p.version, p.ok, p.release = v, true, ref
		return p
	}
	if !hexRE().MatchString(ref) {
		return nil // a branch name says nothing about the format
	}
	if tag := releaseOfCommit(ref); tag != "" {
		p.release = tag
		p.version, p.ok = parseVersion(tag)
	}
	return p
}

// isHVERepo compares a repository reference with Peter-N91/hve-squad,
// ignoring case, a host prefix, a sub-path and a .git suffix.
func isHVERepo(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, pre := range []string{"https://", "http://", "github.com/"} {
		s = strings.TrimPrefix(s, pre)
	}
	s = strings.TrimSuffix(s, ".git")
	return s == hveRepo || strings.HasPrefix(s, hveRepo+"/")
}

// mapValue returns the value of key in a YAML mapping, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// seqOf returns a YAML sequence's items, or nil.
func seqOf(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

// scalar returns a YAML scalar's text, or "".
func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}
