package connector

import (
	"io"
	"io/fs"

	"github.com/squadci/squadci/internal/atomicfile"
)

// writeAtomic publishes data at path through atomicfile (durably; with
// overwrite false an existing path is refused with an error wrapping
// fs.ErrExist), its name operations under the directory gates.
func writeAtomic(path string, data []byte, perm fs.FileMode, overwrite bool) error {
	return atomicfile.Write(path, data, atomicfile.Options{Perm: perm, Overwrite: overwrite, Gate: inDir})
}

// writeUnsynced is writeAtomic but for the final fsync of the directory,
// which the caller owes: a resume syncs each directory once for all the
// states it replaced there, before it tells anyone.
func writeUnsynced(path string, data []byte, perm fs.FileMode, overwrite bool) error {
	return atomicfile.Write(path, data, atomicfile.Options{Perm: perm, Overwrite: overwrite, NoDirSync: true, Gate: inDir})
}

// writeVia is writeUnsynced with the temporary file in tmpDir, a directory
// on the same file system (atomicfile.TempPrefix there).
func writeVia(tmpDir, path string, data []byte, perm fs.FileMode, overwrite bool) error {
	return atomicfile.Write(path, data, atomicfile.Options{Perm: perm, Overwrite: overwrite, TmpDir: tmpDir, NoDirSync: true, Gate: inDir})
}

// fillVia is writeVia with the content written by fill, so a large file is
// streamed into place instead of held in memory.
func fillVia(tmpDir, path string, fill func(io.Writer) error, perm fs.FileMode, overwrite bool) error {
	return atomicfile.Fill(path, fill, atomicfile.Options{Perm: perm, Overwrite: overwrite, TmpDir: tmpDir, NoDirSync: true, Gate: inDir})
}

// parentDir is the directory of path, "." for a bare name.
func parentDir(path string) string { return atomicfile.ParentDir(path) }

// syncDir makes a rename or link in dir durable.
func syncDir(dir string) error { return atomicfile.SyncDir(dir) }
