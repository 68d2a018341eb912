package connector

// Exchanges: a task's snapshot, request, result and private state in one
// mailbox, checked together. Rule ids by family:
//
//	CN2xx  delegation requests: closed schema, field formats, paths, output
//	       slots, and (cross-file) deliverable roots kept out of mailboxes
//	CN3xx  result envelopes: closed schema, status, narrative, version
//	       fields, orchestrator shape, output slots, every artifact rule
//	       (string checks, roots, snapshot, on disk, caps) and the
//	       untrusted-text warnings
//	CN4xx  snapshots (CN401–CN406) and private task state (CN411–CN420)
//	CN5xx  the exchange as a whole: stray mailbox files, file names,
//	       request ↔ manifest and result ↔ request identity, and the life
//	       cycle (orphans, unsolicited results, tampering, snapshots, late
//	       results, reused task ids, stale task locks)
//
// CheckExchange never writes; Resolve and ResolveTask turn its findings
// into the decision a resume would make, and Dispatch and NewConnector
// write only files that pass the same checks.

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"time"

	"github.com/squadci/squadci/lint/diag"
)

// File is one exchange file: its repository-relative path and bytes. Src is
// nil when the file was listed but could not be read (the reader reported
// why); it still counts as present.
type File struct {
	Path string
	Src  []byte
}

// Exchange is one task's files in one mailbox, grouped by the taskId their
// names stem from. Any of the four may be nil.
type Exchange struct {
	Mailbox  string    // the mailbox directory, "dir/"
	Manifest *Manifest // nil when no manifest declares the mailbox
	TaskID   string    // the file-name stem
	Example  bool      // an examples/ pair: checked on its own, never as a live task

	Request, Result, Snapshot, State *File
	// Lock is the task's lock (.squad-connector/<taskId>.lock) when one is
	// listed: checked for staleness only (CN511), never one of Files().
	Lock *File
}

// Files lists the exchange's present files in life-cycle order.
func (x *Exchange) Files() []*File {
	var out []*File
	for _, f := range [...]*File{x.Snapshot, x.Request, x.Result, x.State} {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}

// GroupExchanges sorts the listed paths that lie in a mailbox into
// exchanges, and reports every file a mailbox must not hold (locks, claims,
// runbooks and archived files are neither). Paths outside every mailbox are
// ignored. The exchanges come back sorted by mailbox and taskId.
func GroupExchanges(ix *MailboxIndex, paths []string) ([]*Exchange, []diag.Diagnostic) {
	byKey := map[string]*Exchange{}
	locks := map[string]string{} // exchange key → its lock's path
	var strays []diag.Diagnostic
	for _, p := range paths {
		box, m, ok := ix.Owner(p)
		if !ok {
			continue
		}
		kind, stem := ClassifyEntry(p[len(box):], box == DropRoot)
		if kind == EntryStray {
			strays = append(strays, strayFinding(p, box))
			continue
		}
		if kind == EntryMergeJournal {
			strays = append(strays, mergeInterruptedFinding(p, stem))
			continue
		}
		example := false
		key := box + "\x00" + stem
		if kind == EntryExampleRequest || kind == EntryExampleResult {
			example, key = true, key+"\x00example"
		}
		if kind == EntryLock && strings.HasPrefix(p[len(box):], stateDir) {
			locks[key] = p // attached below, to an exchange that has files
			continue
		}
		if kind != EntryRequest && kind != EntryResult && kind != EntrySnapshot && kind != EntryState && !example {
			continue // claims, runbooks, the archive and locks beside the request
		}
		x := byKey[key]
		if x == nil {
			x = &Exchange{Mailbox: box, Manifest: m, TaskID: stem, Example: example}
			byKey[key] = x
		}
		f := &File{Path: p}
		switch kind {
		case EntryRequest, EntryExampleRequest:
			x.Request = f
		case EntryResult, EntryExampleResult:
			x.Result = f
		case EntrySnapshot:
			x.Snapshot = f
		case EntryState:
			x.State = f
		}
	}
	out := make([]*Exchange, 0, len(byKey))
	for key, x := range byKey {
		if lock, ok := locks[key]; ok && !x.Example {
			x.Lock = &File{Path: lock}
		}
		out = append(out, x)
	}
	slices.SortFunc(out, func(a, b *Exchange) int {
		if c := strings.Compare(a.Mailbox, b.Mailbox); c != 0 {
			return c
		}
		if a.Example != b.Example {
			if a.Example {
				return 1
			}
			return -1
		}
		return strings.Compare(a.TaskID, b.TaskID)
	})
	return out, strays
}

// Env is what the checks of one exchange may consult beyond its own files.
type Env struct {
	// FS is where artifacts are looked up; nil skips every on-disk check.
	FS FS
	// Mailboxes indexes every manifest's mailbox, so deliverable roots can
	// be kept out of all of them.
	Mailboxes *MailboxIndex
	// Protected are the folders no deliverable root may reach
	// (ProtectedRoot); the zero value protects .git, .github/, connectors/
	// and the repository root.
	Protected Protected
	// Now is the clock a task lock's staleness is judged by; zero means
	// time.Now().
	Now time.Time
}

// Checked is one exchange after CheckExchange: its parsed files (nil when
// absent or not an object) and every finding on any of them.
type Checked struct {
	Exchange *Exchange
	Request  *Request
	Result   *Result
	Snapshot *Snapshot
	State    *State

	Diagnostics []diag.Diagnostic
	// Artifacts are the result's artifact paths that passed every check.
	Artifacts []string
	// ConsumedResult is set when the result is the one the state records
	// as consumed (its bytes hash to resultSha256).
	ConsumedResult bool
}

// ErrorRules returns the sorted, distinct ids of the rules whose findings
// are errors at their default severity: what makes a resume fail the task.
func (c *Checked) ErrorRules() []string {
	var ids []string
	for _, d := range c.Diagnostics {
		if d.Severity == diag.SeverityError {
			ids = append(ids, d.Rule)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// CheckExchange parses every file of x and checks them together: each
// file's own rules, file names against the taskId, the request against its
// manifest, the result against the request (identity, outputs, artifacts on
// disk), the snapshot against the request, and the life cycle the state
// records. It never writes anything. Examples get only the checks that need
// no manifest, state or disk.
func CheckExchange(x *Exchange, env *Env) *Checked {
	if env == nil {
		env = &Env{}
	}
	if env.Mailboxes == nil {
		env.Mailboxes = NewMailboxIndex(nil)
	}
	c := &exchangeCheck{Checked: &Checked{Exchange: x}, x: x, env: env}
	c.parse()
	checkFileNames(c)
	checkResultIdentity(c)
	checkResultOutputs(c)
	checkOrchestratorShape(c)
	checkArtifactRoots(c)
	if !x.Example {
		checkRequestManifest(c)
		checkOrchestratorOutputs(c)
		checkRootsOutsideMailboxes(c)
		checkRootsProtected(c)
		checkSnapshotMatches(c)
		checkOrphanRequest(c)
		checkResultWithoutRequest(c)
		checkTampered(c)
		checkTaskIDReused(c)
		checkLateResult(c)
		checkArtifactsPreexisting(c)
		checkStaleLock(c)
		if env.FS != nil && !c.stateTerminal() {
			checkArtifactsOnDisk(c)
		}
	}
	c.collectValidArtifacts()
	return c.Checked
}

// exchangeCheck is the state of one exchange under check.
type exchangeCheck struct {
	*Checked
	x   *Exchange
	env *Env
	// invalid marks artifacts (by index into Result.Artifacts) that failed
	// a cross-file or on-disk check.
	invalid map[int]bool
	// The parsed files' envelopes, nil when absent or not an object.
	reqEnv, resEnv, snapEnv, stEnv *envelope
}

func (c *exchangeCheck) report(d diag.Diagnostic) { c.Diagnostics = append(c.Diagnostics, d) }

func (c *exchangeCheck) parse() {
	x := c.x
	c.Request = parseFile(c, x.Request, ParseRequest)
	c.Result = parseFile(c, x.Result, ParseResult)
	c.Snapshot = parseFile(c, x.Snapshot, ParseSnapshot)
	c.State = parseFile(c, x.State, ParseState)
	if c.Request != nil {
		c.reqEnv = &c.Request.env
	}
	if c.Result != nil {
		c.resEnv = &c.Result.env
	}
	if c.Snapshot != nil {
		c.snapEnv = &c.Snapshot.env
	}
	if c.State != nil {
		c.stEnv = &c.State.env
	}
	if c.State != nil && c.Result != nil && c.State.ResultSha256 != "" {
		c.ConsumedResult = sha256Hex(x.Result.Src) == c.State.ResultSha256
	}
}

// parseFile parses one present, readable file of the exchange.
func parseFile[T any](c *exchangeCheck, f *File, parse func(string, []byte) (*T, []diag.Diagnostic)) *T {
	if f == nil || f.Src == nil {
		return nil
	}
	v, ds := parse(f.Path, f.Src)
	c.Diagnostics = append(c.Diagnostics, ds...)
	return v
}

// stateTerminal reports a state whose status is already final.
func (c *exchangeCheck) stateTerminal() bool { return c.State != nil && isTerminal(c.State.Status) }

// invalidate marks artifact i as failing a check.
func (c *exchangeCheck) invalidate(i int) {
	if c.invalid == nil {
		c.invalid = map[int]bool{}
	}
	c.invalid[i] = true
}

func (c *exchangeCheck) collectValidArtifacts() {
	if c.Result == nil {
		return
	}
	for i, a := range c.Result.Artifacts {
		// An artifact whose root the request does not name (no request, an
		// undeclared output slot) is never validated, so never reported.
		if a.Valid && !c.invalid[i] && c.artifactRoot(&a) != "" {
			c.Artifacts = append(c.Artifacts, a.Path)
		}
	}
}

// SHA256Hex is the lowercase hex SHA-256 of b, as state files record it.
func SHA256Hex(b []byte) string { return sha256Hex(b) }

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// fileStart is the span findings about a whole file use when the file has
// no object to point into.
var fileStart = diag.Span{}
