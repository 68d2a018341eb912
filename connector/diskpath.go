package connector

import (
	"errors"
	"io/fs"
	"strings"
)

// DiskProblemKind classifies why a path cannot be used on disk.
type DiskProblemKind uint8

const (
	DiskMissing    DiskProblemKind = iota + 1 // some component does not exist
	DiskLink                                  // a component is a symlink, junction or other reparse point
	DiskNotDir                                // an intermediate component is a file
	DiskNotRegular                            // the final entry is a device, FIFO or socket
)

// DiskProblem is the error StatNoFollow returns. At is the component (a
// prefix of the checked path) where the walk stopped; it is the caller's to
// decide whether repeating it is safe.
type DiskProblem struct {
	Kind DiskProblemKind
	At   string
	Mode fs.FileMode
	Err  error // the Lstat error, for DiskMissing
}

func (e *DiskProblem) Error() string {
	switch e.Kind {
	case DiskMissing:
		return "no such file or directory"
	case DiskLink:
		return "a path component is " + describeMode(e.Mode) + "; links are never followed"
	case DiskNotDir:
		return "a path component is a file, not a directory"
	}
	return "the entry is " + describeMode(e.Mode) + ", not a regular file"
}

func (e *DiskProblem) Unwrap() error {
	if e.Kind == DiskMissing {
		return fs.ErrNotExist
	}
	return ErrLink
}

// StatNoFollow Lstats every component of the '/'-separated path rel, from
// the root down, and never follows a link: a symlink, a Windows junction or
// any other entry that is neither a directory nor a regular file, at any
// component, is a *DiskProblem. Directory components must be directories. It
// returns the final entry's info, a directory or a regular file.
func StatNoFollow(fsys FS, rel string) (fs.FileInfo, error) {
	rel = strings.TrimSuffix(rel, "/")
	end := 0
	for {
		next := strings.IndexByte(rel[end:], '/')
		last := next < 0
		if last {
			end = len(rel)
		} else {
			end += next
		}
		prefix := rel[:end]
		info, err := fsys.Lstat(prefix)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, &DiskProblem{Kind: DiskMissing, At: prefix, Err: err}
			}
			var dp *DiskProblem
			if errors.As(err, &dp) {
				return nil, err
			}
			return nil, &DiskProblem{Kind: DiskMissing, At: prefix, Err: err}
		}
		mode := info.Mode()
		if isReparsePoint(info) {
			mode |= fs.ModeIrregular
		}
		switch {
		case mode&(fs.ModeSymlink|fs.ModeIrregular) != 0:
			return nil, &DiskProblem{Kind: DiskLink, At: prefix, Mode: mode}
		case last && (mode.IsDir() || mode.IsRegular()):
			return info, nil
		case last:
			return nil, &DiskProblem{Kind: DiskNotRegular, At: prefix, Mode: mode}
		case !mode.IsDir():
			return nil, &DiskProblem{Kind: DiskNotDir, At: prefix, Mode: mode}
		}
		end++ // past the '/'
	}
}

// describeMode names an entry type with its article, for messages.
func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	case m&fs.ModeIrregular != 0:
		return "a junction or other reparse point"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
