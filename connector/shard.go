package connector

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard selects the tasks one of N pollers handles (scale.md, invariant
// 1): shard I of N, 1-based. The zero Shard selects every task.
type Shard struct {
	Index, Count int
}

// ShardOf is the 1-based shard of taskID among n: FNV-1a 64 of the
// taskId's UTF-8 bytes, mod n, plus 1. The hash is fixed by its
// specification (not Go's map or maphash seeds), so every machine and Go
// version partitions a checkout the same way.
func ShardOf(taskID string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(taskID))
	return int(h.Sum64()%uint64(n)) + 1
}

// Holds says whether the shard handles taskID.
func (s Shard) Holds(taskID string) bool {
	return s.Count <= 1 || ShardOf(taskID, s.Count) == s.Index
}

// String is the shard as --shard takes it ("" for the zero Shard).
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// ParseShard reads "I/N": whole numbers with 1 <= I <= N.
func ParseShard(s string) (Shard, error) {
	i, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	index, err1 := strconv.Atoi(i)
	count, err2 := strconv.Atoi(n)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("shard %q is not I/N (two whole numbers, e.g. 2/4)", s)
	case count < 1:
		return Shard{}, fmt.Errorf("shard %q: N is %d; it must be at least 1", s, count)
	case index < 1 || index > count:
		return Shard{}, fmt.Errorf("shard %q: I is %d; it must be from 1 to N (%d)", s, index, count)
	}
	return Shard{Index: index, Count: count}, nil
}
