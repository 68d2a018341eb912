package connector

import (
	"slices"
	"testing"

	"github.com/squadci/squadci/lint/source"
)

// credentialShapes are values the scanner flags, alone and inside text.
var credentialShapes = []string{
	"ghp_R8fQ2vX9kLmN4pZ7tY1wB6cD3eH5jK0sA2gU",
	"AKIAZ7QW3R5T8Y2U4I6O",
	"reports/ghp_R8fQ2vX9kLmN4pZ7tY1wB6cD3eH5jK0sA2gU.md",
	"password=Zq8#vT2!mK9@xR4$wL7p",
	"t-ghp_R8fQ2vX9kLmN4pZ7tY1wB6cD3eH5jK0sA2gU",
}

// TestMessagesNeverEchoCredentials puts a credential-shaped string in
// place of every string value and every member name of the valid exchange,
// one at a time: no finding's message may repeat it.
func TestMessagesNeverEchoCredentials(t *testing.T) {
	b := loadFuzzBase(t)
	env := &Env{FS: allExist{}, Mailboxes: NewMailboxIndex([]*Manifest{b.manifest})}
	for _, which := range []string{"request", "result"} {
		src := b.request
		if which == "result" {
			src = b.result
		}
		doc := source.ParseJSON(src)
		var spans [][2]int
		doc.Root.Walk(func(v *source.Value) {
			if v.Kind == source.KindString {
				spans = append(spans, [2]int{v.Span.Start, v.Span.End})
			}
			if v.IsMember() {
				spans = append(spans, [2]int{v.KeySpan.Start, v.KeySpan.End})
			}
		})
		for _, sp := range spans {
			for _, shape := range credentialShapes {
				mutated := slices.Concat(src[:sp[0]], []byte(`"`+shape+`"`), src[sp[1]:])
				x := b.exchange(b.request, b.result)
				if which == "request" {
					x.Request.Src = mutated
				} else {
					x.Result.Src = mutated
				}
				c := CheckExchange(x, env)
				checkFindings(t, x, c.Diagnostics)
			}
		}
	}
}
