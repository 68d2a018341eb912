package squadstate

import (
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

var ruleProfile = diag.Register(diag.Rule{
	ID: "SS129", Name: "hve-format-profile", Severity: diag.SeverityNote, Domain: "squad-state",
	Short: "the HVE Squad release that wrote a root could not be told exactly",
	Full: "Each squad root is checked with the format of the HVE Squad release that wrote it: the release " +
		"apm.lock.yaml resolved (or apm.yml pins), else the one the files' shapes fit (roster header columns, " +
		"state.json schemaVersion and keys, the consumption block's fields, the * Deliverable: bullet, the " +
		"split ledger, the routing tiers). When several releases fit, the oldest of them (the most permissive) " +
		"is used; when the shapes fit no single release, the newest format any of them needs; a release or " +
		"schemaVersion newer than squadci knows gets the newest format and its unknown keys as notes. This " +
		"note says which happened, once per root.",
	Help: "pin the release in apm.yml (Peter-N91/hve-squad#vX.Y.Z) or commit apm.lock.yaml, so the format is known",

	Consumer: "nothing breaks: it says which release's format squadci applied",
	Since:    "squadci (HVE Squad v0.2.0–v0.16.0-pre profiles)",
})

// chooseProfile picks the root's profile once, before any check runs.
func (c *checker) chooseProfile(h *hveRoot, pin *hvePin) {
	h.choice = detectProfile(h, pin, c.repo.ProfilePins)
	h.profile = h.choice.profile
	if h.team != nil && h.team.table != nil {
		h.team.judgeBy(h.profile, h.choice.newer != "")
	}
	if d := h.file("consumption-rates.md"); d != nil && h.profile.rates != nil {
		h.rates = parseRates(d, h.profile.rates)
	}
}

// checkProfileNote reports, once per root, a choice that was not exact,
// and records the choice for the report.
func checkProfileNote(c *checker, h *hveRoot) {
	c.explain(h)
	at := h.anyFile()
	if msg := profileNote(h); msg != "" && at != nil {
		c.report(ruleProfile.At(at.path, at.head(), "squad root %s: %s", h.dir, msg).AboutFile(h.dir))
	}
}

// profileNote says why a root's profile choice is not exact, or "".
func profileNote(h *hveRoot) string {
	ch := h.choice
	p := ch.profile
	var msg string
	switch {
	case ch.newer != "":
		msg = ch.newer + " is newer than the HVE Squad formats squadci knows; checked with the newest, " + p.span() + ", reporting unknown keys as notes"
	case ch.older != "":
		msg = ch.older + " predates the first HVE Squad state format; checked with " + p.span()
	case ch.against != "":
		msg = "the pin says " + p.span() + " but the files' shapes fit HVE Squad " + ch.against + " (" + ch.shapes() + "); checked with the pin: update apm.lock.yaml or apm.yml if the squad was upgraded"
	case ch.conflict:
		msg = "the files' shapes fit no single HVE Squad release (" + ch.shapes() + "); checked with " + p.span() + ", the newest format they need"
	case !ch.pinned && len(ch.fits) > 1:
		msg = "the files fit HVE Squad " + spans(ch.fits) + " (" + ch.shapes() + "); checked with " + p.span() + ", the most permissive"
	}
	return msg
}

// shapes lists the evidence that fit some profile, for messages.
func (ch *profileChoice) shapes() string {
	var out []string
	for _, e := range ch.evidence {
		if e.fits != nil {
			out = append(out, e.what+" at "+e.at+" fits "+spanOf(e.fits))
		}
	}
	return strings.Join(out, "; ")
}

func spans(ps []*hveProfile) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.span()
	}
	return strings.Join(names, ", ")
}

// spanOf names a run of profile indexes as one release span.
func spanOf(fits []int) string {
	a, b := hveProfiles[fits[0]], hveProfiles[fits[len(fits)-1]]
	if a == b {
		return a.span()
	}
	return a.first + "–" + b.last
}

// reportIn reports a finding about root h, as a warning when the root's
// format makes the check only advisory.
func (c *checker) reportIn(h *hveRoot, d diag.Diagnostic) {
	if isOneOf(d.Rule, h.profile.advisory) && d.Severity > diag.SeverityWarning {
		d.Severity = diag.SeverityWarning
	}
	c.report(d)
}

// newerAsNote lowers a finding about something squadci does not know to a
// note when the root was written by a newer release than squadci knows:
// unknown additions are notes, never errors (fidelity.md §2).
func (h *hveRoot) newerAsNote(d diag.Diagnostic) diag.Diagnostic {
	if h.choice.newer != "" {
		d.Severity = diag.SeverityNote
		d.Message += " (" + h.choice.newer + " is newer than squadci knows)"
	}
	return d
}
