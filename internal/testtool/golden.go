package testtool

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// CompareOut checks findings (one per line, in the oneline form) against
// the expectation file outPath, or rewrites the file when update is set. In
// the file a line /re/ matches by regular expression, as in actionlint's
// testdata.
func CompareOut(t testing.TB, outPath string, got []string, update bool) {
	t.Helper()
	if update {
		text := strings.Join(got, "\n")
		if text != "" {
			text += "\n"
		}
		if err := os.WriteFile(outPath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatalf("reading expectations (rerun the test with its -update flag to create them): %v", err)
	}
	var want []string
	for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if l != "" {
			want = append(want, l)
		}
	}
	for i := 0; i < max(len(want), len(got)); i++ {
		switch {
		case i >= len(want):
			t.Errorf("%s: unexpected finding:\n  %s", outPath, got[i])
		case i >= len(got):
			t.Errorf("%s: missing finding:\n  %s", outPath, want[i])
		case !lineMatches(t, want[i], got[i]):
			t.Errorf("%s: finding %d differs:\n  want %s\n  got  %s", outPath, i+1, want[i], got[i])
		}
	}
}

func lineMatches(t testing.TB, want, got string) bool {
	if len(want) > 2 && strings.HasPrefix(want, "/") && strings.HasSuffix(want, "/") {
		re, err := regexp.Compile(want[1 : len(want)-1])
		if err != nil {
			t.Fatalf("bad expectation regexp %s: %v", want, err)
		}
		return re.MatchString(got)
	}
	return want == got
}
