package squadstate

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestRouteTargetOffsets checks how a routing cell splits into named targets:
// offsets of each raw item, items that name nobody dropped, separators
// inside notes and link targets ignored.
func TestRouteTargetOffsets(t *testing.T) {
	type target struct {
		text, raw  string
		start, end int
	}
	tests := []struct {
		cell string
		want []target
	}{
		{"Keaton,  Hockney secondary", []target{{"Keaton", "Keaton", 0, 6}, {"Hockney", "Hockney secondary", 9, 26}}},
		{"  Keaton", []target{{"Keaton", "Keaton", 2, 8}}},
		{"Keaton, primary, ?!", []target{{"Keaton", "Keaton", 0, 6}}},
		{"{member}", []target{{"{member}", "{member}", 0, 8}}},
		{"Keaton (reviews / pairs) primary and Fenster (a/b)", []target{{"Keaton", "Keaton (reviews / pairs) primary", 0, 32}, {"Fenster", "Fenster (a/b)", 37, 50}}},
		{"[Keaton](a/b.md) primary, [Fenster](c/d.md)", []target{{"Keaton", "[Keaton](a/b.md) primary", 0, 24}, {"Fenster", "[Fenster](c/d.md)", 26, 43}}},
	}
	for _, tt := range tests {
		var got []target
		for _, r := range routeTargets(tt.cell) {
			got = append(got, target{r.text, r.raw, r.start, r.end})
			if tt.cell[r.start:r.end] != r.raw {
				t.Errorf("%q: offsets %d-%d do not hold %q", tt.cell, r.start, r.end, r.raw)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("routeTargets(%q) = %+v, want %+v", tt.cell, got, tt.want)
		}
	}
}

// TestRouteTargetLinks checks the items of a cell that lists markdown
// links: a link is one item, whole, wherever it stands and whatever
// separator follows it; a separator inside its text or target does not
// split it. The blanked link must not be taken into the separator, so the
// item before a comma ends at the link's ")" and not at "[Keaton".
func TestRouteTargetLinks(t *testing.T) {
	type target struct {
		text, raw  string
		start, end int
	}
	tests := []struct {
		cell string
		want []target
	}{
		{"[Keaton](a/b.md), Fenster", []target{{"Keaton", "[Keaton](a/b.md)", 0, 16}, {"Fenster", "Fenster", 18, 25}}},
		{"Fenster, [Keaton](a/b.md)", []target{{"Fenster", "Fenster", 0, 7}, {"Keaton", "[Keaton](a/b.md)", 9, 25}}},
		{"[Keaton](a/b.md)", []target{{"Keaton", "[Keaton](a/b.md)", 0, 16}}},
		{"[Keaton](a/b.md),Fenster", []target{{"Keaton", "[Keaton](a/b.md)", 0, 16}, {"Fenster", "Fenster", 17, 24}}},
		{"[Keaton](a/b.md) and Fenster", []target{{"Keaton", "[Keaton](a/b.md)", 0, 16}, {"Fenster", "Fenster", 21, 28}}},
		{"[Keaton](a,b.md), Fenster", []target{{"Keaton", "[Keaton](a,b.md)", 0, 16}, {"Fenster", "Fenster", 18, 25}}},
		{"[Keaton, Fenster](a/b.md)", []target{{"Keaton Fenster", "[Keaton, Fenster](a/b.md)", 0, 25}}},
		{"[Keaton](a.md), [Fenster, Hockney](b.md)", []target{{"Keaton", "[Keaton](a.md)", 0, 14}, {"Fenster Hockney", "[Fenster, Hockney](b.md)", 16, 40}}},
		{"Keaton (backup), Fenster", []target{{"Keaton", "Keaton (backup)", 0, 15}, {"Fenster", "Fenster", 17, 24}}},
	}
	for _, tt := range tests {
		var got []target
		for _, r := range routeTargets(tt.cell) {
			got = append(got, target{r.text, r.raw, r.start, r.end})
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("routeTargets(%q) = %+v, want %+v", tt.cell, got, tt.want)
		}
	}
}

// TestRouteTargetUnknownLinkSpan checks SS242's span for a link listed
// before a comma: it covers the whole link, on its line and columns.
func TestRouteTargetUnknownLinkSpan(t *testing.T) {
	team, err := os.ReadFile("../testdata/squadstate/squad-cast/.squad/team.md")
	if err != nil {
		t.Fatal(err)
	}
	routing := "# Work Routing\n\n## Routing Table\n\n| Work Type | Route To | Examples |\n|---|---|---|\n" +
		"| Testing | [Keaton](a/b.md), Fenster | Write tests |\n"
	var got []string
	for _, d := range Check(repoOf(map[string]string{".squad/team.md": string(team), ".squad/routing.md": routing})) {
		if d.Rule != "SS242" {
			continue
		}
		line := strings.Count(routing[:d.Span.Start], "\n") + 1
		col := d.Span.Start - strings.LastIndex(routing[:d.Span.Start], "\n")
		endCol := d.Span.End - strings.LastIndex(routing[:d.Span.End], "\n")
		got = append(got, fmt.Sprintf("%d:%d-%d %s", line, col, endCol, routing[d.Span.Start:d.Span.End]))
	}
	want := []string{"7:13-29 [Keaton](a/b.md)", "7:31-38 Fenster"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SS242 spans = %q, want %q", got, want)
	}
}
