package main

import (
	"flag"
	"os"
	"sync"
	"testing"
)

// afterTests holds the directories that tests of the whole package share
// (a built binary, a pre-commit store): TestMain removes them at the end.
var afterTests struct {
	sync.Mutex
	dirs []string
}

func removeAfterTests(dir string) {
	afterTests.Lock()
	defer afterTests.Unlock()
	afterTests.dirs = append(afterTests.dirs, dir)
}

// TestMain runs up to four tests of this package at once unless -parallel
// is given: its long scenario tests (pre-commit building squadci, sharded
// polls, kill loops) mostly wait on the processes they start, so on a
// 2-core machine the default of one per core leaves the cores idle.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", "4"); err != nil {
			panic(err)
		}
	}
	code := m.Run()
	for _, dir := range afterTests.dirs {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}
