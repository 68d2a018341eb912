//go:build unix

package nofollow

import (
	"errors"
	"github.com/squadci/squadci/internal/testtool"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

func TestReadFileFIFODoesNotBlock(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		testtool.Unsupported(t, "FIFOs", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo, 10); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadFile blocked on a FIFO")
	}
}

func TestOpenFIFODoesNotBlock(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		testtool.Unsupported(t, "FIFOs", err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := Open(fifo)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Open blocked on a FIFO")
	}
}
