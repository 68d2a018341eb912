package connector

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A claim that is a directory or a symlink is reported as such, and the
// task is left alone: never reported as merely pending, never run.
func TestPollReportsAClaimThatIsNoFile(t *testing.T) {
	for _, tc := range []struct{ name, want string }{{"directory", "is a directory"}, {"symlink", "is a symlink"}} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "symlink" && runtime.GOOS == "windows" {
				t.Skip("symlinks")
			}
			root, ms := resumeRepo(t)
			d := dispatchAt(t, root, ms, time.Now(), 60, 2)
			claim := filepath.Join(root, claimPath(filepathDir(d.Request), d.TaskID))
			var err error
			if tc.name == "directory" {
				err = os.Mkdir(claim, 0o755)
			} else {
				writeRel(t, root, "elsewhere.json", "{}")
				err = os.Symlink(filepath.Join(root, "elsewhere.json"), claim)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, adapters := range []map[string]Adapter{nil, {"acme-research-agent": {Command: adapterScript(t, root, "good")}}} {
				o := pollOnce(t, root, ms, adapters)[d.TaskID]
				if o.Action != PollBusy || !strings.Contains(o.Error, claimPath(filepathDir(d.Request), d.TaskID)+" "+tc.want) ||
					!strings.Contains(o.Error, "remove it by hand") || o.Run != nil {
					t.Errorf("mapped %v: %+v", adapters != nil, o)
				}
			}
			if adapterCalls(t, root) != 0 {
				t.Error("the adapter ran")
			}
		})
	}
}
