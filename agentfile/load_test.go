package agentfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	mkdirAll(t, filepath.Dir(p))
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadCase is a path Load must refuse with msg.
type loadCase struct{ name, path, msg string }

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "agents", "greeter.agent.md")
	writeFile(t, good, greeter)
	if _, err := Load(good); err != nil {
		t.Fatalf("Load: %v", err)
	}

	big := filepath.Join(dir, "big.agent.md")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil { // sparse: never read
		t.Fatal(err)
	}
	f.Close()
	exact := filepath.Join(dir, "exact.agent.md")
	writeFile(t, exact, "# Big\n\n"+strings.Repeat("x", MaxFileBytes-8)+"\n")
	over := filepath.Join(dir, "over.agent.md")
	writeFile(t, over, "# Big\n\n"+strings.Repeat("x", MaxFileBytes-7)+"\n")
	if _, err := Load(exact); err != nil {
		t.Errorf("file at the bound: %v", err)
	}

	cases := []loadCase{
		{"dot-dot before cleaning", filepath.Join(dir, "agents") + "/../agents/greeter.agent.md", "path contains a '..' segment"},
		{"relative dot-dot", "../x.agent.md", "path contains a '..' segment"},
		{"missing", filepath.Join(dir, "nope.agent.md"), "file does not exist"},
		{"directory", filepath.Join(dir, "agents"), "not a regular file"},
		{"oversized sparse file", big, "file is larger than 256 KiB"},
		{"one byte over", over, "file is larger than 256 KiB"},
		{"empty name", "", "no file name"},
	}
	cases = append(cases, specialLoadCases(t, dir, good)...)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Load(tc.path)
			var e *Error
			if a != nil || !errors.As(err, &e) {
				t.Fatalf("Load = %v, %v; want a refusal", a, err)
			}
			if e.Message != tc.msg || e.Line != 1 || e.Column != 1 || e.Repair == "" {
				t.Errorf("got %q at %d:%d, want %q at 1:1", e.Message, e.Line, e.Column, tc.msg)
			}
		})
	}
}

func TestLoadRelative(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".squad", "agents", "greeter", "charter.md"), greeter)
	t.Chdir(dir)
	if _, err := Load(".squad/agents/greeter/charter.md"); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(dir, ".squad", "agents", "greeter"))
	if _, err := Load("charter.md"); err != nil {
		t.Fatal(err)
	}
	if _, err := Load("./charter.md"); err != nil {
		t.Fatal(err)
	}
}

func TestErrorText(t *testing.T) {
	e := &Error{Filename: "a\x1bb.agent.md", Line: 3, Column: 7, Field: "Identity.ID", Message: "bad", Repair: "fix it"}
	if got, want := e.Error(), `"a\x1bb.agent.md":3:7: Identity.ID: bad (fix it)`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	e.Filename = token + ".agent.md"
	if got := e.Error(); strings.Contains(got, token[4:]) || !strings.HasPrefix(got, withheldName) {
		t.Errorf("credential-shaped file name echoed: %s", got)
	}
	e.Filename, e.Field, e.Repair = "ok.agent.md", "", ""
	if got, want := e.Error(), "ok.agent.md:3:7: bad"; got != want {
		t.Errorf("got %s want %s", got, want)
	}
}

// TestNothingEchoed holds every refusal's message and repair to the
// contract: authored values and the YAML library's words never appear.
func TestNothingEchoed(t *testing.T) {
	secret := "Zq9vXk2PwL7rTn4m"
	srcs := []string{
		replace(t, greeter, "type: contains", "type: "+secret),
		replace(t, greeter, "**ID:** greeter", "**ID:** "+secret),
		replace(t, greeter, "## Identity", "## "+secret),
		replace(t, greeter, "input: Ada", "input: ["+secret),
		replace(t, greeter, "    input: Ada\n", "    input: Ada\n    "+secret+": 1\n"),
		"---\n" + secret + ": [\n---\n",
		replace(t, greeter, "**Preferred:** fake", "**Preferred:** "+secret+" x"),
	}
	for _, src := range srcs {
		_, err := Parse("g.agent.md", []byte(src))
		if err == nil {
			t.Fatalf("accepted %q", src)
		}
		if msg := err.Error(); strings.Contains(msg, secret) || strings.Contains(msg, "yaml:") {
			t.Errorf("refusal echoes authored or library text: %s", msg)
		}
		for _, d := range Check("g.agent.md", []byte(src)) {
			if strings.Contains(d.Message, secret) {
				t.Errorf("finding echoes authored text: %s", d.Message)
			}
		}
	}
}
