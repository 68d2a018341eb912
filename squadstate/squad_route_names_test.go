package squadstate

import (
	"reflect"
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
