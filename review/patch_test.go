package review

import (
	"reflect"
	"testing"
)

func TestParsePatch(t *testing.T) {
	patch := "@@ -1,3 +1,4 @@\n line one\n-old two\n+new two\n+added three\n line four\n" +
		"@@ -20 +21,2 @@ func x() {\n+twenty-one\n context\n\\ No newline at end of file"
	d, err := ParsePatch(patch)
	if err != nil {
		t.Fatal(err)
	}
	want := []Hunk{
		{First: 1, Last: 4, Added: map[int]bool{2: true, 3: true}, Text: map[int]string{1: "line one", 2: "new two", 3: "added three", 4: "line four"}},
		{First: 21, Last: 22, Added: map[int]bool{21: true}, Text: map[int]string{21: "twenty-one", 22: "context"}},
	}
	if !reflect.DeepEqual(d.Hunks, want) {
		t.Fatalf("hunks = %+v, want %+v", d.Hunks, want)
	}
	for _, tc := range []struct{ first, last, want int }{
		{1, 1, 0}, {1, 2, 2}, {3, 9, 3}, {4, 20, 0}, {22, 22, 0}, {20, 21, 21},
	} {
		if got := d.firstAdded(tc.first, tc.last); got != tc.want {
			t.Errorf("firstAdded(%d, %d) = %d, want %d", tc.first, tc.last, got, tc.want)
		}
	}
}

func TestParsePatchDeletionOnlyAndEmpty(t *testing.T) {
	d, err := ParsePatch("@@ -5,2 +4,0 @@\n-gone\n-gone too\n")
	if err != nil || len(d.Hunks) != 1 || len(d.Hunks[0].Added) != 0 || d.Hunks[0].Last != 3 {
		t.Errorf("deletion-only patch = %+v, %v", d, err)
	}
	if d, err := ParsePatch(""); err != nil || len(d.Hunks) != 0 {
		t.Errorf("no patch (binary file) = %+v, %v", d, err)
	}
}

func TestParsePatchRejectsGarbage(t *testing.T) {
	for _, patch := range []string{"not a diff\n", "@@ -1 +1 @@\n+ok\n?what\n"} {
		if _, err := ParsePatch(patch); err == nil {
			t.Errorf("ParsePatch(%q) accepted it", patch)
		}
	}
}

func TestHunkMatchesTheCheckout(t *testing.T) {
	d, err := ParsePatch("@@ -1,2 +1,3 @@\n keep\n+new\n same\n")
	if err != nil {
		t.Fatal(err)
	}
	for src, want := range map[string]bool{
		"keep\nnew\nsame\nmore\n":      true,
		"keep\r\nnew\r\nsame\r\n":      true,
		"base line\nkeep\nnew\nsame\n": false, // a merge commit: the base added a line above
		"keep\n":                       false,
	} {
		if got := d.matchesAll([]byte(src)); got != want {
			t.Errorf("matchesAll(%q) = %v, want %v", src, got, want)
		}
	}
}
