// Package plural writes counts for people: "1 error", "2 errors". Every
// count squadci prints for humans goes through it, so none reads "1 files".
package plural

import "strconv"

// Count returns n and the noun, adding "s" unless n is 1:
// Count(1, "error") is "1 error", Count(0, "error") is "0 errors".
func Count(n int, singular string) string {
	return Form(n, singular, singular+"s")
}

// Form returns n and the singular or the plural form given, for nouns whose
// plural is not the singular plus "s", or when a phrase follows the noun
// ("1 file checked", "2 files checked").
func Form(n int, singular, plural string) string {
	noun := plural
	if n == 1 || n == -1 {
		noun = singular
	}
	return strconv.Itoa(n) + " " + noun
}
