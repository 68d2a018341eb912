package lint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/squadci/squadci/connector"
	"github.com/squadci/squadci/internal/testtool"
)

const exchangeFixtures = "../testdata/connector/exchange"

// TestExchangeFixturesThroughEngine lints every exchange fixture tree with
// the engine and requires exactly the findings the connector package's own
// loader yields (whose .out files connector's tests compare): discovery,
// grouping and narrowing in the engine must not lose or add anything.
// Cases with a .setup (symlinks, sparse files) are left to that test.
func TestExchangeFixturesThroughEngine(t *testing.T) {
	outs, _ := filepath.Glob(filepath.Join(exchangeFixtures, "*.out"))
	if len(outs) == 0 {
		t.Fatal("no exchange fixtures")
	}
	for _, out := range outs {
		dir := strings.TrimSuffix(out, ".out")
		if _, err := os.Stat(dir + ".setup"); err == nil {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			res := lintTree(t, dir, Options{})
			var got []string
			for _, f := range res.Run.Findings {
				got = append(got, fmt.Sprintf("%s [%s] %s", f.Path, f.Rule, f.Message))
			}
			want := connectorFindings(t, dir)
			slices.Sort(got)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("engine and connector disagree\nengine:    %q\nconnector: %q", got, want)
			}
		})
	}
}

// connectorFindings checks a tree with the connector package's loaders.
func connectorFindings(t *testing.T, root string) []string {
	t.Helper()
	ctx := context.Background()
	fsys := connector.DirFS(root)
	ms, ds, _, err := connector.LoadManifests(ctx, fsys)
	if err != nil {
		t.Fatal(err)
	}
	ix := connector.NewMailboxIndex(ms)
	l, err := connector.LoadExchanges(ctx, fsys, ix)
	if err != nil {
		t.Fatal(err)
	}
	ds = append(ds, l.Strays...)
	env := &connector.Env{FS: fsys, Mailboxes: ix}
	for _, x := range l.Exchanges {
		ds = append(ds, connector.CheckExchange(x, env).Diagnostics...)
	}
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s [%s] %s", d.Path, d.Rule, d.Message))
	}
	slices.Sort(out)
	return out
}

// A narrowed run reads the whole exchange of a targeted file (the identity
// check needs the request) and reports only the target's findings.
func TestExchangeNarrowedRun(t *testing.T) {
	dir := filepath.Join(exchangeFixtures, "result-identity-mismatch")
	result := ".connector-drops/acme-research-agent/t-3f9c2a7e51d04b88.result.json"
	res := lintTree(t, dir, Options{Targets: []string{result}})
	got := rulesByPath(res.Run.Findings)
	if len(got) != 1 || !reflect.DeepEqual(got[result], []string{"CN504", "CN504", "CN504"}) {
		t.Errorf("narrowed findings = %v", got)
	}
	if res.Run.Files < 4 {
		t.Errorf("files checked = %d; the whole exchange (4 files) should be read", res.Run.Files)
	}
}

// An exchange file that is a symlink is never followed: the engine reports
// it unreadable, and the rest of its exchange is still checked.
func TestExchangeSymlinkedFile(t *testing.T) {
	src := filepath.Join(exchangeFixtures, "ok-1-1-agent")
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	res := filepath.Join(root, ".connector-drops/acme-research-agent/t-3f9c2a7e51d04b88.result.json")
	if err := os.Rename(res, filepath.Join(root, "elsewhere.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "elsewhere.json"), res); err != nil {
		testtool.Unsupported(t, "symbolic links", err)
	}
	got := rulesByPath(lintTree(t, root, Options{}).Run.Findings)
	want := map[string][]string{".connector-drops/acme-research-agent/t-3f9c2a7e51d04b88.result.json": {"SQ003"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings = %v, want %v", got, want)
	}
}

// Files under a mailbox's .squad-connector/archive/ are a finished task's
// moved exchange (`squadci connector archive`): never linted as live ones,
// whether the whole tree is linted or the archive is named. ok-lifecycle
// archives an invalid request and result.
func TestArchivedExchangeIsNotLinted(t *testing.T) {
	dir := filepath.Join(exchangeFixtures, "ok-lifecycle")
	archived := ".connector-drops/acme-research-agent/.squad-connector/archive/t-0b6e2f8a4c1d7e93/"
	for _, targets := range [][]string{nil, {archived}, {archived + "t-0b6e2f8a4c1d7e93.request.json"}} {
		res := lintTree(t, dir, Options{Targets: targets})
		for _, f := range res.Run.Findings {
			t.Errorf("targets %q: %s [%s] %s", targets, f.Path, f.Rule, f.Message)
		}
	}
}
