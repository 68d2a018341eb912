// Package ghapi builds the go-github client the action's GitHub edges share
// (notifications, pull request reviews): the API base from GITHUB_API_URL,
// the token as a bearer header, the repository split into owner and name.
package ghapi

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-github/v62/github"
)

// DefaultAPIURL is GitHub.com's REST API, used when GITHUB_API_URL is unset.
const DefaultAPIURL = "https://api.github.com"

// SplitRepository splits GITHUB_REPOSITORY's owner/name.
func SplitRepository(full string) (owner, repo string, err error) {
	owner, repo, ok := strings.Cut(full, "/")
	if !ok || owner == "" || repo == "" || strings.Contains(repo, "/") {
		return "", "", fmt.Errorf("repository %q is not owner/name", full)
	}
	return owner, repo, nil
}

// NewClient returns a client of the REST API at apiURL (DefaultAPIURL when
// empty) authenticated by token. The token only ever goes into the
// Authorization header; no error message names it.
func NewClient(apiURL, token string, hc *http.Client) (*github.Client, error) {
	if token == "" {
		return nil, errors.New("no token (github-token input or GITHUB_TOKEN)")
	}
	if apiURL == "" {
		apiURL = DefaultAPIURL
	}
	base, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/")
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") {
		return nil, fmt.Errorf("GITHUB_API_URL %q is not an http(s) URL", apiURL)
	}
	client := github.NewClient(hc).WithAuthToken(token)
	client.BaseURL = base
	return client, nil
}
