//go:build unix

package gitstore

import (
	"os"
	"syscall"
)

// mapFile maps a file read-only: the index and pack indexes are read in
// place, without copying them into fresh memory (for a 10,000-file index
// the copy and its page faults cost more than parsing it). Git replaces
// these files by rename, never in place, so a mapping stays whole.
func mapFile(path string) (data []byte, unmap func() error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := fi.Size()
	if size == 0 || size > maxIndexSize {
		data, err := os.ReadFile(path)
		return data, func() error { return nil }, err
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		data, err := os.ReadFile(path)
		return data, func() error { return nil }, err
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
