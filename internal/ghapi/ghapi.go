// Package ghapi builds the go-github client the action's GitHub edges share
// (notifications, pull request reviews): the API base from GITHUB_API_URL,
// the token as a bearer header sent to that API's host alone, the
// repository split into owner and name.
package ghapi

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-github/v62/github"
)

// DefaultAPIURL is GitHub.com's REST API, used when GITHUB_API_URL is unset.
const DefaultAPIURL = "https://api.github.com"

// maxRedirects is how many same-host redirects a request follows (net/http's
// own bound).
const maxRedirects = 10

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
// Authorization header of a request to apiURL's origin (scheme, host and
// port); a redirect to any other origin is refused, so neither the token
// nor the request body reaches another host. No error message names the
// token. hc supplies the transport and timeout; it is copied, never changed.
func NewClient(apiURL, token string, hc *http.Client) (*github.Client, error) {
	if token == "" {
		return nil, errors.New("no token (github-token input or GITHUB_TOKEN)")
	}
	if apiURL == "" {
		apiURL = DefaultAPIURL
	}
	base, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/")
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" {
		return nil, fmt.Errorf("GITHUB_API_URL %q is not an http(s) URL", apiURL)
	}
	client := github.NewClient(tokenClient(hc, origin(base), token))
	client.BaseURL = base
	return client, nil
}

// tokenClient is a copy of hc (a new client when nil) whose requests carry
// token to the origin home only, and which never follows a redirect away
// from it.
func tokenClient(hc *http.Client, home, token string) *http.Client {
	c := &http.Client{}
	if hc != nil {
		*c = *hc
	}
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = &tokenTransport{next: next, home: home, token: token}
	own := c.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if o := origin(req.URL); o != home {
			return fmt.Errorf("refused a redirect from %s to another host, %s: the token is only sent to %s", home, o, home)
		}
		if own != nil {
			return own(req, via)
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		return nil
	}
	return c
}

// tokenTransport sets the bearer token on requests to home and strips any
// Authorization header from requests elsewhere. The header is set per
// request, in the transport, so it must check the host of every hop
// itself: net/http's own rule (drop Authorization on a redirect to another
// domain) only covers headers the first request carried.
type tokenTransport struct {
	next  http.RoundTripper
	home  string
	token string
}

func (t *tokenTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Del("Authorization")
	if origin(req.URL) == t.home {
		req.Header.Set("Authorization", "Bearer "+t.token)
	}
	return t.next.RoundTrip(req)
}

// origin is a URL's scheme, host and port, lower-cased, with the scheme's
// default port written out: https://API.github.com and
// https://api.github.com:443 are one origin, http://api.github.com another.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "https":
			port = "443"
		case "http":
			port = "80"
		}
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
