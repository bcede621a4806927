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
