package secrets

// Counting runs: a value that counts through the alphabet or the digits
// (0123456789abcdef…, ABCDEFGHIJ…, abc123xyz789, A1b2C3d4…) is typed by a
// person to fill a token's shape; a generator does not produce one. In a
// uniformly random base62 string a step of +1 or −1 has probability about
// 1/31, so a segment made wholly of counting runs of three or more never
// turns up by chance at the lengths compared here.
//
// Only the generic rule and connection-string passwords apply it: a value
// in a provider's token format (ghp_0123456789abcdef…) stays an error
// wherever it appears, as squad's own redaction tests and this project's
// fixtures expect of such a stand-in.

// minCountingSegment is the shortest segment that can count; shorter ones
// (abc, 123) are too common in ordinary identifiers to mean anything.
const minCountingSegment = 6

// longRandomSegment is the length from which a segment that does not count
// shows the value is generated even when another segment counts.
const longRandomSegment = 8

// isCountingValue reports a value whose separated segments (see
// splitSegments) include one that counts and none that is long and does not:
// sk_live_abc123xyz789, abc123def456ghi, 1234567890abcdef-AbCdEf.
func isCountingValue(v string) bool {
	counting := false
	for seg := range splitSegments(v) {
		switch {
		case len(seg) >= minCountingSegment && isCountingSegment(seg):
			counting = true
		case len(seg) >= longRandomSegment:
			return false
		}
	}
	return counting
}

// minInterleaved is the shortest segment read as two interleaved counts:
// shorter ones (918273) are as likely a number someone made up as a fill.
const minInterleaved = 10

// isCountingSegment reports a segment made wholly of counting runs, or of
// two interleaved ones (the letters and digits of A1b2C3d4E5f6).
func isCountingSegment(seg string) bool {
	if countingRuns(seg, 0, 1) || isTypedSegment(seg) {
		return true
	}
	return len(seg) >= minInterleaved && countingRuns(seg, 0, 2) && countingRuns(seg, 1, 2)
}

// isTypedSegment reports a segment of counting runs and words, as people
// type example keys (abc123realkey456, test123456): split where letters and
// digits meet, every part is a counting run or a word (three or more letters
// of one casing with a vowel), and at least one part counts.
func isTypedSegment(seg string) bool {
	counted := false
	for i := 0; i < len(seg); {
		j := i + 1
		for j < len(seg) && isDigit(seg[j]) == isDigit(seg[i]) && isLetter(seg[j]) == isLetter(seg[i]) {
			j++
		}
		part := seg[i:j]
		switch {
		case j-i >= 3 && countingRuns(part, 0, 1):
			counted = true
		case j-i >= 3 && isLetter(part[0]) && oneCasing(part) && hasVowel(part):
		default:
			return false
		}
		i = j
	}
	return counted
}

// countingRuns reports whether the bytes seg[from], seg[from+stride], … split
// into maximal counting runs that are all at least three long.
func countingRuns(seg string, from, stride int) bool {
	if from >= len(seg) {
		return false
	}
	runLen, dir := 1, 0
	for i := from + stride; i < len(seg); i += stride {
		step := countStep(seg[i-stride], seg[i])
		if step != 0 && (dir == 0 || step == dir) {
			runLen, dir = runLen+1, step
			continue
		}
		if runLen < 3 {
			return false
		}
		runLen, dir = 1, 0
	}
	return runLen >= 3
}

// countStep is +1 or −1 when b follows or precedes a in the digits (9 and 0
// adjacent, as in 1234567890) or the letters (case ignored), else 0.
func countStep(a, b byte) int {
	switch {
	case isDigit(a) && isDigit(b):
		switch (int(b) - int(a) + 10) % 10 {
		case 1:
			return 1
		case 9:
			return -1
		}
	case isLetter(a) && isLetter(b):
		switch int(lower(b)) - int(lower(a)) {
		case 1:
			return 1
		case -1:
			return -1
		}
	}
	return 0
}
