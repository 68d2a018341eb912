package fix

import (
	"math/rand"
	"testing"
)

// TestLineOpsShortest: on many small random line lists the script turns
// old into new and keeps as many lines as the longest common subsequence.
func TestLineOpsShortest(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	words := []string{"a\n", "b\n", "c\n", "d"}
	pick := func() []string {
		out := make([]string, rng.Intn(9))
		for i := range out {
			out[i] = words[rng.Intn(len(words))]
		}
		return out
	}
	for i := 0; i < 3000; i++ {
		old, new := pick(), pick()
		ops := lineOps(old, new)
		var got []string
		kept, x, y := 0, 0, 0
		for _, op := range ops {
			switch op {
			case '=':
				if old[x] != new[y] {
					t.Fatalf("%q -> %q: '=' on different lines", old, new)
				}
				got, x, y, kept = append(got, old[x]), x+1, y+1, kept+1
			case '-':
				x++
			case '+':
				got, y = append(got, new[y]), y+1
			}
		}
		if x != len(old) || y != len(new) || len(got) != len(new) {
			t.Fatalf("%q -> %q: script %s does not cover both", old, new, ops)
		}
		if want := lcsLen(old, new); kept != want {
			t.Fatalf("%q -> %q: script keeps %d lines, the LCS is %d", old, new, kept, want)
		}
	}
}

func lcsLen(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// TestLineOpsDeletesFirst: a changed line is printed as its deletion,
// then its insertion, as diff does.
func TestLineOpsDeletesFirst(t *testing.T) {
	if got := string(lineOps([]string{"a\n", "b\n", "c\n"}, []string{"a\n", "B\n", "c\n"})); got != "=-+=" {
		t.Errorf("ops %q, want =-+=", got)
	}
}
