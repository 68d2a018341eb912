package corpus

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"
)

// corpus writes files under one root and counts what it wrote.
type corpus struct {
	root  string
	dirs  map[string]bool
	files int
	bytes int64
}

// newCorpus refuses a non-empty directory: leftovers from an earlier run would
// break the byte-identical guarantee.
func newCorpus(root string) (*corpus, error) {
	entries, err := os.ReadDir(root)
	switch {
	case err == nil && len(entries) > 0:
		return nil, fmt.Errorf("output directory %s is not empty", root)
	case err != nil && !os.IsNotExist(err):
		return nil, fmt.Errorf("output directory: %w", err)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	return &corpus{root: root, dirs: map[string]bool{}}, nil
}

// write stores data at the slash-separated path rel.
func (c *corpus) write(rel string, data []byte) error {
	full := filepath.Join(c.root, filepath.FromSlash(rel))
	dir := filepath.Dir(full)
	if !c.dirs[dir] {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("write %s: %w", rel, err)
		}
		c.dirs[dir] = true
	}
	if err := os.WriteFile(full, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	c.files++
	c.bytes += int64(len(data))
	return nil
}

// writeString is write for text files.
func (c *corpus) writeString(rel, text string) error { return c.write(rel, []byte(text)) }

// jsonBytes renders v as two-space indented JSON with a final newline and
// without HTML escaping, so "<" stays readable in Markdown-ish strings.
func jsonBytes(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("gen: encoding %T: %v", v, err)) // only fixed struct types are encoded
	}
	return b.Bytes()
}

// sha256Hex is the lowercase hex SHA-256 the state file records.
func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// rngFor gives every (stream, item) its own generator, so one manifest's content
// does not depend on how many came before it or on which parts are written.
func rngFor(seed uint64, stream string, item int) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(stream))
	return rand.New(rand.NewPCG(seed, h.Sum64()^uint64(item)*0x9e3779b97f4a7c15))
}

// pick returns one element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// pickN returns n distinct elements of xs in a random order.
func pickN[T any](r *rand.Rand, xs []T, n int) []T {
	idx := r.Perm(len(xs))[:n]
	out := make([]T, n)
	for i, j := range idx {
		out[i] = xs[j]
	}
	return out
}

// epoch is the corpus's fixed clock; nothing reads the wall clock.
var epoch = time.Date(2026, time.March, 2, 8, 0, 0, 0, time.UTC)

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
