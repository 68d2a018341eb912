//go:build windows

package connector

import (
	"io/fs"
	"syscall"
)

// isReparsePoint reports a Windows reparse point. Since Go 1.23 Lstat shows
// a junction (mount point) as a plain directory, so the attribute itself is
// consulted.
func isReparsePoint(info fs.FileInfo) bool {
	d, ok := info.Sys().(*syscall.Win32FileAttributeData)
	return ok && d.FileAttributes&syscall.FILE_ATTRIBUTE_REPARSE_POINT != 0
}
