package ghapi

import (
	"strings"
	"testing"
)

func TestSplitRepository(t *testing.T) {
	if o, r, err := SplitRepository("acme/app"); err != nil || o != "acme" || r != "app" {
		t.Errorf("acme/app = %q %q %v", o, r, err)
	}
	for _, bad := range []string{"", "acme", "acme/", "/app", "acme/app/x"} {
		if _, _, err := SplitRepository(bad); err == nil || !strings.Contains(err.Error(), "is not owner/name") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestNewClient(t *testing.T) {
	c, err := NewClient("", "tok", nil)
	if err != nil || c.BaseURL.String() != DefaultAPIURL+"/" {
		t.Errorf("default: %v, %v", c, err)
	}
	if c, err := NewClient("https://ghe.example/api/v3", "tok", nil); err != nil || c.BaseURL.String() != "https://ghe.example/api/v3/" {
		t.Errorf("enterprise: %v, %v", c, err)
	}
	if _, err := NewClient("ftp://x", "tok", nil); err == nil || !strings.Contains(err.Error(), `GITHUB_API_URL "ftp://x"`) {
		t.Errorf("ftp: %v", err)
	}
	if _, err := NewClient("", "", nil); err == nil || !strings.Contains(err.Error(), "no token") {
		t.Errorf("no token: %v", err)
	}
}
