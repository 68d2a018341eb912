package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
)

// binary is the squadci executable found in an archive.
type binary struct {
	name string // its path inside the archive
	data []byte
}

// binaryNames are the executables a release archive holds.
var binaryNames = map[string]bool{"squadci": true, "squadci.exe": true}

// findBinary returns the squadci executable inside a .tar.gz or .zip.
func findBinary(name string, data []byte) (binary, error) {
	switch {
	case strings.HasSuffix(name, ".tar.gz"), strings.HasSuffix(name, ".tgz"):
		return fromTarGz(name, data)
	case strings.HasSuffix(name, ".zip"):
		return fromZip(name, data)
	}
	return binary{}, fmt.Errorf("%s: not a .tar.gz or .zip archive", name)
}

func fromTarGz(name string, data []byte) (binary, error) {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return binary{}, fmt.Errorf("%s: %v", name, err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return binary{}, noBinary(name)
		}
		if err != nil {
			return binary{}, fmt.Errorf("%s: %v", name, err)
		}
		if h.Typeflag == tar.TypeReg && binaryNames[path.Base(h.Name)] {
			b, err := io.ReadAll(tr)
			if err != nil {
				return binary{}, fmt.Errorf("%s: %s: %v", name, h.Name, err)
			}
			return binary{h.Name, b}, nil
		}
	}
}

func fromZip(name string, data []byte) (binary, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return binary{}, fmt.Errorf("%s: %v", name, err)
	}
	for _, f := range zr.File {
		if f.Mode().IsRegular() && binaryNames[path.Base(f.Name)] {
			rc, err := f.Open()
			if err != nil {
				return binary{}, fmt.Errorf("%s: %s: %v", name, f.Name, err)
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				return binary{}, fmt.Errorf("%s: %s: %v", name, f.Name, err)
			}
			return binary{f.Name, b}, nil
		}
	}
	return binary{}, noBinary(name)
}

func noBinary(name string) error {
	return fmt.Errorf("%s holds no squadci or squadci.exe", name)
}
