package squadstate

import (
	"strings"
	"testing"
)

// TestGutter checks SS104 at its edges: three lines (not two), the
// twelfth line (not the thirteenth), a last line without a line break,
// a number followed by a tab or by nothing more than its space.
func TestGutter(t *testing.T) {
	lines := func(gutter map[int]string, n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			if g, ok := gutter[i]; ok {
				b.WriteString(g)
			} else {
				b.WriteString("text")
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	tests := []struct {
		name, src string
		want      int // gutter lines reported, 0 for no finding
	}{
		{"three lines", "1: a\n2: b\n3: c\n", 3},
		{"two lines", "1: a\n2: b\ntext\n", 0},
		{"no final line break", "1: a\n2: b\n3. c", 3},
		{"a tab after the number", "1:\ta\n  2.\tb\n3: c\n", 3},
		{"the number and its space only", "1: \n2: \n3: \n", 3},
		{"the number without its space", "1:\n2:\n3:\n", 0},
		{"list numbers are not line numbers", "1. a\n1. b\n1. c\n", 0},
		{"the twelfth line counts", lines(map[int]string{1: "1: a", 2: "2: b", 12: "12: c"}, 14), 3},
		{"the thirteenth does not", lines(map[int]string{1: "1: a", 2: "2: b", 13: "13: c"}, 14), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &checker{}
			h := &hveRoot{files: map[string]*doc{"none.md": nil, "team.md": {path: "team.md", src: []byte(tt.src)}}}
			checkGutter(c, h)
			n := 0
			for _, d := range c.out {
				if d.Rule == "SS104" {
					n++
					if !strings.HasPrefix(d.Message, itoa(tt.want)+" of the first 12 lines") {
						t.Errorf("message %q, want %d lines", d.Message, tt.want)
					}
				}
			}
			if (n > 0) != (tt.want > 0) || n > 1 {
				t.Errorf("%d SS104 findings, want one only for %d lines", n, tt.want)
			}
		})
	}
}
