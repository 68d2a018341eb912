package squadstate

import (
	"strings"
	"testing"
)

// TestConsumptionBlocks checks SS122 (and the SS120 older-form note) on
// v0.16.0-pre history: a block per entry under "#### Consumption", fenced
// json, an object of exactly the ten fields in their order.
func TestConsumptionBlocks(t *testing.T) {
	block10 := `{"model": "m", "model_source": "unresolved", "priced_as": "m", "model_tier": "default", "internal_turns": 1, "input_tokens": 1, "cached_tokens": 1, "cache_write_tokens": 1, "output_tokens": 1, "basis": "estimated"}`
	entry := func(title, body string) string { return "### 2026-08-22 " + title + "\n\n" + body }
	block := func(json string) string { return "#### Consumption\n\n```json\n" + json + "\n```\n\n" }
	head := "# History: Squad Lead\n\n"
	tests := []struct {
		name, hist string
		want       []string // SS122/SS120 findings, "RULE message" prefixes
	}{
		{"every entry with its block", head + entry("plan", block(block10)) + entry("build", block(block10)), nil},
		{"a file without any block", head + entry("plan", "* Status: done\n"), []string{"SS122 history/Squad Lead.md has no consumption block"}},
		{"an entry without its block", head + entry("plan", block(block10)) + entry("build", "* Status: done\n\n"),
			[]string{`SS122 entry "2026-08-22 build" has no "#### Consumption" block`}},
		{"a heading without a fence", head + entry("plan", "#### Consumption\n\nsoon\n"),
			[]string{"SS122 the consumption block has no fenced json block under its heading"}},
		{"a yaml fence", head + entry("plan", "#### Consumption\n\n```yaml\nmodel: m\n```\n"),
			[]string{"SS122 the consumption block has no fenced json block under its heading"}},
		{"JSON that does not parse", head + entry("plan", block(`{"model": `)), []string{"SS122 consumption block: "}},
		{"an array", head + entry("plan", block(`[1]`)), []string{"SS122 the consumption block is an array; want an object"}},
		{"a field missing", head + entry("plan", block(strings.Replace(block10, `, "basis": "estimated"`, "", 1))),
			[]string{"SS122 the consumption block lacks basis"}},
		{"fields out of order", head + entry("plan", block(strings.Replace(strings.Replace(block10, `"model": "m", `, "", 1), `"basis"`, `"model": "m", "basis"`, 1))),
			[]string{"SS122 the consumption fields are out of order"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range checkIn(map[string]string{sq + "team.md": team8, sq + "history/Squad Lead.md": tt.hist}) {
				if strings.HasPrefix(f, "SS122 ") || strings.HasPrefix(f, "SS120 ") {
					rule, rest, _ := strings.Cut(f, " ")
					_, rest, _ = strings.Cut(rest, " ")    // severity
					_, msg, _ := strings.Cut(rest, ".md ") // the path, which holds a space
					got = append(got, rule+" "+msg)
				}
			}
			bad := len(got) != len(tt.want)
			for i := 0; !bad && i < len(got); i++ {
				bad = !strings.HasPrefix(got[i], tt.want[i])
			}
			if bad {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
