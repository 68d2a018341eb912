package squadstate

import (
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// RootProfile is the format profile an HVE squad root was checked by and
// why: the JSON report's per-root profile object and lint --explain-profile.
type RootProfile struct {
	Root     string     // ".copilot-tracking/squad/members/issue-49/"
	Format   string     // "hve-squad"
	Profile  string     // the profile's first release: "v0.12.1"
	Releases string     // the release span: "v0.12.1–v0.15.3"
	Commit   string     // the commit that opened the span
	ChosenBy string     // "config", "pin", "shapes" or "default" (no evidence)
	Evidence []Evidence // what was weighed, in order
	Note     string     // why the choice is not exact (the SS129 message), "" when it is
}

// Evidence is one fact about a root's format.
type Evidence struct {
	At   string // "team.md:9"
	What string // "7-column roster"
	Fits string // the releases it fits ("" when it fits none squadci knows)
}

// explain records the root's profile for the report.
func (c *checker) explain(h *hveRoot) {
	ch := h.choice
	p := ch.profile
	rp := RootProfile{Root: h.dir, Format: "hve-squad", Profile: p.name, Releases: p.span(), Commit: p.commit,
		ChosenBy: ch.chosenBy(), Note: profileNote(h)}
	for _, e := range ch.evidence {
		ev := Evidence{At: e.at, What: e.what}
		if e.fits != nil {
			ev.Fits = spanOf(e.fits)
		}
		rp.Evidence = append(rp.Evidence, ev)
	}
	c.profiles = append(c.profiles, rp)
}

func (ch *profileChoice) chosenBy() string {
	switch {
	case ch.configured:
		return "config"
	case ch.pinned:
		return "pin"
	}
	for _, e := range ch.evidence {
		if e.fits != nil {
			return "shapes"
		}
	}
	return "default"
}

// configPin returns the release .squadci.yml pins for a root, or nil.
func configPin(pins []ProfilePin, dir string) *ProfilePin {
	for i, p := range pins {
		if matchRoot(p.Glob, dir) {
			return &pins[i]
		}
	}
	return nil
}

// matchRoot matches a root directory ("…/issue-49/") with or without its
// trailing slash.
func matchRoot(glob, dir string) bool {
	return globMatch(glob, dir) || globMatch(glob, strings.TrimSuffix(dir, "/"))
}

func globMatch(glob, path string) bool {
	ok, _ := doublestar.Match(glob, path)
	return ok
}

// KnownRelease reports whether s is an HVE Squad release tag squadci can
// map to a format: one of the releases it knows, or a newer one.
func KnownRelease(s string) bool {
	v, ok := parseVersion(s)
	if !ok {
		return false
	}
	if tag := releaseOfTag(s); tag != "" {
		return true
	}
	last, _ := parseVersion(newestProfile().last)
	return last.less(v)
}

func releaseOfTag(s string) string {
	for _, r := range hveReleases {
		if r.tag == s || r.tag == "v"+s {
			return r.tag
		}
	}
	return ""
}

// ProfileNames lists the HVE Squad format profiles by first release.
func ProfileNames() []string {
	out := make([]string, len(hveProfiles))
	for i, p := range hveProfiles {
		out[i] = p.name
	}
	return out
}
