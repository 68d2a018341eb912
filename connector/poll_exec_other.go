//go:build !unix

package connector

import "os/exec"

// isolate has no process group to create here; a timeout kills the
// adapter's own process.
func isolate(*exec.Cmd) {}

// processGroup is the adapter's process group id; none here.
func processGroup(*exec.Cmd) int { return 0 }
