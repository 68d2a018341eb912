package skill

import (
	"bytes"
	"strings"
	"testing"
)

// benchSkill is a long SKILL.md of the shape plugin skills have: prose,
// inline code, a few links and a fenced sample.
func benchSkill() []byte {
	var b strings.Builder
	b.WriteString("---\nname: big-skill\ndescription: A long skill for the benchmark. Use it to measure.\nlicense: MIT\n---\n\n# Big skill\n\n")
	for i := 0; i < 400; i++ {
		b.WriteString("Run `scripts/run.py` with the input file, then read the output and compare it with the expected one.\n")
		if i%20 == 0 {
			b.WriteString("See [the guide](references/guide.md) and [the site](https://example.com/docs).\n\n```sh\npython scripts/run.py --in data.csv\n```\n")
		}
	}
	return []byte(b.String())
}

// BenchmarkScanLines is the baseline: one pass over the same bytes.
func BenchmarkScanLines(b *testing.B) {
	src := benchSkill()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		bytes.Count(src, []byte("\n"))
	}
}

// BenchmarkInspect checks the same file with every skill rule.
func BenchmarkInspect(b *testing.B) {
	src := benchSkill()
	ctx := Context{Exists: func(string) bool { return true }}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Inspect(".github/skills/big-skill/SKILL.md", src, ctx)
	}
}
