package squadstate

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/squadci/squadci/lint/diag"
	"github.com/squadci/squadci/lint/source"
)

// historyFile is history/<agent>.md.
type historyFile struct {
	name    string // "history/Squad Lead.md"
	base    string // "Squad Lead"
	doc     *doc
	entries []*historyEntry
	blocks  []*consumptionBlock // every block in the file, in order
}

// historyEntry is one H2/H3 entry and what lies under it up to the next.
type historyEntry struct {
	heading *source.Heading
	end     int
	bullets []bullet
	blocks  []*consumptionBlock
}

// bullet is a "* Key: value" line of an entry.
type bullet struct {
	key   string
	value spanText
	line  diag.Span
}

// consumptionBlock is a "#### Consumption…" heading with its fenced block,
// or a legacy <!-- consumption:begin --> comment.
type consumptionBlock struct {
	heading *source.Heading
	fence   *source.Fence
	legacy  *source.Comment

	parsed   bool
	value    *source.Value    // the block's JSON value, spans in file offsets
	problems []source.Problem // its JSON problems, spans in file offsets
}

// json parses the fenced block once. value is nil when the JSON has
// problems; spans are shifted from the fence body into the file.
func (b *consumptionBlock) json(d *doc) (*source.Value, []source.Problem) {
	if b.parsed || b.fence == nil {
		return b.value, b.problems
	}
	b.parsed = true
	base := b.fence.Body.Start
	jd := source.ParseJSON(d.src[base:b.fence.Body.End])
	for _, p := range jd.Problems {
		p.Span = diag.Span{Start: base + p.Span.Start, End: base + p.Span.End}
		p.First = diag.Span{Start: base + p.First.Start, End: base + p.First.End}
		b.problems = append(b.problems, p)
	}
	if jd.Root == nil || len(jd.Problems) > 0 {
		return nil, b.problems
	}
	jd.Root.Walk(func(v *source.Value) {
		v.Span = diag.Span{Start: v.Span.Start + base, End: v.Span.End + base}
		if v.IsMember() {
			v.KeySpan = diag.Span{Start: v.KeySpan.Start + base, End: v.KeySpan.End + base}
		}
	})
	b.value = jd.Root
	return b.value, nil
}

// get returns the first bullet with this key, or nil.
func (e *historyEntry) get(key string) *bullet {
	for i := range e.bullets {
		if strings.EqualFold(e.bullets[i].key, key) {
			return &e.bullets[i]
		}
	}
	return nil
}

// historyFiles parses the root's loaded history files once, in parallel:
// a large squad has hundreds of files and thousands of consumption blocks,
// and each file parses independently.
func (h *hveRoot) historyFiles() []*historyFile {
	if h.hist != nil {
		return h.hist
	}
	var names []string
	for _, n := range h.history {
		if h.file(n) != nil {
			names = append(names, n)
		}
	}
	h.hist = make([]*historyFile, len(names))
	each(len(names), func(i int) {
		f := parseHistory(names[i], h.file(names[i]))
		for _, b := range f.blocks {
			b.json(f.doc)
		}
		h.hist[i] = f
	})
	return h.hist
}

// each calls fn(0..n-1) on up to GOMAXPROCS goroutines. fn must touch
// only its own index's data. The work is CPU-bound parsing and never
// waits, so it takes no context; a panic in fn is re-raised in the caller.
func each(n int, fn func(int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var once sync.Once
	var panicked any
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { panicked = r })
				}
			}()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(i)
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked) // re-raised on the caller's goroutine, where the engine recovers it
	}
}

func parseHistory(name string, d *doc) *historyFile {
	f := &historyFile{name: name, base: strings.TrimSuffix(strings.TrimPrefix(name, "history/"), ".md"), doc: d}
	md := d.markdown()
	var cur *historyEntry
	for _, hd := range md.Headings {
		switch {
		case hd.Level == 2 || hd.Level == 3:
			cur = &historyEntry{heading: hd}
			f.entries = append(f.entries, cur)
		case hd.Level == 4 && strings.HasPrefix(hd.Text, "Consumption"):
			b := &consumptionBlock{heading: hd}
			if fs := md.FencesIn(hd.Span.End, md.SectionEnd(hd)); len(fs) > 0 {
				b.fence = fs[0]
			}
			f.blocks = append(f.blocks, b)
			if cur != nil {
				cur.blocks = append(cur.blocks, b)
			}
		}
	}
	for _, c := range md.Comments {
		if c.Text == "consumption:begin" {
			b := &consumptionBlock{legacy: c}
			f.blocks = append(f.blocks, b)
			if e := f.entryAt(c.Span.Start); e != nil {
				e.blocks = append(e.blocks, b)
			}
		}
	}
	for i, e := range f.entries {
		e.end = len(d.src)
		if i+1 < len(f.entries) {
			e.end = f.entries[i+1].heading.Span.Start
		}
		e.bullets = readBullets(md, e.heading.Line+1, e.end)
	}
	return f
}

// entryAt returns the entry holding offset off, or nil.
func (f *historyFile) entryAt(off int) *historyEntry {
	var last *historyEntry
	for _, e := range f.entries {
		if e.heading.Span.Start > off {
			break
		}
		last = e
	}
	return last
}

// readBullets collects "* Key: value" (or "- Key: value") text lines from
// line index from up to byte offset end.
func readBullets(md *source.Markdown, from, end int) []bullet {
	var out []bullet
	for i := from; i < len(md.Lines) && md.Lines[i].Span.Start < end; i++ {
		l := md.Lines[i]
		if l.Kind != source.LineText {
			continue
		}
		text := md.Src[l.Span.Start:l.Span.End]
		if len(text) < 3 || (text[0] != '*' && text[0] != '-') || text[1] != ' ' {
			continue
		}
		rest := string(text[2:])
		colon := strings.Index(rest, ":")
		if colon <= 0 || strings.ContainsAny(rest[:colon], "`*") {
			continue
		}
		vs := 2 + colon + 1
		for vs < len(text) && text[vs] == ' ' {
			vs++
		}
		out = append(out, bullet{
			key:   strings.TrimSpace(rest[:colon]),
			value: spanText{string(text[vs:]), diag.Span{Start: l.Span.Start + vs, End: l.Span.End}},
			line:  l.Span,
		})
	}
	return out
}

// backticked returns the `…` spans of a bullet value.
func backticked(v spanText) []spanText {
	var out []spanText
	s := v.text
	for i := 0; i < len(s); {
		a := strings.IndexByte(s[i:], '`')
		if a < 0 {
			break
		}
		b := strings.IndexByte(s[i+a+1:], '`')
		if b < 0 {
			break
		}
		start := i + a + 1
		out = append(out, spanText{s[start : start+b], diag.Span{Start: v.span.Start + start, End: v.span.Start + start + b}})
		i = start + b + 1
	}
	return out
}
