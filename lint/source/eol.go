package source

import "bytes"

// LineEnding is the file's own line ending: "\r\n" when its first line
// ends so, "\n" otherwise. Edits that insert lines use it so a CRLF file
// stays CRLF.
func LineEnding(src []byte) string {
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}
