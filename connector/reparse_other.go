//go:build !windows

package connector

import "io/fs"

// isReparsePoint reports a Windows reparse point; other systems have none
// beyond the symlinks Lstat already shows.
func isReparsePoint(fs.FileInfo) bool { return false }
