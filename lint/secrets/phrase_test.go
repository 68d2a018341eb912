package secrets

import "testing"

func TestMatchPhrase(t *testing.T) {
	for _, c := range []struct {
		m    Match
		want string
	}{
		{Match{Description: "GitHub token"}, "a GitHub token"},
		{Match{Description: "AWS access key ID"}, "an AWS access key ID"},
		{Match{Family: "jwt"}, "a jwt"},
		{Match{}, "a credential"},
	} {
		if got := c.m.Phrase(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.m, got, c.want)
		}
	}
}
