package grammar

import (
	"bytes"
	"fmt"
	"unsafe"

	"github.com/ashtapada/ashtapada/record"
)

// ParseChunkWithGrammar parses a chunk with the participle grammar only,
// bypassing the hand-written fast path, for the differential tests.
func ParseChunkWithGrammar(c Chunk, filename string) *record.Game {
	g := &record.Game{Source: c.Data, Pos: c.Pos}
	b := &builder{g: g, filename: filename}
	parseChunkCommon(&c, filename, b, false)
	return g
}

// SetRestartEvery sets how far apart the fast path notes where the grammar
// can read a rejected game again from, and returns what restores it.
func SetRestartEvery(n int) (restore func()) {
	old := restartEvery
	restartEvery = n
	return func() { restartEvery = old }
}

// ReadInParts is the reading of a game's main line in parts of at least
// nodes nodes that SourceOf walks, each part but the last given to take,
// for the tests that compare it with the reading whole.
func ReadInParts(c Chunk, filename string, s *Scratch, nodes int, take func(g *record.Game, nodes []record.Node)) (*record.Game, bool) {
	return readParts(c, filename, s, partReading{Nodes: nodes, Take: take})
}

// SetPlainRuns turns the splitter's taking of plain lines in runs on or
// off, and returns what restores it.
func SetPlainRuns(on bool) (restore func()) {
	old := plainRuns
	plainRuns = on
	return func() { plainRuns = old }
}

// SetDescBatch sets the most top-level elements the descriptive scanner
// reads at a time in a game read in parts, and returns what restores it.
func SetDescBatch(n int) (restore func()) {
	old := descBatch
	descBatch = n
	return func() { descBatch = old }
}

// CutOf is c without what the splitter hands the reader besides the cut
// (the tag lines it read, which only runs read as written the usual way,
// and noParen, which only runs know), after checking that each of those is
// where the chunk holds that tag line (the lexer takes its name and value
// from there unread) and that noParen is true of the chunk (the lean read
// does not search it then).
func CutOf(c Chunk) (Chunk, error) {
	if c.noParen && (len(c.tags) == 0 || bytes.IndexByte(c.Data[c.tagsEnd:], '(') >= 0) {
		return c, fmt.Errorf("chunk %q after its tag lines (from %d) is said to hold no `(`", c.Data, c.tagsEnd)
	}
	at := c.tagsAt
	for _, k := range c.tags {
		j, e := plainTagAt(c.Data, at+1)
		// The line ends right after the `"]`, with `\n` or `\r\n`.
		end := e + 3
		if e+2 < len(c.Data) && c.Data[e+2] == '\r' {
			end++
		}
		if j != at+int(k>>8&tagNameEnd) || end-e != tagLineStep(k) || e != at+int(k&0xff) || c.Data[at] != '[' || end > len(c.Data) || c.Data[end-1] != '\n' {
			return c, fmt.Errorf("tag line %#x at %d of %q is read at %d, %d", k, at, c.Data, j, e)
		}
		at = end
	}
	if len(c.tags) > 0 && c.tagsEnd != at {
		return c, fmt.Errorf("tag lines of %q end at %d, not %d", c.Data, at, c.tagsEnd)
	}
	c.tagsAt, c.tagsEnd, c.tags, c.noParen = 0, 0, nil, false
	return c, nil
}

// NoParen is Chunk.noParen: the splitter says that c holds no `(` after
// its run of tag lines.
func NoParen(c Chunk) bool { return c.noParen }

// TagsRead is how many tag lines the splitter handed over with c and how
// many of them the fast path's tag reading took unread.
func TagsRead(c Chunk) (handed, taken int) {
	lx := newLexer(unsafe.String(unsafe.SliceData(c.Data), len(c.Data)), "", startPos)
	lx.tagsAt, lx.tagsEnd, lx.tags = c.tagsAt, c.tagsEnd, c.tags
	s := &elemSrc{lx: lx}
	s.streamTags(nil)
	return len(c.tags), len(c.tags) - len(lx.tags)
}
