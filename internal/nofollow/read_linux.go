package nofollow

import "syscall"

// ReadFileAt is ReadFile for the file name in the open directory dirfd.
func ReadFileAt(dirfd int, name string, limit int64) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Openat(dirfd, name, syscall.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, openError(name, err)
	}
	return readFD(fd, limit)
}
