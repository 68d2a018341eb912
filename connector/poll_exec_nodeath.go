//go:build unix && !linux

package connector

import "syscall"

// dieWithPoller has nothing to set here: an adapter whose poller was
// killed runs on unsupervised. A retry still waits for its end-by time and
// for its process group to be gone (claim_judge.go), so it cannot overlap
// the retry.
func dieWithPoller(*syscall.SysProcAttr) {}
