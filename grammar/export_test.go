package grammar

import "github.com/ashtapada/ashtapada/record"

// ParseChunkWithGrammar parses a chunk with the participle grammar only,
// bypassing the hand-written fast path, for the differential tests.
func ParseChunkWithGrammar(c Chunk, filename string) *record.Game {
	g := &record.Game{Source: c.Data, Pos: c.Pos}
	b := &builder{g: g, filename: filename}
	parseChunkCommon(c, filename, b, false)
	return g
}

// SetRestartEvery sets how far apart the fast path notes where the grammar
// can read a rejected game again from, and returns what restores it.
func SetRestartEvery(n int) (restore func()) {
	old := restartEvery
	restartEvery = n
	return func() { restartEvery = old }
}
