package connector

import (
	"strings"
	"testing"

	"github.com/squadci/squadci/lint/diag"
)

func TestClassifyEntry(t *testing.T) {
	for _, tc := range []struct {
		rest     string
		dropRoot bool
		kind     EntryKind
		stem     string
	}{
		{"t-1.request.json", false, EntryRequest, "t-1"},
		{"t-1.result.json", false, EntryResult, "t-1"},
		{"t-1.snapshot.json", false, EntrySnapshot, "t-1"},
		{".squad-connector/t-1.state.json", false, EntryState, "t-1"},
		{".squad-connector/t-1.lock", false, EntryLock, "t-1"},
		{"t-1.lock", false, EntryLock, "t-1"},
		{"t-1.claim.json", false, EntryClaim, "t-1"},
		{"README.md", false, EntryRunbook, ""},
		{"examples/example.request.json", false, EntryExampleRequest, "example"},
		{"examples/example.result.json", false, EntryExampleResult, "example"},
		{"examples/README.md", false, EntryRunbook, ""},
		{".request.json", false, EntryStray, ""},
		{"notes.txt", false, EntryStray, ""},
		{"x.json", false, EntryStray, ""},
		{".squad-connector/foo", false, EntryStray, ""},
		{".squad-connector/t-1.request.json", false, EntryStray, ""},
		{"examples/x.snapshot.json", false, EntryStray, ""},
		{".squad-connector/archive/t-1/t-1.request.json", false, EntryArchived, ""},
		{".squad-connector/archive/t-1/anything", false, EntryArchived, ""},
		{".squad-connector/archive", false, EntryStray, ""},
		{"archive/t-1/t-1.request.json", false, EntryStray, ""},
		{"a/b/t-1.request.json", false, EntryStray, ""},
		{"README.md", true, EntryRunbook, ""},
		{"t-1.request.json", true, EntryStray, ""},
	} {
		kind, stem := ClassifyEntry(tc.rest, tc.dropRoot)
		if kind != tc.kind || stem != tc.stem {
			t.Errorf("ClassifyEntry(%q, %v) = %d %q, want %d %q", tc.rest, tc.dropRoot, kind, stem, tc.kind, tc.stem)
		}
	}
}

func TestMailboxOwner(t *testing.T) {
	ms := []*Manifest{{Path: "connectors/a.json", DropPath: ".connector-drops/a/"}, {Path: "connectors/b.json", DropPath: "mail/b"}}
	ix := NewMailboxIndex(ms)
	for _, tc := range []struct {
		path, box string
		owned     bool
		ok        bool
	}{
		{".connector-drops/a/t.request.json", ".connector-drops/a/", true, true},
		{"mail/b/t.request.json", "mail/b/", true, true},
		{".connector-drops/zz/t.request.json", ".connector-drops/zz/", false, true},
		{".connector-drops/t.request.json", ".connector-drops/", false, true},
		{".connector-drops/ab/t.request.json", ".connector-drops/ab/", false, true},
		{"docs/t.request.json", "", false, false},
	} {
		box, m, ok := ix.Owner(tc.path)
		if box != tc.box || ok != tc.ok || (m != nil) != tc.owned {
			t.Errorf("Owner(%q) = %q %v %v", tc.path, box, m != nil, ok)
		}
	}
}

// Names taken from file paths never carry a credential into a message.
func TestNamesFromPathsAreRedacted(t *testing.T) {
	const secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyz"
	ix := NewMailboxIndex(nil)
	xs, strays := GroupExchanges(ix, []string{
		DropRoot + secret + "/notes.txt",
		DropRoot + "box/" + secret + ".request.json",
	})
	ds := append([]diag.Diagnostic{}, strays...)
	for _, x := range xs {
		x.Request.Src = []byte(`{"taskId": "t-1"}`)
		ds = append(ds, CheckExchange(x, nil).Diagnostics...)
	}
	if len(ds) < 3 {
		t.Fatalf("findings = %v", ds)
	}
	for _, d := range ds {
		if strings.Contains(d.Message, secret[4:]) {
			t.Errorf("%s echoes the credential: %s", d.Rule, d.Message)
		}
	}
}
