//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package connector

import (
	"errors"
	"os"
	"syscall"
)

// tryFlock takes an exclusive advisory lock on f without waiting; ok is
// false when another open file holds it.
func tryFlock(f *os.File) (ok bool, err error) {
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

// processAlive reports whether pid runs on this host. EPERM means it runs
// under another user.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
