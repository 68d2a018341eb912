package squadstate

import (
	"strconv"
	"strings"
)

// hveRepo is the HVE Squad package as apm.yml and apm.lock.yaml name it.
const hveRepo = "peter-n91/hve-squad"

// hveReleases maps every HVE Squad release tag to its commit (12 hex
// digits), so an apm.lock.yaml resolved_commit names a release.
var hveReleases = []struct{ tag, commit string }{
	{"v0.1.0", "e2328ff627e8"},
	{"v0.2.0", "dbc1d987b2bf"},
	{"v0.3.0", "abef095de642"},
	{"v0.4.0", "bd9fda58f535"},
	{"v0.4.1", "9a98b545ba44"},
	{"v0.5.0", "58b9265b2f4f"},
	{"v0.6.0", "5a77b2cfec96"},
	{"v0.7.0", "58ae52ec9376"},
	{"v0.8.0", "e92c09252eca"},
	{"v0.8.1", "6725e39a75f1"},
	{"v0.8.2", "6cbbe2ac5a2f"},
	{"v0.8.3", "6cbbe2ac5a2f"},
	{"v0.8.4", "55687ee6bcfd"},
	{"v0.8.5", "cc281015c0a6"},
	{"v0.8.6", "49789bf7faa3"},
	{"v0.8.7", "e2167e0929ab"},
	{"v0.8.8", "6dfa22c22eb1"},
	{"v0.8.9", "49473c389365"},
	{"v0.8.10", "58fc392c81c5"},
	{"v0.8.11", "422677cdf6f8"},
	{"v0.8.12", "c86bdf73c43c"},
	{"v0.8.13", "583a18769299"},
	{"v0.8.14", "c85f23678375"},
	{"v0.8.15", "a46ba3ccfc32"},
	{"v0.8.16", "107759fc8ce0"},
	{"v0.8.17", "c375d8c33041"},
	{"v0.8.18", "df2f04136dfa"},
	{"v0.8.19", "e4fe377500a9"},
	{"v0.8.20", "8abe8dd63956"},
	{"v0.8.21", "b75342c0e461"},
	{"v0.8.22", "f12d036c3678"},
	{"v0.8.23", "3f31db2b6dd7"},
	{"v0.9.0", "c4b58bf00eda"},
	{"v0.9.1", "efe459de0f3f"},
	{"v0.9.2", "370327b20d97"},
	{"v0.9.3", "6f3643e13c7e"},
	{"v0.9.4", "6c5cb6abf5c1"},
	{"v0.9.5", "8071cd6bb014"},
	{"v0.10.0", "aeec41cb95b2"},
	{"v0.10.1", "d3da9899b889"},
	{"v0.10.2", "8769945f68bb"},
	{"v0.10.3", "237c02e0bd8e"},
	{"v0.10.4", "12b4bbf73d8b"},
	{"v0.10.5", "e23817890bd7"},
	{"v0.10.6", "c1377f781569"},
	{"v0.10.7", "34e795550856"},
	{"v0.10.8", "a97801f4492b"},
	{"v0.10.9", "9e3f66494ef5"},
	{"v0.10.10", "61a72c0b644d"},
	{"v0.10.11", "952305f898ee"},
	{"v0.10.12", "2ee47f58325f"},
	{"v0.11.0", "d31152fb0a81"},
	{"v0.11.1", "ffa086bec656"},
	{"v0.11.2", "6dceab8c1d57"},
	{"v0.11.3", "dd6589f5d7fd"},
	{"v0.11.4", "7e9724bf1589"},
	{"v0.11.5", "6dba1ad1d221"},
	{"v0.11.6", "52c9c87054b9"},
	{"v0.11.7", "47dc8fd94018"},
	{"v0.11.8", "f4d91898594b"},
	{"v0.11.9", "87e17c5729a8"},
	{"v0.11.10", "2b50263ec7f7"},
	{"v0.11.11", "a3221f42ddd1"},
	{"v0.11.12", "3caaff7b5047"},
	{"v0.11.13", "7e31fc20e066"},
	{"v0.11.14", "03b4656379b9"},
	{"v0.11.15", "2ef367a3f759"},
	{"v0.11.16", "c282126b8f2c"},
	{"v0.11.17", "e408d091bb66"},
	{"v0.12.0", "fd5e0e427f74"},
	{"v0.12.1", "cd1c1d7633e3"},
	{"v0.12.2", "f3f5bdbb049d"},
	{"v0.12.3", "a18ba90742ea"},
	{"v0.12.4", "b3b385cd5a1e"},
	{"v0.12.5", "f34ea8d7e333"},
	{"v0.12.6", "ee64ed353a6d"},
	{"v0.12.7", "322bddfb8bc5"},
	{"v0.12.8", "3eec5a825e84"},
	{"v0.12.9", "e691f1e354ee"},
	{"v0.12.10", "3215e7e7b789"},
	{"v0.12.11", "fb3c24e040fc"},
	{"v0.13.0", "148e95d8b0f2"},
	{"v0.13.1", "c4f1612800ca"},
	{"v0.13.2", "554d35d2805b"},
	{"v0.14.0", "d8d5d50efa71"},
	{"v0.15.0", "ca406c8a39a1"},
	{"v0.15.1", "3933358da39c"},
	{"v0.15.2", "c1a3947302f9"},
	{"v0.15.3", "b977a2628a75"},
	{"v0.16.0-pre", "4f754d2032a8"},
}

// releaseOfCommit returns the release tag whose commit starts with sha (at
// least 7 hex digits), or "".
func releaseOfCommit(sha string) string {
	sha = strings.ToLower(sha)
	if len(sha) < 7 {
		return ""
	}
	for _, r := range hveReleases {
		if strings.HasPrefix(sha, r.commit) || strings.HasPrefix(r.commit, sha) {
			return r.tag
		}
	}
	return ""
}

// version is a parsed release tag: v<major>.<minor>.<patch>[-pre].
type version struct {
	n   [3]int
	pre bool
}

// parseVersion reads "v0.12.1", "0.12.1" or "v0.16.0-pre".
func parseVersion(s string) (version, bool) {
	var v version
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	if base, suffix, ok := strings.Cut(s, "-"); ok {
		s, v.pre = base, suffix != ""
	}
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return v, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return v, false
		}
		v.n[i] = n
	}
	return v, true
}

// less orders versions; a pre-release precedes its release.
func (v version) less(w version) bool {
	for i := range v.n {
		if v.n[i] != w.n[i] {
			return v.n[i] < w.n[i]
		}
	}
	return v.pre && !w.pre
}

// profileForVersion returns the profile whose span holds the release, and
// whether the release is newer than every profile (then the newest) or
// older (then the oldest).
func profileForVersion(v version) (p *hveProfile, newer, older bool) {
	if first, _ := parseVersion(hveProfiles[0].first); v.less(first) {
		return hveProfiles[0], false, true
	}
	last, _ := parseVersion(newestProfile().last)
	for i := len(hveProfiles) - 1; i >= 0; i-- {
		if first, _ := parseVersion(hveProfiles[i].first); !v.less(first) {
			return hveProfiles[i], i == len(hveProfiles)-1 && last.less(v), false
		}
	}
	return hveProfiles[0], false, true
}
