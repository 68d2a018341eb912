//go:build !unix

package agentfile

import "os"

// openNoFollow opens the file; the Lstat of every component before it and
// the identity check after it stand in for O_NOFOLLOW on these systems.
func openNoFollow(path string) (*os.File, error) { return os.Open(path) }

func isSymlinkError(error) bool { return false }
