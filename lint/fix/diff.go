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
// insert. The files fixes touch are small, so the quadratic table is fine.
func lineOps(old, new []string) []byte {
	n, m := len(old), len(new)
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if old[i] == new[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []byte
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && old[i] == new[j]:
			ops, i, j = append(ops, '='), i+1, j+1
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops, i = append(ops, '-'), i+1 // deletions first, as diff prints them
		default:
			ops, j = append(ops, '+'), j+1
		}
	}
	return ops
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
