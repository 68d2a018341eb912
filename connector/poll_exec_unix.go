//go:build unix

package connector

import (
	"os/exec"
	"syscall"
)

// isolate runs the adapter in its own process group, so a timeout stops
// everything it started, not only its first process.
func isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithPoller(cmd.SysProcAttr)
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
