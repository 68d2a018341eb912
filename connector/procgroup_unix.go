//go:build unix

package connector

import (
	"errors"
	"syscall"
)

// killGroup sends SIGKILL to every member of process group pgid. A group
// that is already gone is no error.
func killGroup(pgid int) error {
	if pgid <= 0 {
		return nil
	}
	err := syscall.Kill(-pgid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// groupAlive reports whether process group pgid still has a running
// member on this host: kill(-pgid, 0) answers ESRCH only when it has none
// (EPERM means a member runs under another user). A member that is a
// zombie counts too, there; where the system can tell (Linux), a group
// whose every member has died and waits to be reaped is gone — a container
// whose first process never reaps would otherwise keep it forever.
func groupAlive(pgid int) bool {
	if pgid <= 0 {
		return false
	}
	err := syscall.Kill(-pgid, 0)
	if err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	return !onlyZombies(pgid)
}
