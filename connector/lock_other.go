//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package connector

import "os"

// tryFlock has no advisory lock to take here: the pid check alone decides.
func tryFlock(*os.File) (bool, error) { return true, nil }

// processAlive reports whether pid runs on this host; on Windows
// FindProcess opens the process and fails when it is gone.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
