package lint

import (
	"errors"
	"testing"
)

func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"version: 1\npaths:\n  include: [\"a/**\"]\n  exclude: [\"b/*.json\"]\n",
		"rules:\n  SQ001: warning\noverrides:\n  - paths: [x]\n    rules: {SQ002: off}\n",
		"adapters:\n  a:\n    command: [x, y]\n    timeout: 5m\nnotify: {dispatch: true, comment: 3}\n",
		"a: &x [1]\nb: *x\n", "- [", "paths: {include: [\"[\"]}", "\xff\xfe", "version: !!binary aGk=\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c, err := ParseConfig(".squadci.yml", src)
		var ce *ConfigError
		if err != nil && !errors.As(err, &ce) {
			t.Fatalf("non-config error %T: %v", err, err)
		}
		if err == nil && c == nil {
			t.Fatal("nil config without error")
		}
		if ce != nil && (ce.Line < 0 || ce.Column < 0) {
			t.Fatalf("bad position %d:%d", ce.Line, ce.Column)
		}
	})
}
