package connector

import (
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// AdapterProblem is a configured adapter whose command cannot be run.
type AdapterProblem struct {
	ConnectorID string
	Command     string // argv[0] as configured
	Err         error  // why exec would not find or run it
}

// AdapterCommandError is returned by Poll, before it claims anything, when
// an adapter it would run has a command that is missing or not executable:
// a configuration error, not a failed run.
type AdapterCommandError struct {
	Problems []AdapterProblem // sorted by connectorId
}

func (e *AdapterCommandError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = fmt.Sprintf("adapter of %s: command %q: %v", p.ConnectorID, p.Command, p.Err)
	}
	return strings.Join(msgs, "; ")
}

// checkAdapters resolves argv[0] of every adapter configured for a
// connector that has a manifest, the way the run would: relative to the
// repository root when it contains a path separator, else on PATH. It
// reads the disk once per adapter, whatever the number of its tasks.
func checkAdapters(root string, ms []*Manifest, adapters map[string]Adapter) error {
	var problems []AdapterProblem
	seen := map[string]bool{}
	for _, m := range ms {
		a, ok := adapters[m.ConnectorID]
		if !ok || seen[m.ConnectorID] {
			continue
		}
		seen[m.ConnectorID] = true
		if len(a.Command) == 0 {
			continue // only reported: nothing to run
		}
		if err := resolveCommand(root, a.Command[0]); err != nil {
			problems = append(problems, AdapterProblem{ConnectorID: m.ConnectorID, Command: a.Command[0], Err: err})
		}
	}
	if problems == nil {
		return nil
	}
	slices.SortFunc(problems, func(a, b AdapterProblem) int { return strings.Compare(a.ConnectorID, b.ConnectorID) })
	return &AdapterCommandError{Problems: problems}
}

// resolveCommand finds name as exec.Command in the repository root would,
// and says why it would fail.
func resolveCommand(root, name string) error {
	if name == "" {
		return errors.New("the command is empty")
	}
	if !strings.ContainsAny(name, "/"+string(filepath.Separator)) {
		_, err := exec.LookPath(name)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, exec.ErrDot):
			return errors.New("found on PATH only relative to the current directory; give its path instead (./" + name + ")")
		case errors.Is(err, exec.ErrNotFound):
			return errors.New("not found on PATH; install it, or give its path relative to the repository root")
		}
		return err
	}
	where := "relative to the repository root"
	path := name
	if filepath.IsAbs(name) {
		where = "an absolute path"
	} else {
		path = filepath.Join(root, filepath.FromSlash(name))
	}
	_, err := exec.LookPath(path)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("no such file (%s)", where)
	case errors.Is(err, syscall.EISDIR):
		return fmt.Errorf("is a directory (%s)", where)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("not executable (%s); make it executable (chmod +x) or run it through its interpreter", where)
	}
	return err
}
