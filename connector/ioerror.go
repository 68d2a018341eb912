package connector

import (
	"errors"
	"io/fs"
	"syscall"
)

// ReadError is an I/O error reading one of a task's files: permission
// denied, an I/O error of the disk. It says nothing about the task, so it
// is reported as an error naming the file, never turned into a verdict;
// what the file holds (too large, a link where a file must be, bad JSON)
// stays a verdict.
type ReadError struct {
	Path string // repository-relative
	Err  error
}

func (e *ReadError) Error() string { return "cannot read " + e.Path + ": " + e.Err.Error() }

func (e *ReadError) Unwrap() error { return e.Err }

// ioError is err as a *ReadError of rel when it is an I/O error, nil when
// err is nil, a missing file or a problem with what is on disk.
func ioError(rel string, err error) error {
	var dp *DiskProblem
	var tl *FileTooLargeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &dp):
		if dp.Kind != DiskMissing || dp.Err == nil || errors.Is(dp.Err, fs.ErrNotExist) || errors.Is(dp.Err, syscall.ENOTDIR) {
			return nil
		}
		err = dp.Err
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, ErrLink), errors.As(err, &tl):
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is rel, named once
	}
	return &ReadError{Path: rel, Err: err}
}
