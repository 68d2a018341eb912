package testtool

import (
	"os/exec"
	"testing"
)

// junitPythons are the interpreters tried for junitparser: the one on PATH
// (a version manager's may lack Debian's packages) and the system's.
var junitPythons = []string{"python3", "/usr/bin/python3"}

// JUnitParser returns a python3 that imports junitparser (Debian's
// python3-junitparser, a real consumer of JUnit XML), or handles it as
// Missing.
func JUnitParser(t testing.TB) string {
	t.Helper()
	for _, name := range junitPythons {
		p, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		if exec.Command(p, "-c", "import junitparser").Run() == nil {
			return p
		}
	}
	Missing(t, "python3 with junitparser", "apt-get install python3-junitparser")
	return ""
}
