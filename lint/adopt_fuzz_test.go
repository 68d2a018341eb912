package lint

import (
	"testing"
)

// FuzzParseBaseline: any bytes give a baseline or a positioned error,
// never a panic; what parses marshals to a file that parses the same.
func FuzzParseBaseline(f *testing.F) {
	f.Add([]byte("{\"version\": 1, \"tool\": \"squadci\",\n \"findings\": []}\n"))
	f.Add([]byte(`{"version": 1, "tool": "squadci", "findings": [{"rule": "CN101", "path": "a", "fingerprint": "0123456789abcdef0123456789abcdef", "count": 2}]}`))
	f.Add([]byte(`{"version": 1, "tool": "squadci", "findings": [{"count": -1}, 3]}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		b, err := ParseBaseline("b.json", src)
		if err != nil {
			if _, ok := err.(*ConfigError); !ok {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		again, err := ParseBaseline("b.json", b.Marshal())
		if err != nil || again.Total() != b.Total() || len(again.Entries) != len(b.Entries) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// FuzzParseUnifiedDiff: any text gives changed lines, never a panic.
func FuzzParseUnifiedDiff(f *testing.F) {
	f.Add([]byte("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1,3 @@\n-a\n-b\n+c\n+d\n+e\n"))
	f.Add([]byte("diff --git a/x b/y\nrename from x\nrename to \"y\\303\"\n@@ -0,0 +0,0 @@\n"))
	f.Add([]byte("+++ b/z\n@@ -a +-9999999999999999999 @@\n@@ - + @@\nBinary files a/q and b/q differ\n"))
	f.Fuzz(func(t *testing.T, patch []byte) {
		for _, fc := range parseUnifiedDiff(patch) {
			for _, r := range fc.spans {
				_ = r.hi - r.lo
			}
		}
	})
}
