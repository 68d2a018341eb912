package connector

import "syscall"

// dieWithPoller has the kernel kill the adapter when its poller dies (the
// thread that started it, which the Go runtime keeps for the process's
// life): a killed poll then leaves no adapter running past its end-by time
// unsupervised, and the retry a later poll makes cannot overlap it.
func dieWithPoller(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
