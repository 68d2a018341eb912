package connector

import (
	"math/rand/v2"
	"testing"
)

// The shards below were computed independently of this code (FNV-1a 64
// by hand in another language): a change of hash breaks every checkout
// already split across runners, so it must break this test first.
func TestShardOfIsStable(t *testing.T) {
	cases := []struct {
		id       string
		of4, of7 int
	}{
		{"a", 1, 6},
		{"task-1", 3, 7},
		{"task-2", 4, 4},
		{"task-3", 1, 1},
		{"T42", 2, 2},
		{"deploy.2026-12-01", 3, 4},
		{"review_7", 4, 5},
		{"0", 4, 5},
		{"x-y-z", 3, 4},
		{"ABC", 4, 6},
		{"nightly-1000", 1, 5},
		{"docs.update.v2", 2, 3},
	}
	for _, c := range cases {
		if got := ShardOf(c.id, 4); got != c.of4 {
			t.Errorf("ShardOf(%q, 4) = %d, want %d", c.id, got, c.of4)
		}
		if got := ShardOf(c.id, 7); got != c.of7 {
			t.Errorf("ShardOf(%q, 7) = %d, want %d", c.id, got, c.of7)
		}
		if got := ShardOf(c.id, 1); got != 1 {
			t.Errorf("ShardOf(%q, 1) = %d, want 1", c.id, got)
		}
	}
}

func TestShardOfIsBalanced(t *testing.T) {
	const ids, shards = 10000, 8
	rng := rand.New(rand.NewPCG(16, 8))
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-"
	counts := make([]int, shards+1)
	for range ids {
		id := []byte{alphabet[rng.IntN(62)]}
		for n := 4 + rng.IntN(28); n > 0; n-- {
			id = append(id, alphabet[rng.IntN(len(alphabet))])
		}
		counts[ShardOf(string(id), shards)]++
	}
	mean := ids / shards
	for i := 1; i <= shards; i++ {
		if c := counts[i]; c < mean*9/10 || c > mean*11/10 {
			t.Errorf("shard %d/%d got %d of %d ids; want within ±10%% of %d", i, shards, c, ids, mean)
		}
	}
	if counts[0] != 0 {
		t.Errorf("%d ids fell in shard 0; shards are 1-based", counts[0])
	}
}

func TestParseShard(t *testing.T) {
	good := map[string]Shard{"1/1": {1, 1}, "2/4": {2, 4}, "4/4": {4, 4}, " 3/8 ": {3, 8}}
	for in, want := range good {
		if got, err := ParseShard(in); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0/4", "5/4", "1/0", "0/0", "-1/3", "2", "a/b", "1/2/3", "", "1.5/2", "/4"} {
		if got, err := ParseShard(in); err == nil {
			t.Errorf("ParseShard(%q) = %v; want an error", in, got)
		}
	}
}

func TestShardHolds(t *testing.T) {
	if !(Shard{}).Holds("any") {
		t.Error("the zero Shard must hold every task")
	}
	for _, id := range []string{"a", "task-1", "T42"} {
		held := 0
		for i := 1; i <= 5; i++ {
			if (Shard{i, 5}).Holds(id) {
				held++
			}
		}
		if held != 1 {
			t.Errorf("%q is held by %d of 5 shards; want exactly 1", id, held)
		}
	}
}
