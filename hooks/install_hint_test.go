package hooks

import (
	"strings"
	"testing"
)

// TestInstallHintNamesTheInstallerFirst: the hook's "not found on PATH"
// message offers the release installer (no Go needed) before go install,
// with a ref the installer accepts.
func TestInstallHintNamesTheInstallerFirst(t *testing.T) {
	inst := strings.Index(InstallHint, "scripts/install.sh | bash -s -- latest ")
	goInst := strings.Index(InstallHint, "go install")
	if inst < 0 || goInst < 0 || inst > goInst {
		t.Errorf("the hint does not name install.sh (with latest) before go install:\n%s", InstallHint)
	}
	if !strings.Contains(string(hookScript(false)), InstallHint) {
		t.Error("the hook script does not print the hint")
	}
}
