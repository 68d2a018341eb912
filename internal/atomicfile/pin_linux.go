package atomicfile

import "syscall"

// oPath is Linux's O_PATH (the same on every architecture Go supports;
// package syscall leaves it out on some).
const oPath = 0x200000

// pinInode holds the inode at path, if any, until the returned func is
// called. Renaming a state over its predecessor unlinks the old inode, and
// when nothing else holds it the rename call itself frees the inode and its
// blocks before it returns: inside the directory's gate (Options.Gate;
// connector/dirgate.go), where every other task of the mailbox waits. Pinned, that work happens at
// unpin, outside the gate and alongside other tasks. On a 2-core VM (ext4),
// 10,000 renames held the gate 2.1–2.6 s unpinned and 0.3 s pinned, and a
// resume of 10,000 tasks in one mailbox went from 6.6–7.5 s to 4.9–5.3 s
// (same run). O_PATH opens nothing: no device, FIFO or link target is
// touched, and no permission is needed beyond reaching the name.
func pinInode(path string) (unpin func()) {
	fd, err := syscall.Open(path, oPath|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
	if err != nil {
		return func() {}
	}
	return func() { syscall.Close(fd) }
}
