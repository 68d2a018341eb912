package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// pullRequestBase is the revision input only-new compares with: the merge
// base of the pull request's base commit (pull_request.base.sha of the
// event payload) and HEAD, or the base commit itself when the history
// between them is not fetched. A missing payload, another event or a base
// commit absent from the checkout is an error that says what to change.
func (c *Command) pullRequestBase(dir string) (string, error) {
	path := c.getenv("GITHUB_EVENT_PATH")
	if path == "" {
		return "", fmt.Errorf("input only-new needs the pull request's event payload, and GITHUB_EVENT_PATH is not set")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("input only-new: reading the event payload: %v", err)
	}
	var ev struct {
		PullRequest *struct {
			Base struct {
				SHA string `json:"sha"`
			} `json:"base"`
		} `json:"pull_request"`
	}
	if err := json.Unmarshal(b, &ev); err != nil {
		return "", fmt.Errorf("input only-new: the event payload %s is not JSON: %v", path, err)
	}
	if ev.PullRequest == nil || !isCommitID(ev.PullRequest.Base.SHA) {
		return "", fmt.Errorf("input only-new works on pull_request events, and this %s event has no pull_request.base.sha; "+
			"set only-new: ${{ github.event_name == 'pull_request' }}", orUnknown(c.getenv("GITHUB_EVENT_NAME")))
	}
	base := ev.PullRequest.Base.SHA
	if _, err := exec.LookPath("git"); err != nil {
		return "", fmt.Errorf("input only-new needs git on PATH to diff from the base commit %s", base)
	}
	if err := exec.Command("git", "-C", dir, "cat-file", "-e", base+"^{commit}").Run(); err != nil {
		return "", fmt.Errorf("input only-new: the pull request's base commit %s is not in this checkout (a shallow clone); "+
			"check out with actions/checkout `fetch-depth: 0`, or fetch it first: `git fetch --no-tags --depth=1 origin %s`", base, base)
	}
	out, err := exec.Command("git", "-C", dir, "merge-base", base, "HEAD").Output()
	if mb := strings.TrimSpace(string(out)); err == nil && isCommitID(mb) {
		return mb, nil
	}
	return base, nil
}

// isCommitID reports whether s is a full SHA-1 or SHA-256 commit id.
func isCommitID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	return strings.Trim(s, "0123456789abcdef") == ""
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
