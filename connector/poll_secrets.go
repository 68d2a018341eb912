package connector

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/squadci/squadci/internal/nofollow"
	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

var ruleResultSecretValue = diag.Register(diag.Rule{
	ID: "CN324", Name: "result-secret-value", Severity: diag.SeverityError, Domain: "result",
	Short: "An adapter wrote the value of a variable passed to it into its result, an artifact or a file name",
	Full: "The values of the variables a poll passes to an adapter (adapters.<id>.env, the action's adapter-env) " +
		"are masked in what squadci prints, but what the adapter writes is uploaded by the poll job and " +
		"committed by the resume job. So after each run the poll looks for every passed value of at least " +
		"8 characters, as written and in its common encodings (standard and URL-safe base64 at any " +
		"alignment, hexadecimal, URL escaping, JSON string escapes), in the result, in every file the run " +
		"created under the task's deliverable roots (contents and paths) and in the names of the files in " +
		"the mailbox. A hit fails the task: the leaking files are removed and the result is replaced by a " +
		"failed one that names the variables, never their values (a run that wrote no result is retried like " +
		"any run without one). Only the poll knows the values, so lint " +
		"and resume never report this rule.",
	Help: "Make the adapter keep credentials out of what it writes: use them to call services, never print, " +
		"encode or store them; then dispatch the work again.",
	Consumer: "What the adapter wrote is uploaded by squadci poll and committed by squadci resume, so the secret would be published. Error: a security property breaks.",
})

// minLeakLength is the shortest passed value looked for: shorter values
// (a port, "true") would match ordinary text.
const minLeakLength = 8

// leakNeedle is one form of one passed value.
type leakNeedle struct {
	name string // the variable
	form []byte
}

// secretLeak is one place a passed value was found.
type secretLeak struct {
	Name string // the variable, never its value
	Path string // repository-relative
	// InName is set when the path itself holds the value.
	InName bool
}

// leakNeedles lists every form of the adapter's passed values worth
// looking for, longest first.
func leakNeedles(env []string) []leakNeedle {
	var out []leakNeedle
	seen := map[string]bool{}
	add := func(name, form string) {
		if len(form) >= minLeakLength && !seen[name+"\x00"+form] {
			seen[name+"\x00"+form] = true
			out = append(out, leakNeedle{name: name, form: []byte(form)})
		}
	}
	for _, kv := range env {
		name, v, _ := strings.Cut(kv, "=")
		if len(v) < minLeakLength {
			continue
		}
		add(name, v)
		add(name, hex.EncodeToString([]byte(v)))
		add(name, strings.ToUpper(hex.EncodeToString([]byte(v))))
		add(name, url.QueryEscape(v))
		add(name, url.PathEscape(v))
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			for _, form := range base64Forms(enc, v) {
				add(name, form)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b leakNeedle) int { return len(b.form) - len(a.form) })
	return out
}

// base64Forms are the runs of base64 text that v's bytes produce at each
// of the three offsets it may start at in a longer encoded stream: the
// characters that depend on v's bytes alone.
func base64Forms(enc *base64.Encoding, v string) []string {
	var out []string
	for k := 0; k < 3; k++ {
		padded := append(make([]byte, k), v...)
		text := enc.EncodeToString(padded)
		start := 0
		if k > 0 {
			start = 4 // the first group mixes in the bytes before v
		}
		end := len(padded) / 3 * 4 // a last partial group mixes in the bytes after v
		if end > start {
			out = append(out, text[start:end])
		}
	}
	return out
}

// leakIn returns the name of the first variable whose value is in b.
func leakIn(needles []leakNeedle, b []byte) string {
	for _, n := range needles {
		if bytes.Contains(b, n.form) {
			return n.name
		}
	}
	return ""
}

// leakInJSON also looks in the decoded strings (names included) of a JSON
// text, where escapes ("\u0041") can hide a value.
func leakInJSON(needles []leakNeedle, src []byte) string {
	doc := source.ParseJSON(src)
	if doc.Root == nil {
		return ""
	}
	var found string
	var walk func(v *source.Value)
	walk = func(v *source.Value) {
		if found != "" || v == nil {
			return
		}
		if name := leakIn(needles, []byte(v.Key)); name != "" {
			found = name
			return
		}
		if v.Kind == source.KindString {
			found = leakIn(needles, []byte(v.Str))
		}
		for _, m := range v.Members {
			walk(m)
		}
		for _, e := range v.Elems {
			walk(e)
		}
	}
	walk(doc.Root)
	return found
}

// scanChunk is how much of a file is read at a time.
const scanChunk = 64 << 10

// leakInFile streams a regular file (never through a final link) and
// returns the variable whose value it holds, or "". A file squadci cannot
// open is not searched: merge refuses what is not a regular file.
func leakInFile(ctx context.Context, needles []leakNeedle, abs string) (string, error) {
	f, err := nofollow.Open(abs)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return "", err
	}
	keep := len(needles[0].form) - 1 // the longest form, for values across two chunks
	buf := make([]byte, 0, scanChunk+keep)
	chunk := make([]byte, scanChunk)
	var small []byte // the whole file while it is small, for JSON
	total := 0
	for {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		n, err := f.Read(chunk)
		buf = append(buf, chunk[:n]...)
		if total += n; total <= maxConnectorFileSize {
			small = append(small, chunk[:n]...)
		}
		if name := leakIn(needles, buf); name != "" {
			return name, nil
		}
		if len(buf) > keep {
			buf = append(buf[:0], buf[len(buf)-keep:]...)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", err
		}
	}
	if total <= maxConnectorFileSize {
		return leakInJSON(needles, small), nil
	}
	return "", nil
}

// maxConnectorFileSize bounds what is decoded as JSON: the artifact cap.
const maxConnectorFileSize = 1 << 20

// scanSecrets looks for the adapter's passed values in what the run left
// for the task: the result, every file under its deliverable roots that
// the snapshot does not list, and the names of the mailbox's files.
func (p *poller) scanSecrets(ctx context.Context, listed *Exchange, c *Checked, adapter Adapter) []secretLeak {
	needles := leakNeedles(adapter.Env)
	if len(needles) == 0 || c.Request == nil {
		return nil
	}
	var leaks []secretLeak
	check := func(rel string) {
		if name := leakIn(needles, []byte(rel)); name != "" {
			leaks = append(leaks, secretLeak{Name: name, Path: rel, InName: true})
			return
		}
		if name, _ := leakInFile(ctx, needles, p.abs(rel)); name != "" {
			leaks = append(leaks, secretLeak{Name: name, Path: rel})
		}
	}
	check(resultPath(listed.Mailbox, listed.TaskID))
	known := map[string]bool{}
	if c.Snapshot != nil {
		for _, r := range c.Snapshot.Roots {
			for _, e := range r.Entries {
				known[e] = true
			}
		}
	}
	roots := []string{c.Request.DeliverableRoot}
	for _, o := range c.Request.AllowedOutputs {
		roots = append(roots, o.DeliverableRoot)
	}
	for _, root := range roots {
		if _, safe := CheckSafePath(root, true); !safe {
			continue
		}
		if _, protected := ProtectedRoot(root, p.env.Protected); protected {
			continue
		}
		files, _ := walkFiles(ctx, p.fsys, strings.TrimSuffix(root, "/")+"/")
		for _, rel := range files {
			if !known[rel] {
				check(rel)
			}
		}
	}
	boxFiles, _ := walkFiles(ctx, p.fsys, listed.Mailbox)
	for _, rel := range boxFiles {
		if name := leakIn(needles, []byte(rel)); name != "" {
			leaks = append(leaks, secretLeak{Name: name, Path: rel, InName: true})
		}
	}
	return dedupLeaks(leaks)
}

func dedupLeaks(leaks []secretLeak) []secretLeak {
	slices.SortFunc(leaks, func(a, b secretLeak) int { return strings.Compare(a.Path, b.Path) })
	return slices.CompactFunc(leaks, func(a, b secretLeak) bool { return a.Path == b.Path })
}

func resultPath(mailbox, taskID string) string {
	return strings.TrimSuffix(mailbox, "/") + "/" + taskID + ".result.json"
}

// refuseLeaks removes every leaking file and, when the adapter wrote a
// result, replaces it with a failed one that names the variables (never
// their values), so the task fails whole and no later run or resume
// takes a leaking file. It returns the findings, which name no value.
func (p *poller) refuseLeaks(leaks []secretLeak, c *Checked) []diag.Diagnostic {
	result := resultPath(c.Exchange.Mailbox, c.Exchange.TaskID)
	var ds []diag.Diagnostic
	var names []string
	for _, l := range leaks {
		where := "its contents hold"
		if l.InName {
			where = "its path holds"
		}
		shown := l.Path
		if l.InName {
			shown = "a file (path withheld)"
		}
		if err := os.Remove(p.abs(l.Path)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			ds = append(ds, ruleResultSecretValue.At(result, diag.Span{}, "%s: %s the value of %s, and it could not be removed: %v",
				shown, where, l.Name, errors.Unwrap(err)))
		} else {
			ds = append(ds, ruleResultSecretValue.At(result, diag.Span{}, "%s: %s the value of %s; removed", shown, where, l.Name))
		}
		if !slices.Contains(names, l.Name) {
			names = append(names, l.Name)
		}
	}
	if c.Request != nil && c.Exchange.Result != nil {
		if err := writeAtomic(p.abs(result), leakResult(c.Request, names, p.now()), 0o644, true); err != nil {
			ds = append(ds, ruleResultSecretValue.At(result, diag.Span{}, "replacing the result with a failed one: %v", err))
		}
	}
	return ds
}

// leakResult is the failed envelope that replaces a leaking result.
func leakResult(req *Request, names []string, now time.Time) []byte {
	res := &ResultFile{
		SchemaVersion: req.SchemaVersion, ConnectorID: req.ConnectorID, TaskID: req.TaskID, Role: req.Role,
		BindingID: req.BindingID, Status: StatusFailed,
		Narrative: "squadci poll refused this run's result: the adapter wrote the value of " + strings.Join(names, ", ") +
			" (passed to it as a secret) into what it left for the task [" + ruleResultSecretValue.ID + "]. The leaking files were removed.",
		Artifacts:   []ArtifactEntry{},
		CompletedAt: FormatTimestamp(now.UTC().Truncate(time.Second)),
	}
	// An orchestrator returns its (here: no) artifacts slot by slot.
	for _, o := range req.AllowedOutputs {
		res.Outputs = append(res.Outputs, OutputEntry{OutputID: o.OutputID, Artifacts: []ArtifactEntry{}})
	}
	return encodeJSON(res)
}

// checkSecrets is the poll's last check of a run (CN324): when the
// adapter left a passed value anywhere in what the task uploads, the
// leaking files are removed, its result is replaced by a failed one, and
// the decision the poll reports is failed with the findings. Otherwise c
// and d come back unchanged.
func (p *poller) checkSecrets(ctx context.Context, listed *Exchange, c *Checked, d TaskDecision, adapter Adapter) (*Checked, TaskDecision) {
	leaks := p.scanSecrets(ctx, listed, c, adapter)
	if len(leaks) == 0 {
		return c, d
	}
	ds := p.refuseLeaks(leaks, c)
	after, decided, err := p.check(listed)
	if err != nil {
		after, decided = c, d // the refusal below decides it all the same
	}
	decided.Changed = false
	decided.Status, decided.Reason, decided.Rules = StatusFailed, ReasonInvalidResult, []string{ruleResultSecretValue.ID}
	decided.Artifacts = nil
	decided.Failures = nil
	for _, f := range ds {
		decided.Failures = append(decided.Failures, Failure{Rule: f.Rule, Path: f.Path, Message: f.Message})
	}
	return after, decided
}
