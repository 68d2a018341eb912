//go:build unix && !linux

package connector

import "syscall"

// dieWithPoller has nothing to set here: an adapter whose poller was
// killed runs on unsupervised. A retry still waits for its end-by time
// (claim_judge.go), but an adapter that outlives it may overlap the retry.
func dieWithPoller(*syscall.SysProcAttr) {}
