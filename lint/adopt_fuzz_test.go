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
