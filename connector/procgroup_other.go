//go:build !unix

package connector

// killGroup has no process group to kill here: the adapter's own process
// is stopped by exec when the run ends.
func killGroup(int) error { return nil }

// groupAlive cannot see a process group here; a claim records none.
func groupAlive(int) bool { return false }
