package main

import (
	"fmt"
	"os"
	"sync"
	"time"
)

// progress returns a callback that shows "label: done/total tasks" on
// stderr, rewritten in place with '\r' at most ten times a second, and a
// function that ends the line. Both do nothing when stderr is not a
// terminal (a file, a pipe, a CI log, a test's buffer).
func (c *Command) progress(label string) (func(done, total int), func()) {
	f, ok := c.Stderr.(*os.File)
	if !ok {
		return nil, func() {}
	}
	if info, err := f.Stat(); err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	var (
		mu    sync.Mutex
		last  time.Time
		shown bool
	)
	update := func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if now := time.Now(); done == total || now.Sub(last) >= 100*time.Millisecond {
			last, shown = now, true
			fmt.Fprintf(f, "\r%s: %d/%d tasks", label, done, total)
		}
	}
	finish := func() {
		mu.Lock()
		defer mu.Unlock()
		if shown {
			fmt.Fprint(f, "\r\033[K")
		}
	}
	return update, finish
}
