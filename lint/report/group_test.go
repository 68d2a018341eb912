package report

import (
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func causeAt(path string, line int, cause string) Finding {
	f := at(ruleStyle, path, line, "See ../../x.md here", "../../x.md", "broken reference")
	f.Cause, f.Fingerprint = cause, Fingerprint(f.Rule, path, "../../x.md", f.SourceLine)
	return f
}

func TestGroupCauses(t *testing.T) {
	fs := []Finding{
		causeAt("a.md", 1, "c1"),
		causeAt("a.md", 2, "c1"), // the same cause twice in a.md: a member too
		causeAt("a.md", 3, "c2"), // a cause in one file only: stands alone
		causeAt("a.md", 4, "c2"),
		causeAt("b.md", 1, "c1"),
		causeAt("b.md", 2, ""), // no cause: never grouped
		causeAt("c.md", 1, "c1"),
	}
	got := GroupCauses(fs)
	if len(got) != 4 {
		t.Fatalf("%d findings, want 4: %+v", len(got), got)
	}
	g := got[0]
	if g.Path != "a.md" || g.Line != 1 || len(g.Others) != 3 || len(g.Also) != 3 || g.OtherFiles() != 2 || g.AlsoIn() != " (and 2 other files)" {
		t.Errorf("grouped %s:%d with %d others in %d other files (%q)", g.Path, g.Line, len(g.Others), g.OtherFiles(), g.AlsoIn())
	}
	if g.Also[2] != (diag.Position{Path: "c.md", Span: g.Others[2].Span}) {
		t.Errorf("Also %+v", g.Also)
	}
	for _, f := range got[1:] {
		if len(f.Others) != 0 || f.AlsoIn() != "" || f.CauseFingerprint() != f.Fingerprint {
			t.Errorf("%s:%d is grouped", f.Path, f.Line)
		}
	}
	back := Ungroup(got)
	if len(back) != len(fs) {
		t.Fatalf("Ungroup gave %d findings, want %d", len(back), len(fs))
	}
	for i := range fs {
		if back[i].Path != fs[i].Path || back[i].Line != fs[i].Line || back[i].Fingerprint != fs[i].Fingerprint || back[i].Others != nil {
			t.Errorf("Ungroup[%d] = %s:%d, want %s:%d", i, back[i].Path, back[i].Line, fs[i].Path, fs[i].Line)
		}
	}
	if again := GroupCauses(got); len(again) != 4 || len(again[0].Others) != 3 {
		t.Errorf("grouping a grouped run changed it")
	}
	// The identity is the cause's: the same with c.md fixed, or d.md added.
	fewer := GroupCauses([]Finding{causeAt("a.md", 1, "c1"), causeAt("c.md", 1, "c1")})
	more := GroupCauses([]Finding{causeAt("0.md", 9, "c1"), causeAt("a.md", 1, "c1"), causeAt("d.md", 1, "c1")})
	if fewer[0].CauseFingerprint() != g.CauseFingerprint() || more[0].CauseFingerprint() != g.CauseFingerprint() || g.IdentityOccurrence() != 1 {
		t.Errorf("a grouped finding's identity changed with its files")
	}
	if one := GroupCauses([]Finding{causeAt("a.md", 1, "c1"), causeAt("a.md", 2, "c1")}); len(one) != 2 {
		t.Errorf("one cause in one file was grouped")
	}
}

func TestAlsoInOneFile(t *testing.T) {
	g := GroupCauses([]Finding{causeAt("a.md", 1, "c"), causeAt("b.md", 1, "c")})[0]
	if g.AlsoIn() != " (and 1 other file)" {
		t.Errorf("%q", g.AlsoIn())
	}
}

// One other place or file reads in the singular.
func TestAlsoInSingular(t *testing.T) {
	f := causeAt("a.md", 1, "c1")
	f.Others = []Finding{causeAt("a.md", 2, "c1")}
	if got := f.AlsoIn(); got != " (and 1 other place in this file)" {
		t.Errorf("AlsoIn %q", got)
	}
	f.Others = append(f.Others, causeAt("a.md", 3, "c1"))
	if got := f.AlsoIn(); got != " (and 2 other places in this file)" {
		t.Errorf("AlsoIn %q", got)
	}
}
