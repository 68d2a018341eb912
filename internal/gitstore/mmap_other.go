//go:build !unix

package gitstore

import "os"

// mapFile reads a file whole where mapping is not used.
func mapFile(path string) (data []byte, unmap func() error, err error) {
	data, err = os.ReadFile(path)
	return data, func() error { return nil }, err
}
