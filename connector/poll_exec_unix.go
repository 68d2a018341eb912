//go:build unix

package connector

import (
	"os/exec"
	"syscall"
)

// isolate runs the adapter in its own process group, so a timeout or a
// cancelled poll stops everything it started, not only its first process.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithPoller(cmd.SysProcAttr)
	cmd.Cancel = func() error { return killGroup(cmd.Process.Pid) }
}

// processGroup is the started adapter's process group id: its pid, as
// Setpgid made it the group's leader.
func processGroup(cmd *exec.Cmd) int { return cmd.Process.Pid }
