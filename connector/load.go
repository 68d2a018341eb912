package connector

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/squadci/squadci/lint/diag"
)

// MaxFileSize caps every connector JSON file the loaders read, as the lint
// engine does: real files are a few KiB.
const MaxFileSize = 4 << 20

// ManifestDir is where manifests live by default.
const ManifestDir = "connectors/"

// LoadManifests parses every connectors/**/*.json of fsys (exchange-named
// files excepted) and runs the cross-manifest rules. Files that cannot be
// read are skipped; their paths are in the returned map with the reason.
func LoadManifests(ctx context.Context, fsys ReadFS) ([]*Manifest, []diag.Diagnostic, map[string]error, error) {
	paths, err := walkFiles(ctx, fsys, ManifestDir)
	if err != nil {
		return nil, nil, nil, err
	}
	var ms []*Manifest
	var ds []diag.Diagnostic
	unreadable := map[string]error{}
	for _, p := range paths {
		if !strings.HasSuffix(p, ".json") || isExchangeName(path.Base(p)) {
			continue
		}
		src, err := fsys.ReadFile(p, MaxFileSize)
		if err != nil {
			unreadable[p] = err
			continue
		}
		m, mds := ParseManifest(p, src)
		ds = append(ds, mds...)
		if m != nil {
			ms = append(ms, m)
		}
	}
	ds = append(ds, CheckManifests(ms)...)
	return ms, ds, unreadable, nil
}

func isExchangeName(base string) bool {
	for _, s := range [...]string{".request.json", ".result.json", ".snapshot.json", ".state.json", ".claim.json"} {
		if strings.HasSuffix(base, s) {
			return true
		}
	}
	return false
}

// Loaded is every mailbox of a repository, read.
type Loaded struct {
	Exchanges []*Exchange
	// Strays are mailbox-stray-file findings.
	Strays []diag.Diagnostic
	// Unreadable maps exchange files that are present but could not be read
	// (symlinks, special or oversized files) to the reason; their File.Src
	// is nil.
	Unreadable map[string]error
}

// LoadExchanges lists every mailbox ix knows in fsys, groups the files into
// exchanges and reads them. It writes nothing.
func LoadExchanges(ctx context.Context, fsys ReadFS, ix *MailboxIndex) (*Loaded, error) {
	var paths []string
	for _, dir := range ix.Dirs() {
		ps, err := walkFiles(ctx, fsys, dir)
		if err != nil {
			return nil, err
		}
		paths = append(paths, ps...)
	}
	slices.Sort(paths)
	paths = slices.Compact(paths)
	xs, strays := GroupExchanges(ix, paths)
	l := &Loaded{Exchanges: xs, Strays: strays, Unreadable: map[string]error{}}
	for _, x := range xs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, f := range x.Files() {
			src, err := fsys.ReadFile(f.Path, MaxFileSize)
			if err != nil {
				l.Unreadable[f.Path] = err
				continue
			}
			f.Src = src
		}
		if x.Lock != nil {
			// Only judged for staleness: an unreadable lock is resume's to
			// judge by its flock and mtime.
			x.Lock.Src, _ = fsys.ReadFile(x.Lock.Path, maxLockSize)
		}
	}
	return l, nil
}

// walkFiles lists the non-directory entries below dir ("dir/"), without
// following links, and never descends into a .squad-connector/archive/. A
// missing dir lists nothing.
func walkFiles(ctx context.Context, fsys ReadFS, dir string) ([]string, error) {
	var out []string
	var walk func(d string) error
	walk = func(d string) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		entries, err := fsys.ReadDir(strings.TrimSuffix(d, "/"))
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrLink) {
				return nil
			}
			return err
		}
		for _, e := range entries {
			p := d + e.Name()
			if e.IsDir() {
				if e.Name() == ".git" || strings.HasSuffix(p+"/", "/"+archiveDir) {
					continue // the archive holds no live exchange: never listed
				}
				if err := walk(p + "/"); err != nil {
					return err
				}
				continue
			}
			out = append(out, p)
		}
		return nil
	}
	if err := walk(dir); err != nil {
		return nil, err
	}
	return out, nil
}
