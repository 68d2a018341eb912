package lint

import (
	"reflect"
	"testing"
)

func TestParseUnifiedDiff(t *testing.T) {
	patch := "diff --git a/new.txt b/new.txt\n" +
		"new file mode 100644\n" +
		"--- /dev/null\n" +
		"+++ b/new.txt\n" +
		"@@ -0,0 +1,2 @@\n" +
		"+new\n" +
		"+--- looks like a header\n" +
		"diff --git a/plain b/renamed\n" +
		"similarity index 50%\n" +
		"rename from plain\n" +
		"rename to renamed\n" +
		"--- a/plain\n" +
		"+++ b/renamed\n" +
		"@@ -2 +1,0 @@\n" +
		"-2\n" +
		"diff --git a/x y.txt b/x y.txt\n" +
		"--- a/x y.txt\t\n" +
		"+++ b/x y.txt\t\n" +
		"@@ -2 +2 @@ a\n" +
		"-b\n" +
		"+B\n" +
		"@@ -3,0 +4,3 @@ c\n" +
		"++++ b/not-a-file\n" +
		"+e\n" +
		"+f\n" +
		"\\ No newline at end of file\n" +
		"diff --git \"a/\\303\\251.txt\" \"b/\\303\\251.txt\"\n" +
		"--- \"a/\\303\\251.txt\"\n" +
		"+++ \"b/\\303\\251.txt\"\n" +
		"@@ -1 +1 @@\n" +
		"-q\n" +
		"+r\n" +
		"diff --git a/moved b/moved2\n" +
		"similarity index 100%\n" +
		"rename from moved\n" +
		"rename to moved2\n" +
		"diff --git a/img.png b/img.png\n" +
		"Binary files a/img.png and b/img.png differ\n" +
		"diff --git a/gone b/gone\n" +
		"deleted file mode 100644\n" +
		"--- a/gone\n" +
		"+++ /dev/null\n" +
		"@@ -1 +0,0 @@\n" +
		"-x\n"
	want := map[string]*fileChanges{
		"new.txt": {whole: true, spans: []lineRange{{1, 2}}},
		"renamed": {spans: []lineRange{{2, 2}}}, // the deletion after line 1 counts for line 2
		"x y.txt": {spans: []lineRange{{2, 2}, {4, 6}}},
		"é.txt":   {spans: []lineRange{{1, 1}}},
		"moved2":  {},
		"img.png": {whole: true},
	}
	if got := parseUnifiedDiff([]byte(patch)); !reflect.DeepEqual(got, want) {
		for k, v := range got {
			t.Logf("%s: %+v", k, *v)
		}
		t.Errorf("parse mismatch")
	}
}

func TestChangesTouches(t *testing.T) {
	c := &Changes{
		files: map[string]*fileChanges{"a": {spans: []lineRange{{2, 2}, {6, 8}}}, "same": {}},
		atRev: map[string]bool{"a": true, "same": true, "old": true},
	}
	tests := []struct {
		path   string
		lo, hi int
		want   bool
	}{
		{"a", 1, 1, false}, {"a", 2, 2, true}, {"a", 3, 5, false}, {"a", 5, 6, true},
		{"a", 8, 20, true}, {"a", 9, 9, false}, {"a", 0, 0, true}, {"same", 0, 0, false},
		{"old", 1, 3, false}, {"untracked", 4, 4, true},
	}
	for _, tc := range tests {
		if got := c.touches(tc.path, tc.lo, tc.hi); got != tc.want {
			t.Errorf("touches(%s, %d, %d) = %v", tc.path, tc.lo, tc.hi, got)
		}
	}
}
