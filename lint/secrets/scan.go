package secrets

import (
	"cmp"
	"slices"
	"strings"
)

// cand is a candidate match of rules[rule]; key is the name a generic value
// is assigned to.
type cand struct {
	start, end, rule int
	key              string
}

// Scan returns the credential-shaped runs in text (raw file bytes or a decoded
// string value), sorted by Start and non-overlapping. Where candidates
// overlap, the earliest and then the longest wins; a specific family always
// wins over generic-secret.
func Scan(text string) []Match {
	return resolve(scan(text, nil))
}

// ScanKeyValue scans a decoded value whose name is key (a JSON member name or
// YAML key): Scan(value), plus the generic rule with key as the name. Offsets
// are into value. A mapping key passed as its own value (a walker scanning
// the key scalar of `"API_KEY": ...`) is not a value of itself, and a
// digest keyed by a file path (`"src/auth/token.ts": "<sha256 hex>"`) is the
// file's hash, not a secret.
func ScanKeyValue(key, value string) []Match {
	cs := scan(value, nil)
	if isSecretName(key) && strings.TrimSpace(value) != key {
		if s, e, ok := keyedValue(value); ok && !isDigestOf(key, false, value[s:e]) {
			cs = append(cs, cand{start: s, end: e, rule: genericRule, key: key})
		}
	}
	return resolve(cs)
}

// scan appends every rule's candidates in text to dst.
func scan(text string, dst []cand) []cand {
	var pos [maxKeywords]int
	seen := kw.firstHits(text, &pos)
	if seen == 0 {
		return dst
	}
	for ri := range rules {
		r := &rules[ri]
		hit := seen & r.mask
		if hit == 0 {
			continue
		}
		from := len(text)
		for b := range pos {
			if hit&(1<<b) != 0 {
				from = min(from, pos[b])
			}
		}
		from = max(0, from-r.back)
		n := len(dst)
		if r.find != nil {
			dst = r.find(text, from, dst)
		} else {
			dst = r.findRegexp(text, from, dst)
		}
		for i := n; i < len(dst); i++ {
			dst[i].rule = ri
		}
	}
	return dst
}

func (r *rule) findRegexp(text string, from int, dst []cand) []cand {
	for _, m := range r.re().FindAllStringSubmatchIndex(text[from:], -1) {
		s, e := m[2*r.group], m[2*r.group+1]
		if s < 0 || s == e {
			continue
		}
		s, e = s+from, e+from
		if r.ok == nil || r.ok(text, s, e) {
			dst = append(dst, cand{start: s, end: e})
		}
	}
	return dst
}

// resolve keeps, among overlapping candidates, the earliest and then the
// longest (ties go to the earlier rule). Specific rules are resolved first;
// a generic candidate survives only where no specific one overlaps it.
func resolve(cs []cand) []Match {
	if len(cs) == 0 {
		return nil
	}
	slices.SortFunc(cs, func(a, b cand) int {
		return cmp.Or(
			cmp.Compare(tier(a), tier(b)),
			cmp.Compare(a.start, b.start),
			cmp.Compare(b.end, a.end),
			cmp.Compare(a.rule, b.rule))
	})
	split, _ := slices.BinarySearchFunc(cs, 1, func(c cand, t int) int { return cmp.Compare(tier(c), t) })
	specific := keepDisjoint(cs[:split], nil)
	general := keepDisjoint(cs[split:], specific)

	out := make([]Match, 0, len(specific)+len(general))
	for len(specific)+len(general) > 0 {
		var c cand
		if len(general) == 0 || len(specific) > 0 && specific[0].start < general[0].start {
			c, specific = specific[0], specific[1:]
		} else {
			c, general = general[0], general[1:]
		}
		r := &rules[c.rule]
		out = append(out, Match{Family: r.family, Description: r.desc, Key: shownKey(c.key), Start: c.start, End: c.end})
	}
	return out
}

func tier(c cand) int {
	if rules[c.rule].generic {
		return 1
	}
	return 0
}

// keepDisjoint filters cs (sorted by start, longest first) in place to the
// greedy non-overlapping subset that also avoids every interval in taken
// (sorted and disjoint).
func keepDisjoint(cs, taken []cand) []cand {
	kept := cs[:0]
	t := 0
	for _, c := range cs {
		if len(kept) > 0 && c.start < kept[len(kept)-1].end {
			continue
		}
		for t < len(taken) && taken[t].end <= c.start {
			t++
		}
		if t < len(taken) && taken[t].start < c.end {
			continue
		}
		kept = append(kept, c)
	}
	return kept
}
