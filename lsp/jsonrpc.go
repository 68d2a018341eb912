// Package lsp is `squadci lsp`: a Language Server Protocol server over
// stdio that lints the open buffers with the lint engine, over an overlay of
// the files on disk, and publishes the findings as diagnostics, with their
// fixes as quick fixes and their rules' documentation on hover.
//
// JSON-RPC 2.0 and the protocol types are written here, not taken from a
// library: the server needs a dozen methods and a handful of types, a
// dependency would add a module download to every build for code mostly
// unused, and owning the framing gives full control over malformed input (a
// bad header, a body that is not JSON, a message far too large), which must
// be logged and survived, never a panic or a stalled connection.
package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/squadci/squadci/internal/textutil"
)

// maxMessage bounds one message's body. A body announced larger is read and
// discarded, so the stream stays in step, and reported.
const maxMessage = 256 << 20

// maxHeader bounds one header line.
const maxHeader = 4 << 10

// JSON-RPC error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
	codeInvalidAfter   = -32600 // a request after shutdown
)

// message is any JSON-RPC 2.0 message: a request (ID and Method), a
// notification (Method only) or a response (ID, with Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isRequest reports a message that expects a response.
func (m *message) isRequest() bool { return len(m.ID) > 0 && string(m.ID) != "null" && m.Method != "" }

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (code %d)", e.Message, e.Code) }

// response is an outgoing response; Result is always present on success
// (null included), as JSON-RPC requires.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

type outgoing struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  any             `json:"params,omitempty"`
}

// frameError is a message that could not be framed or decoded; the reader
// has skipped it and can go on.
type frameError struct {
	msg string
	id  json.RawMessage // the request's id when it could be recovered
}

func (e *frameError) Error() string { return e.msg }

// reader reads Content-Length framed messages.
type reader struct {
	r *bufio.Reader
}

func newReader(r io.Reader) *reader { return &reader{r: bufio.NewReaderSize(r, 64<<10)} }

// read returns the next message. io.EOF means the stream ended between
// messages; a *frameError means one message was bad and skipped; any other
// error ends the stream.
func (r *reader) read() (*message, error) {
	length, err := r.header()
	if err != nil {
		return nil, err
	}
	if length > maxMessage {
		if _, err := io.CopyN(io.Discard, r.r, int64(length)); err != nil {
			return nil, unexpectedEOF(err)
		}
		return nil, &frameError{msg: fmt.Sprintf("message of %d bytes skipped: the limit is %d", length, maxMessage)}
	}
	// Grown as the bytes arrive: a header announcing more than follows
	// costs no more memory than what does follow.
	var buf bytes.Buffer
	buf.Grow(min(length, 1<<20))
	if _, err := io.CopyN(&buf, r.r, int64(length)); err != nil {
		return nil, unexpectedEOF(err)
	}
	body := buf.Bytes()
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, &frameError{msg: "message is not JSON: " + shortJSONError(err)}
	}
	if m.Method == "" && len(m.ID) == 0 {
		return nil, &frameError{msg: "message has neither a method nor an id"}
	}
	if m.Method == "" && m.Result == nil && m.Error == nil {
		return nil, &frameError{msg: "request has no method", id: m.ID}
	}
	return &m, nil
}

func unexpectedEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// header reads one header block and returns its Content-Length. A block
// without a valid one is reported as a *frameError after it is read whole,
// so the next block is read from the right place.
func (r *reader) header() (int, error) {
	length, problem, lines := -1, "", 0
	for {
		line, err := r.line()
		if err != nil {
			if errors.Is(err, io.EOF) && lines == 0 {
				return 0, io.EOF
			}
			return 0, unexpectedEOF(err)
		}
		if line == "" {
			if lines == 0 {
				continue // stray blank lines between messages
			}
			break
		}
		lines++
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			problem = fmt.Sprintf("header line %q has no colon", textutil.Abbreviate(line, 60))
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				problem = fmt.Sprintf("Content-Length %q is not a length", textutil.Abbreviate(strings.TrimSpace(value), 30))
				continue
			}
			length = n
		}
	}
	if problem != "" {
		if length >= 0 { // the body's length is known: skip it, stay in step
			if _, err := io.CopyN(io.Discard, r.r, int64(length)); err != nil {
				return 0, unexpectedEOF(err)
			}
		}
		return 0, &frameError{msg: "bad header: " + problem + "; the message is skipped"}
	}
	if length < 0 {
		return 0, &frameError{msg: "bad header: no Content-Length"}
	}
	return length, nil
}

// line reads a header line without its "\r\n" (or "\n"), at most maxHeader
// bytes; a longer line is consumed and reported.
func (r *reader) line() (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := r.r.ReadSlice('\n')
		if long = long || len(b)+len(chunk) > maxHeader; !long {
			b = append(b, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return "", err
		}
		if long {
			return "header line longer than 4096 bytes", nil // no colon: a bad header
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

func shortJSONError(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s at byte %d", se.Error(), se.Offset)
	}
	return err.Error()
}

// writer writes framed messages; safe for concurrent use.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "Content-Length: %d\r\n\r\n", len(body))
	buf.Write(body)
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err = w.w.Write(buf.Bytes())
	return err
}
