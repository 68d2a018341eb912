//go:build !linux

package connector

// openDirReader reads through the ReadFS, which checks every component of
// every path.
func openDirReader(_ string, fsys ReadFS, rel string) dirReader {
	if rel != "" {
		rel += "/"
	}
	return fsDirReader{fsys: fsys, dir: rel}
}
