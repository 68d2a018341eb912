package connector

import "syscall"

// dieWithPoller has the kernel kill the adapter when its poller dies (the
// thread that started it, which the Go runtime keeps for the process's
// life). It reaches the adapter's own process only: what the adapter
// started lives on in its process group, which the claim records, and a
// later poll retries the run only once that group is gone (claim_judge.go).
func dieWithPoller(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
