package secrets

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const shapedDir = "testdata/gitleaks-shaped"

// markerRE finds the @@kind@@ markers fixtures put where a credential goes.
var markerRE = regexp.MustCompile(`@@([a-z0-9]+)@@`)

// syntheticKinds builds the value each marker kind stands for, from a seed.
var syntheticKinds = map[string]func(seed uint64) string{
	"gen":       func(s uint64) string { return fake(base62, 32, s) },
	"pw":        func(s uint64) string { return fake(base62, 16, s) },
	"hex40":     func(s uint64) string { return fake(hexSet, 40, s) },
	"b64":       func(s uint64) string { return fake(base64Set, 44, s) },
	"awssecret": func(s uint64) string { return fake(base64Set, 40, s) },
	"akia":      func(s uint64) string { return "AKIA" + fake(awsSet, 16, s) },
	"ghp":       func(s uint64) string { return "ghp_" + fake(base62, 36, s) },
	"gho":       func(s uint64) string { return "gho_" + fake(base62, 36, s) },
	"ghs":       func(s uint64) string { return "ghs_" + fake(base62, 36, s) },
	"ghpat":     func(s uint64) string { return "github_pat_" + fake(base62, 22, s) + "_" + fake(base62, 59, s+1) },
	"xoxb": func(s uint64) string {
		return "xoxb-" + fake(digits, 12, s) + "-" + fake(digits, 13, s+1) + "-" + fake(base62, 24, s+2)
	},
	"xoxp": func(s uint64) string {
		return "xoxp-" + fake(digits, 12, s) + "-" + fake(digits, 12, s+1) + "-" + fake(digits, 13, s+2) + "-" + fake(hexSet, 32, s+3)
	},
	"slackhook": func(s uint64) string {
		return "https://hooks.slack.com/services/T" + fake(awsSet, 8, s) + "/B" + fake(awsSet, 10, s+1) + "/" + fake(base62, 24, s+2)
	},
	"storagekey": func(s uint64) string { return fake(base64Set, 86, s) + "==" },
	"sig":        func(s uint64) string { return fake(base62, 43, s) + "%3D" },
	"aad":        func(s uint64) string { return fake(base62, 3, s) + "8Q~" + fake(base62+"_~.-", 34, s+1) },
	"jwt":        syntheticJWT,
	"google":     func(s uint64) string { return "AIza" + fake(urlSet, 35, s) },
	"anthropic":  func(s uint64) string { return "sk-ant-api03-" + fake(urlSet, 93, s) + "AA" },
	"openai": func(s uint64) string {
		return "sk-proj-" + fake(urlSet, 64, s) + "T3Blbk" + "FJ" + fake(urlSet, 64, s+1)
	},
	"stripe": func(s uint64) string { return "sk_" + "live_" + fake(base62, 24, s) },
	"npm":    func(s uint64) string { return "npm_" + fake(base62, 36, s) },
	"glpat":  func(s uint64) string { return "glpat-" + fake(urlSet, 20, s) },
	"basic": func(s uint64) string {
		return base64.StdEncoding.EncodeToString([]byte("deploy:" + fake(base62, 16, s)))
	},
	"k8sb64": func(s uint64) string { return base64.StdEncoding.EncodeToString([]byte(fake(base64Set, 30, s))) },
	"pemrsa": func(s uint64) string { return pemKey("RSA", "\n", 900) },
	"pemesc": func(s uint64) string { return pemKey("OPENSSH", `\n`, 600) },
}

func syntheticJWT(s uint64) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"alg":"RS256","typ":"JWT"}`)) + "." +
		enc([]byte(`{"sub":"svc-7","iat":1767225600,"exp":1767229200}`)) + "." + fake(urlSet, 86, s)
}

// expandMarkers replaces every marker in src, indenting the continuation
// lines of a multi-line value like the marker's own line.
func expandMarkers(t *testing.T, name, src string) string {
	var out []string
	for n, line := range strings.Split(src, "\n") {
		indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		k := 0
		line = markerRE.ReplaceAllStringFunc(line, func(m string) string {
			kind := m[2 : len(m)-2]
			gen, ok := syntheticKinds[kind]
			if !ok {
				t.Fatalf("%s:%d: unknown marker %s", name, n+1, m)
			}
			h := fnv.New64a()
			fmt.Fprintf(h, "%s:%d:%s:%d", name, n+1, kind, k)
			k++
			return strings.ReplaceAll(gen(h.Sum64()), "\n", "\n"+indent)
		})
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// readExpected returns the expected findings and the documented misses
// ("# miss file:line family: why") of expected.txt.
func readExpected(t *testing.T) (want, misses []string) {
	f, err := os.Open(filepath.Join(shapedDir, "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "# miss "):
			misses = append(misses, strings.TrimPrefix(line, "# miss "))
		case line == "" || line[0] == '#':
		default:
			want = append(want, line)
		}
	}
	return want, misses
}

// scanShaped scans every expanded fixture and returns "file:line label"
// lines, sorted.
func scanShaped(t *testing.T) []string {
	entries, err := os.ReadDir(shapedDir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if e.Name() == "expected.txt" || e.Name() == "README.md" {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(shapedDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		text := expandMarkers(t, e.Name(), string(raw))
		ms := Scan(text)
		checkWellFormed(t, text, ms)
		for _, m := range ms {
			label := m.Family
			if m.Key != "" {
				label += "/" + m.Key
			}
			got = append(got, fmt.Sprintf("%s:%d %s", e.Name(), 1+strings.Count(text[:m.Start], "\n"), label))
		}
	}
	slices.Sort(got)
	return got
}

// TestGitleaksShapedFixtures scans the gitleaks-shaped fixture set and
// compares every finding with expected.txt, exactly: a new finding is a
// false hit or an undocumented catch, a missing one a lost catch.
func TestGitleaksShapedFixtures(t *testing.T) {
	want, misses := readExpected(t)
	slices.Sort(want)
	got := scanShaped(t)
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("missing finding: %s", w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("unexpected finding: %s", g)
		}
	}
	for _, m := range misses {
		loc, _, _ := strings.Cut(m, " ")
		for _, g := range got {
			if strings.HasPrefix(g, loc+" ") {
				t.Errorf("documented miss %s is found: %s (move it to the findings)", loc, g)
			}
		}
	}
	if testing.Verbose() {
		for _, g := range got {
			t.Log(g)
		}
	}
}
