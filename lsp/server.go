package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"
)

// Options configure a server.
type Options struct {
	// Debounce is how long a change waits for the next one before the
	// buffers are linted; 0 lints at once. Opening and saving a file lint
	// at once either way.
	Debounce time.Duration
	// Relist is how old a root's file listing may be when a lint starts;
	// an older one is made again, so files created or deleted outside the
	// editor are seen. 0 means 5 s. A client that watches files makes it
	// again at once on a create or delete.
	Relist time.Duration
	// Version is the server's version in the initialize result.
	Version string
	// Log receives every logged error and warning (stderr in `squadci
	// lsp`); nil means nowhere. They are also sent as window/logMessage.
	Log io.Writer
}

// DefaultDebounce is `squadci lsp`'s debounce.
const DefaultDebounce = 150 * time.Millisecond

// Serve runs the server on in and out until the client sends exit or the
// input ends, and returns the process's exit code: 0 after shutdown then
// exit, 1 otherwise (as the protocol specifies).
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) int {
	if opts.Relist <= 0 {
		opts.Relist = 5 * time.Second
	}
	ctx, cancel := context.WithCancel(ctx)
	s := &server{opts: opts, ctx: ctx, out: &writer{w: out}, docs: map[string]*document{}}
	defer func() {
		cancel()
		s.stopRoots()
	}()
	r := newReader(in)
	for {
		m, err := r.read()
		var fe *frameError
		switch {
		case errors.As(err, &fe):
			s.logf(levelError, "%s", fe.msg)
			if len(fe.id) > 0 || strings.HasPrefix(fe.msg, "message is not JSON") {
				s.replyError(fe.id, codeOf(fe), fe.msg)
			}
			continue
		case errors.Is(err, io.EOF):
			return 1 // the client went away without exit
		case err != nil:
			s.logf(levelError, "reading the input: %v", err)
			return 1
		}
		if m.Method == "exit" {
			if s.isShutdown() {
				return 0
			}
			return 1
		}
		s.handle(m)
	}
}

func codeOf(fe *frameError) int {
	if strings.HasPrefix(fe.msg, "message is not JSON") {
		return codeParseError
	}
	return codeInvalidRequest
}

// server is one connection's state. mu guards docs, roots and the flags;
// the roots' lint workers take it to snapshot the buffers and to store
// their results, never while linting.
type server struct {
	opts Options
	ctx  context.Context
	out  *writer

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	watch       bool // the client can register file watchers
	roots       []*root
	docs        map[string]*document // by URI, as the client spells it
	nextID      int
}

func (s *server) isShutdown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown
}

// handle answers one message, turning a panic into a logged error (and an
// internal-error response to a request): the server keeps serving.
func (s *server) handle(m *message) {
	defer func() {
		if r := recover(); r != nil {
			s.logf(levelError, "internal error handling %s: %v\n%s", m.Method, r, debug.Stack())
			if m.isRequest() {
				s.replyError(m.ID, codeInternalError, fmt.Sprintf("internal error: %v", r))
			}
		}
	}()
	if m.Method == "" {
		return // a response to a request of ours (registerCapability)
	}
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	if !m.isRequest() {
		if initialized && !shutdown {
			s.notification(m)
		}
		return
	}
	switch {
	case m.Method == "initialize" && initialized:
		s.replyError(m.ID, codeInvalidRequest, "initialize was already received")
	case m.Method == "initialize":
		s.reply(m.ID, s.initialize(m.Params))
	case !initialized:
		s.replyError(m.ID, codeNotInitialized, "the server is not initialized: send initialize first")
	case shutdown:
		s.replyError(m.ID, codeInvalidAfter, "the server is shut down: only exit is accepted")
	default:
		s.request(m)
	}
}

func (s *server) request(m *message) {
	var result any
	var err error
	switch m.Method {
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		s.stopRoots()
	case "textDocument/hover":
		var p textDocumentPositionParams
		if err = decode(m.Params, &p); err == nil {
			result = s.hover(p)
		}
	case "textDocument/codeAction":
		var p codeActionParams
		if err = decode(m.Params, &p); err == nil {
			result = s.codeActions(p)
		}
	default:
		s.replyError(m.ID, codeMethodNotFound, fmt.Sprintf("method %q is not supported", m.Method))
		return
	}
	if err != nil {
		s.logf(levelError, "%s: %v", m.Method, err)
		s.replyError(m.ID, codeInvalidParams, err.Error())
		return
	}
	s.reply(m.ID, result)
}

// notification handles a notification; unknown ones are ignored, as the
// protocol asks.
func (s *server) notification(m *message) {
	var err error
	switch m.Method {
	case "initialized":
		s.registerWatchers()
	case "textDocument/didOpen":
		var p didOpenParams
		if err = decode(m.Params, &p); err == nil {
			s.didOpen(p)
		}
	case "textDocument/didChange":
		var p didChangeParams
		if err = decode(m.Params, &p); err == nil {
			err = s.didChange(p)
		}
	case "textDocument/didSave":
		var p didSaveParams
		if err = decode(m.Params, &p); err == nil {
			s.didSave(p)
		}
	case "textDocument/didClose":
		var p didCloseParams
		if err = decode(m.Params, &p); err == nil {
			s.didClose(p)
		}
	case "workspace/didChangeWatchedFiles":
		var p didChangeWatchedFilesParams
		if err = decode(m.Params, &p); err == nil {
			s.didChangeWatchedFiles(p)
		}
	case "workspace/didChangeWorkspaceFolders":
		var p didChangeWorkspaceFoldersParams
		if err = decode(m.Params, &p); err == nil {
			s.didChangeFolders(p)
		}
	}
	if err != nil {
		s.logf(levelError, "%s: %v", m.Method, err)
	}
}

func decode(params json.RawMessage, v any) error {
	if len(params) == 0 {
		return errors.New("no params")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return fmt.Errorf("invalid params: %s", shortJSONError(err))
	}
	return nil
}

func (s *server) initialize(params json.RawMessage) any {
	var p initializeParams
	if err := decode(params, &p); err != nil {
		s.logf(levelWarning, "initialize: %v; starting with no workspace folders", err)
	}
	folders := p.WorkspaceFolders
	if len(folders) == 0 && p.RootURI != "" {
		folders = []workspaceFolder{{URI: p.RootURI}}
	}
	if len(folders) == 0 && p.RootPath != "" {
		folders = []workspaceFolder{{URI: fileURI(p.RootPath)}}
	}
	s.mu.Lock()
	s.initialized = true
	s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	for _, f := range folders {
		s.addRootLocked(f.URI)
	}
	s.mu.Unlock()
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding": "utf-16",
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    1, // full text
				"save":      map[string]any{"includeText": false},
			},
			"hoverProvider":      true,
			"codeActionProvider": map[string]any{"codeActionKinds": []string{"quickfix"}},
			"workspace": map[string]any{
				"workspaceFolders": map[string]any{"supported": true, "changeNotifications": true},
			},
		},
		"serverInfo": map[string]any{"name": "squadci", "version": s.opts.Version},
	}
}

// registerWatchers asks a client that can for file events: creates and
// deletes anywhere (the listing changes), and every change of a config file.
func (s *server) registerWatchers() {
	s.mu.Lock()
	watch := s.watch
	s.nextID++
	id := s.nextID
	s.mu.Unlock()
	if !watch {
		return
	}
	watchers := []map[string]any{{"globPattern": "**/*", "kind": 5}}
	for _, name := range configGlobs {
		watchers = append(watchers, map[string]any{"globPattern": name, "kind": 7})
	}
	s.send(outgoing{JSONRPC: "2.0", ID: json.RawMessage(fmt.Sprint(id)), Method: "client/registerCapability", Params: map[string]any{
		"registrations": []map[string]any{{
			"id": "squadci-watch", "method": "workspace/didChangeWatchedFiles",
			"registerOptions": map[string]any{"watchers": watchers},
		}},
	}})
}

var configGlobs = []string{"**/.squadci.yml", "**/.squadci.yaml", "**/.github/squadci.yml", "**/.github/squadci.yaml"}

func (s *server) reply(id json.RawMessage, result any) {
	s.send(response{JSONRPC: "2.0", ID: id, Result: result})
}

func (s *server) replyError(id json.RawMessage, code int, msg string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	s.send(errorResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

func (s *server) notify(method string, params any) {
	s.send(outgoing{JSONRPC: "2.0", Method: method, Params: params})
}

func (s *server) send(v any) {
	if err := s.out.write(v); err != nil && s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "squadci lsp: writing to the client: %v\n", err)
	}
}

const (
	levelError   = 1
	levelWarning = 2
	levelInfo    = 3
)

// logf logs to Log and to the client's log.
func (s *server) logf(level int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, "squadci lsp: %s\n", msg)
	}
	s.notify("window/logMessage", logMessageParams{Type: level, Message: msg})
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
