package connector

import (
	"strconv"

	"github.com/squadci/squadci/internal/textutil"
)

// maxQuoted is how many code points of an authored value a message repeats.
const maxQuoted = 80

// quoteText is %q of s, cut to maxQuoted code points with a trailing "…".
func quoteText(s string) string { return strconv.Quote(textutil.Abbreviate(s, maxQuoted)) }
