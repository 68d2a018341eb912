//go:build !linux

package atomicfile

// pinInode holds nothing where O_PATH is missing (see pin_linux.go): the
// rename frees the old inode itself.
func pinInode(string) (unpin func()) { return func() {} }
