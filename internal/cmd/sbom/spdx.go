package main

import (
	"bytes"
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// The subset of SPDX 2.3's JSON form this tool writes.
type document struct {
	SPDXVersion       string         `json:"spdxVersion"`
	DataLicense       string         `json:"dataLicense"`
	SPDXID            string         `json:"SPDXID"`
	Name              string         `json:"name"`
	DocumentNamespace string         `json:"documentNamespace"`
	CreationInfo      creationInfo   `json:"creationInfo"`
	Packages          []spdxPackage  `json:"packages"`
	Relationships     []relationship `json:"relationships"`
}

type creationInfo struct {
	Created  string   `json:"created"`
	Creators []string `json:"creators"`
}

type spdxPackage struct {
	Name             string        `json:"name"`
	SPDXID           string        `json:"SPDXID"`
	VersionInfo      string        `json:"versionInfo,omitempty"`
	PackageFileName  string        `json:"packageFileName,omitempty"`
	DownloadLocation string        `json:"downloadLocation"`
	FilesAnalyzed    bool          `json:"filesAnalyzed"`
	Checksums        []checksum    `json:"checksums,omitempty"`
	LicenseConcluded string        `json:"licenseConcluded"`
	LicenseDeclared  string        `json:"licenseDeclared"`
	CopyrightText    string        `json:"copyrightText"`
	Comment          string        `json:"comment,omitempty"`
	ExternalRefs     []externalRef `json:"externalRefs,omitempty"`
	Purpose          string        `json:"primaryPackagePurpose,omitempty"`
}

type checksum struct {
	Algorithm string `json:"algorithm"`
	Value     string `json:"checksumValue"`
}

type externalRef struct {
	Category string `json:"referenceCategory"`
	Type     string `json:"referenceType"`
	Locator  string `json:"referenceLocator"`
}

type relationship struct {
	Element string `json:"spdxElementId"`
	Type    string `json:"relationshipType"`
	Related string `json:"relatedSpdxElement"`
}

const (
	noAssertion = "NOASSERTION"
	// namespaceBase names documents; the archive's digest makes each unique.
	namespaceBase = "https://github.com/squadci/squadci/releases/sbom/"
	// squadciLicense is the license of squadci's own code (LICENSE); the
	// dependencies' licenses are not recorded in the binary, so they are
	// NOASSERTION rather than guessed.
	squadciLicense = "MIT"
)

func newDocument(archivePath string, archive []byte, bin binary, version string, created time.Time) (*document, error) {
	info, err := buildinfo.Read(bytes.NewReader(bin.data))
	if err != nil {
		return nil, fmt.Errorf("%s: %s is not a Go binary with build information: %v", archivePath, bin.name, err)
	}
	name := filepath.Base(archivePath)
	archiveSum := sha256Hex(archive)
	doc := &document{
		SPDXVersion:       "SPDX-2.3",
		DataLicense:       "CC0-1.0",
		SPDXID:            "SPDXRef-DOCUMENT",
		Name:              name,
		DocumentNamespace: namespaceBase + name + "-" + archiveSum,
		CreationInfo:      creationInfo{Created: created.Format(time.RFC3339), Creators: []string{"Tool: squadci-sbom", "Organization: squadci"}},
	}
	if version == "" {
		version = strings.TrimPrefix(info.Main.Version, "v")
	}
	archiveID, binID := "SPDXRef-Archive", "SPDXRef-Binary-squadci"
	doc.Packages = append(doc.Packages,
		spdxPackage{Name: name, SPDXID: archiveID, VersionInfo: version, PackageFileName: name, DownloadLocation: noAssertion,
			Checksums: []checksum{{"SHA256", archiveSum}}, LicenseConcluded: noAssertion, LicenseDeclared: squadciLicense,
			CopyrightText: noAssertion, Purpose: "ARCHIVE"},
		spdxPackage{Name: info.Main.Path, SPDXID: binID, VersionInfo: version, PackageFileName: bin.name, DownloadLocation: noAssertion,
			Checksums: []checksum{{"SHA256", sha256Hex(bin.data)}}, LicenseConcluded: noAssertion, LicenseDeclared: squadciLicense,
			CopyrightText: noAssertion, Comment: "built with " + info.GoVersion + buildSettings(info),
			ExternalRefs: []externalRef{purl(info.Main.Path, "v"+version)}, Purpose: "APPLICATION"},
	)
	doc.Relationships = append(doc.Relationships,
		relationship{"SPDXRef-DOCUMENT", "DESCRIBES", archiveID},
		relationship{archiveID, "CONTAINS", binID})
	stdlibID := "SPDXRef-Package-stdlib"
	goVersion := strings.TrimPrefix(info.GoVersion, "go")
	doc.Packages = append(doc.Packages, spdxPackage{Name: "stdlib", SPDXID: stdlibID, VersionInfo: goVersion,
		DownloadLocation: noAssertion, LicenseConcluded: noAssertion, LicenseDeclared: noAssertion, CopyrightText: noAssertion,
		Comment: "the Go standard library linked into the binary", ExternalRefs: []externalRef{purl("stdlib", goVersion)}, Purpose: "LIBRARY"})
	doc.Relationships = append(doc.Relationships, relationship{binID, "DEPENDS_ON", stdlibID})
	for i, dep := range info.Deps {
		if dep.Replace != nil {
			dep = dep.Replace
		}
		id := fmt.Sprintf("SPDXRef-Package-%d-%s", i+1, spdxIDUnsafe.ReplaceAllString(dep.Path, "-"))
		pkg := spdxPackage{Name: dep.Path, SPDXID: id, VersionInfo: dep.Version, DownloadLocation: noAssertion,
			LicenseConcluded: noAssertion, LicenseDeclared: noAssertion, CopyrightText: noAssertion,
			ExternalRefs: []externalRef{purl(dep.Path, dep.Version)}, Purpose: "LIBRARY"}
		if dep.Sum != "" {
			pkg.Comment = "go.sum hash " + dep.Sum
		}
		doc.Packages = append(doc.Packages, pkg)
		doc.Relationships = append(doc.Relationships, relationship{binID, "DEPENDS_ON", id})
	}
	return doc, nil
}

// spdxIDUnsafe matches what an SPDX identifier may not hold (letters,
// digits, '.' and '-' only).
var spdxIDUnsafe = regexp.MustCompile(`[^A-Za-z0-9.-]+`)

// purl is a Package URL of type golang (the module path, then @version).
func purl(path, version string) externalRef {
	return externalRef{"PACKAGE-MANAGER", "purl", "pkg:golang/" + path + "@" + version}
}

// buildSettings names the settings that change what the binary is.
func buildSettings(info *buildinfo.BuildInfo) string {
	var parts []string
	for _, s := range info.Settings {
		switch s.Key {
		case "CGO_ENABLED", "GOOS", "GOARCH", "-trimpath", "vcs.revision", "vcs.modified":
			parts = append(parts, s.Key+"="+s.Value)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func (d *document) marshal() ([]byte, error) {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
