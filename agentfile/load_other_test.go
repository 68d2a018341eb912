//go:build !unix

package agentfile

import "testing"

// specialLoadCases: symlinks need privileges and FIFOs do not exist here.
func specialLoadCases(*testing.T, string, string) []loadCase { return nil }
