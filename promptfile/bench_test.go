package promptfile

import (
	"bytes"
	"strings"
	"testing"
)

// benchInstructions is a long instructions file: prose, inline code, a few
// links and #file: references.
func benchInstructions() []byte {
	var b strings.Builder
	b.WriteString("---\napplyTo: '**/*.go, **/*.md'\ndescription: Conventions for the benchmark\n---\n\n# Conventions\n\n")
	for i := 0; i < 400; i++ {
		b.WriteString("Keep functions short, name things for what they are, and run `go vet` before each commit.\n")
		if i%20 == 0 {
			b.WriteString("See [the style guide](../docs/style.md) and #file:../docs/review.md for the review rules.\n")
		}
	}
	return []byte(b.String())
}

// BenchmarkScanLines is the baseline: one pass over the same bytes.
func BenchmarkScanLines(b *testing.B) {
	src := benchInstructions()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		bytes.Count(src, []byte("\n"))
	}
}

// BenchmarkCheckInstructions checks the same file with every instructions rule.
func BenchmarkCheckInstructions(b *testing.B) {
	src := benchInstructions()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		CheckInstructions(".github/instructions/go.instructions.md", src)
	}
}
