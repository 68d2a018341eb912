package agentfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/squadci/squadci/internal/nofollow"
)

// Load reads a bounded regular file and parses it. A path with a ".."
// component is refused before any cleaning, so normalisation cannot hide a
// traversal; every component is checked with Lstat (no symlinks, no
// irregular entries such as devices, FIFOs, sockets or Windows reparse
// points), the size bound is checked before reading, and the opened file
// is checked to be the same regular file that was inspected. This is a
// static-file boundary, not protection against hostile concurrent
// replacement; resolve a trusted symlinked path before loading.
func Load(filename string) (*Agent, error) {
	b, err := readBounded(filename)
	if err != nil {
		return nil, err
	}
	return Parse(filename, b)
}

// loadError is a refusal of the file itself, at 1:1. It never carries the
// operating system's words.
func loadError(filename, msg, repair string) *Error {
	return &Error{Filename: filename, Line: 1, Column: 1, Message: msg, Repair: repair, Unread: true}
}

func readBounded(filename string) ([]byte, error) {
	if filename == "" {
		return nil, loadError(filename, "no file name", "name the agent file to load")
	}
	for _, part := range strings.FieldsFunc(filename, isSeparator) {
		if part == ".." {
			return nil, loadError(filename, "path contains a '..' segment",
				"name the file without '..'; resolve a trusted path before loading")
		}
	}
	info, err := lstatComponents(filename)
	if err != nil {
		return nil, err
	}
	if info.Size() > MaxFileBytes {
		return nil, &Error{Rule: ruleBounds.ID, Filename: filename, Line: 1, Column: 1,
			Message: "file is larger than 256 KiB", Repair: "keep an agent file at or under 256 KiB"}
	}
	f, err := nofollow.Open(filename)
	if err != nil {
		return nil, osError(filename, err)
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return nil, osError(filename, err)
	}
	if !opened.Mode().IsRegular() || !os.SameFile(info, opened) {
		return nil, loadError(filename, "file changed while it was being opened", "load it again once it is stable")
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, osError(filename, err)
	}
	if len(b) > MaxFileBytes {
		return nil, &Error{Rule: ruleBounds.ID, Filename: filename, Line: 1, Column: 1,
			Message: "file is larger than 256 KiB", Repair: "keep an agent file at or under 256 KiB"}
	}
	return b, nil
}

func isSeparator(r rune) bool { return r == '/' || r == filepath.Separator }

// lstatComponents checks every component of the path without following
// links: directories above, a regular file at the end. It returns the
// file's Lstat result.
func lstatComponents(filename string) (os.FileInfo, error) {
	vol := filepath.VolumeName(filename)
	rest := filename[len(vol):]
	prefix := vol
	if rest != "" && isSeparator(rune(rest[0])) {
		prefix += string(filepath.Separator)
	}
	parts := strings.FieldsFunc(rest, isSeparator)
	if len(parts) == 0 {
		return nil, loadError(filename, "not a regular file", "name an agent file, not a directory")
	}
	var info os.FileInfo
	for i, part := range parts {
		prefix = filepath.Join(prefix, part)
		if prefix == "" {
			prefix = part
		}
		fi, err := os.Lstat(prefix)
		if err != nil {
			return nil, osError(filename, err)
		}
		last := i == len(parts)-1
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			return nil, loadError(filename, "path contains a symbolic link", "resolve the link and load the real path")
		case !last && !fi.IsDir():
			return nil, loadError(filename, "path contains an entry that is not a directory", "name the file by its real path")
		case last && !fi.Mode().IsRegular():
			return nil, loadError(filename, "not a regular file", "name a regular agent file")
		}
		info = fi
	}
	return info, nil
}

// osError maps an operating-system error to fixed words.
func osError(filename string, err error) *Error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return loadError(filename, "file does not exist", "check the path")
	case errors.Is(err, fs.ErrPermission):
		return loadError(filename, "permission denied", "make the file readable")
	case nofollow.IsSymlink(err):
		return loadError(filename, "path contains a symbolic link", "resolve the link and load the real path")
	}
	return loadError(filename, "file cannot be read", "check that it is a readable regular file")
}
