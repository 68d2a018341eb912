package connector

import (
	"context"
	"path/filepath"
	"time"

	"github.com/squadci/squadci/lint/secrets"
)

// AdapterCall is one adapter run outside a poll pass, as the conformance
// kit makes them: the same trusted argv, environment, timeout and process
// group handling as a poll, without a claim.
type AdapterCall struct {
	Dir     string   // working directory: the repository root
	Argv    []string // from trusted configuration; the request path is appended
	Request string   // repository-relative request path
	// Env is the whole environment; TaskEnv gives the SQUADCI_* variables.
	Env     []string
	Timeout time.Duration
	// Masks are the values of the adapter's own variables, masked in the
	// output kept.
	Masks []string
	// OutputLimit is how much output is kept; 0 means DefaultOutputLimit.
	OutputLimit int
}

// RunAdapter runs the adapter as a poll runs it (runAdapter): without a
// shell, in a process group of its own that is killed when the adapter
// exits or its timeout ends, keeping the masked tail of its output.
func RunAdapter(ctx context.Context, call AdapterCall) *AdapterRun {
	if len(call.Argv) == 0 {
		return &AdapterRun{ExitCode: -1, NotStarted: true, Error: "the command is empty", Duration: "0s"}
	}
	limit := call.OutputLimit
	if limit <= 0 {
		limit = DefaultOutputLimit
	}
	return runAdapter(ctx, adapterCall{dir: call.Dir, argv: call.Argv, request: call.Request, env: call.Env,
		timeout: max(call.Timeout, time.Millisecond), limit: limit, mask: secrets.NewValues(call.Masks...)})
}

// TaskEnv are the variables a poll adds for one task's run.
func TaskEnv(taskID, request, deliverableRoot string) []string {
	return []string{"SQUADCI_TASK_ID=" + taskID, "SQUADCI_REQUEST=" + request, "SQUADCI_DELIVERABLE_ROOT=" + deliverableRoot}
}

// CheckAdapterCommands checks, as Poll does before it claims anything, that
// every adapter command configured for one of the manifests can be run
// from the repository root: an *AdapterCommandError otherwise.
func CheckAdapterCommands(root string, ms []*Manifest, adapters map[string]Adapter) error {
	return checkAdapters(root, ms, adapters)
}

// SecretLeak is a file that holds, or whose path holds, the value of a
// variable passed to an adapter. It names the variable, never the value.
type SecretLeak struct {
	Path     string // root-relative
	Variable string
	InName   bool // the path itself holds the value
}

// FindSecretLeaks looks, as a poll does after each run (CN324), for the
// values of env (NAME=VALUE; values shorter than 8 characters are not
// looked for) in each file of paths below root and in the paths
// themselves: as written, in standard and URL-safe base64, hexadecimal,
// URL escaping, and in the decoded strings of a JSON text.
func FindSecretLeaks(ctx context.Context, root string, paths, env []string) ([]SecretLeak, error) {
	needles := leakNeedles(env)
	if len(needles) == 0 {
		return nil, nil
	}
	var out []SecretLeak
	for _, rel := range paths {
		if name := leakIn(needles, []byte(rel)); name != "" {
			out = append(out, SecretLeak{Path: rel, Variable: name, InName: true})
			continue
		}
		name, err := leakInFile(ctx, needles, filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil && ctx.Err() != nil {
			return nil, err
		}
		if name != "" {
			out = append(out, SecretLeak{Path: rel, Variable: name})
		}
	}
	return out, nil
}
