package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// testExecutable is this test binary, which carries Go build information
// like any binary the toolchain links.
func testExecutable(t *testing.T) []byte {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func tarGz(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	for _, name := range []string{"README.md", "LICENSE", "squadci", "other"} {
		if b, ok := files[name]; ok {
			if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o755, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
				t.Fatal(err)
			}
			tw.Write(b)
		}
	}
	tw.Close()
	gz.Close()
	return buf.Bytes()
}

func zipOf(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, b := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	zw.Close()
	return buf.Bytes()
}

func writeArchive(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

var spdxID = regexp.MustCompile(`^SPDXRef-[A-Za-z0-9.-]+$`)

func TestDocumentFromArchives(t *testing.T) {
	exe := testExecutable(t)
	own, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("the test binary has no build information")
	}
	archives := map[string][]byte{
		"squadci_1.2.3_linux_amd64.tar.gz": tarGz(t, map[string][]byte{"README.md": []byte("r"), "LICENSE": []byte("l"), "squadci": exe}),
		"squadci_1.2.3_windows_arm64.zip":  zipOf(t, map[string][]byte{"README.md": []byte("r"), "squadci.exe": exe}),
	}
	for name, data := range archives {
		path := writeArchive(t, name, data)
		out := filepath.Join(t.TempDir(), "doc.json")
		args := []string{"--created", "2026-11-30T10:00:00Z", "--version", "1.2.3", "--out", out, path}
		if err := run(args); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		first, _ := os.ReadFile(out)
		if err := run(args); err != nil {
			t.Fatal(err)
		}
		second, _ := os.ReadFile(out)
		if !bytes.Equal(first, second) {
			t.Errorf("%s: two runs differ", name)
		}
		var doc document
		if err := json.Unmarshal(first, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkDocument(t, name, doc, sha256Hex(data), len(own.Deps))
	}
}

// checkDocument holds a document to SPDX 2.3's rules this tool must keep:
// unique, well-formed ids; every relationship between elements that exist;
// the document describes the archive, which contains the binary, which
// depends on each module and the standard library.
func checkDocument(t *testing.T, name string, doc document, archiveSum string, deps int) {
	t.Helper()
	if doc.SPDXVersion != "SPDX-2.3" || doc.DataLicense != "CC0-1.0" || doc.SPDXID != "SPDXRef-DOCUMENT" || doc.Name != name ||
		doc.CreationInfo.Created != "2026-11-30T10:00:00Z" || !strings.HasSuffix(doc.DocumentNamespace, archiveSum) {
		t.Errorf("%s: header %+v", name, doc)
	}
	ids := map[string]spdxPackage{"SPDXRef-DOCUMENT": {}}
	for _, p := range doc.Packages {
		if !spdxID.MatchString(p.SPDXID) {
			t.Errorf("%s: id %q is not an SPDX id", name, p.SPDXID)
		}
		if _, dup := ids[p.SPDXID]; dup {
			t.Errorf("%s: id %q twice", name, p.SPDXID)
		}
		if p.DownloadLocation == "" || p.LicenseConcluded == "" || p.LicenseDeclared == "" || p.CopyrightText == "" {
			t.Errorf("%s: package %s lacks a required field", name, p.SPDXID)
		}
		ids[p.SPDXID] = p
	}
	dependsOn := 0
	for _, r := range doc.Relationships {
		if _, ok := ids[r.Element]; !ok {
			t.Errorf("%s: relationship from unknown %q", name, r.Element)
		}
		if _, ok := ids[r.Related]; !ok {
			t.Errorf("%s: relationship to unknown %q", name, r.Related)
		}
		if r.Type == "DEPENDS_ON" {
			dependsOn++
		}
	}
	if a := ids["SPDXRef-Archive"]; len(a.Checksums) != 1 || a.Checksums[0].Value != archiveSum || a.VersionInfo != "1.2.3" {
		t.Errorf("%s: archive package %+v", name, a)
	}
	if b := ids["SPDXRef-Binary-squadci"]; b.VersionInfo != "1.2.3" || len(b.ExternalRefs) != 1 || !strings.HasSuffix(b.ExternalRefs[0].Locator, "@v1.2.3") {
		t.Errorf("%s: binary package %+v", name, b)
	}
	if dependsOn != deps+1 {
		t.Errorf("%s: %d DEPENDS_ON, want %d modules + stdlib", name, dependsOn, deps)
	}
}

func TestRefusals(t *testing.T) {
	created := []string{"--created", "2026-11-30T10:00:00Z", "--out"}
	tests := []struct {
		name, archive string
		data          []byte
		want          string
	}{
		{"no binary", "a.tar.gz", tarGz(t, map[string][]byte{"README.md": []byte("r")}), "holds no squadci"},
		{"not Go", "a.zip", zipOf(t, map[string][]byte{"squadci.exe": []byte("MZ not really")}), "not a Go binary"},
		{"not gzip", "a.tar.gz", []byte("plain text"), "gzip"},
		{"other format", "a.tar.xz", []byte("x"), "not a .tar.gz or .zip"},
	}
	for _, tt := range tests {
		path := writeArchive(t, tt.archive, tt.data)
		out := filepath.Join(t.TempDir(), "doc.json")
		err := run(append(append(created, out), path))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want %q", tt.name, err, tt.want)
		}
		if _, statErr := os.Stat(out); statErr == nil {
			t.Errorf("%s: wrote a document", tt.name)
		}
	}
	if err := run([]string{"--created", time.Now().Format(time.Kitchen), "--out", "x", "a.zip"}); err == nil || !strings.Contains(err.Error(), "--created") {
		t.Errorf("bad --created: %v", err)
	}
}
