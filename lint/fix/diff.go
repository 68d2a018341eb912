package fix

import (
	"bytes"
	"fmt"
	"io"
)

// contextLines is how many unchanged lines surround a hunk, as git's default.
const contextLines = 3

// WriteDiff prints the changes as a unified diff with a/ and b/ prefixes,
// one hunk per run of changed lines, that `git apply` accepts. Lines keep
// their own endings (a CRLF line is printed with its CR), and a last line
// without a newline is marked so.
func WriteDiff(w io.Writer, changes []Change) error {
	var buf bytes.Buffer
	for _, c := range changes {
		fmt.Fprintf(&buf, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", c.Path, c.Path, c.Path, c.Path)
		old, new := splitLines(c.Old), splitLines(c.New)
		for _, h := range hunks(old, new) {
			h.write(&buf, old, new)
		}
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// splitLines cuts b after every '\n'; the last line may lack one.
func splitLines(b []byte) []string {
	var out []string
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, string(b))
			break
		}
		out = append(out, string(b[:i+1]))
		b = b[i+1:]
	}
	return out
}

// hunk is old[o0:o1] replaced by new[n0:n1], context included.
type hunk struct{ o0, o1, n0, n1 int }

// hunks finds the changed runs with the lines' longest common subsequence
// and groups runs closer than 2*contextLines lines into one hunk.
func hunks(old, new []string) []hunk {
	ops := lineOps(old, new)
	var out []hunk
	i, j := 0, 0
	for k := 0; k < len(ops); {
		if ops[k] == '=' {
			i, j, k = i+1, j+1, k+1
			continue
		}
		h := hunk{o0: max(i-contextLines, 0), n0: max(j-contextLines, 0)}
		if len(out) > 0 && out[len(out)-1].o1 >= h.o0 {
			h = out[len(out)-1]
			out = out[:len(out)-1]
		}
		for k < len(ops) && ops[k] != '=' {
			if ops[k] == '-' {
				i++
			} else {
				j++
			}
			k++
		}
		h.o1, h.n1 = min(i+contextLines, len(old)), min(j+contextLines, len(new))
		out = append(out, h)
	}
	return out
}

// lineOps is the edit script from old to new: '=' keep, '-' delete, '+'
// insert. Common leading and trailing lines are kept first; the middle
// goes through Myers' O(ND) search, since fixes change few lines. Past
// maxEdits differences the middle is replaced whole, which is still a
// correct diff.
func lineOps(old, new []string) []byte {
	pre := 0
	for pre < len(old) && pre < len(new) && old[pre] == new[pre] {
		pre++
	}
	suf := 0
	for suf < len(old)-pre && suf < len(new)-pre && old[len(old)-1-suf] == new[len(new)-1-suf] {
		suf++
	}
	ops := bytes.Repeat([]byte{'='}, pre)
	ops = append(ops, myers(old[pre:len(old)-suf], new[pre:len(new)-suf])...)
	return append(ops, bytes.Repeat([]byte{'='}, suf)...)
}

// maxEdits bounds the Myers search (and its memory, maxEdits² words).
const maxEdits = 2000

// myers returns a shortest edit script, deletions before insertions.
func myers(a, b []string) []byte {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return wholeReplace(n, m)
	}
	off := min(n+m, maxEdits) + 1
	v := make([]int, 2*off+1)
	var trace [][]int
	for d := 0; d <= n+m && d <= maxEdits; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			x := 0
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, off, n, m, d)
			}
		}
	}
	return wholeReplace(n, m)
}

// backtrack walks the saved frontiers back from (n, m) to build the
// script.
func backtrack(trace [][]int, off, x, y, d int) []byte {
	var rev []byte
	for ; d > 0; d-- {
		v := trace[d]
		k := x - y
		var pk int
		if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := v[off+pk]
		py := px - pk
		for x > px && y > py {
			rev, x, y = append(rev, '='), x-1, y-1
		}
		if pk == k+1 {
			rev, y = append(rev, '+'), y-1
		} else {
			rev, x = append(rev, '-'), x-1
		}
	}
	for x > 0 && y > 0 {
		rev, x, y = append(rev, '='), x-1, y-1
	}
	ops := make([]byte, len(rev))
	for i, op := range rev {
		ops[len(rev)-1-i] = op
	}
	return ops
}

func wholeReplace(n, m int) []byte {
	return append(bytes.Repeat([]byte{'-'}, n), bytes.Repeat([]byte{'+'}, m)...)
}

func (h hunk) write(buf *bytes.Buffer, old, new []string) {
	fmt.Fprintf(buf, "@@ -%s +%s @@\n", hunkRange(h.o0, h.o1), hunkRange(h.n0, h.n1))
	ops := lineOps(old[h.o0:h.o1], new[h.n0:h.n1])
	i, j := h.o0, h.n0
	for _, op := range ops {
		switch op {
		case '=':
			writeLine(buf, ' ', old[i])
			i, j = i+1, j+1
		case '-':
			writeLine(buf, '-', old[i])
			i++
		case '+':
			writeLine(buf, '+', new[j])
			j++
		}
	}
}

// hunkRange is "start,count" with 1-based start; an empty range names the
// line before it, as diff does.
func hunkRange(from, to int) string {
	if to == from {
		return fmt.Sprintf("%d,0", from)
	}
	return fmt.Sprintf("%d,%d", from+1, to-from)
}

func writeLine(buf *bytes.Buffer, mark byte, line string) {
	buf.WriteByte(mark)
	buf.WriteString(line)
	if len(line) == 0 || line[len(line)-1] != '\n' {
		buf.WriteString("\n\\ No newline at end of file\n")
	}
}
