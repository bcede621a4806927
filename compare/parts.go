package compare

// A huge game (grammar.PartedBytes or more) is read with its main line in
// parts, never held whole (docs/robustness.md, "A huge game is read in
// parts"): once through, keeping nothing of its moves, for what only its
// end tells (every notice, whether it can be read at all), then again for
// each walk of its main line, each part walked and let go. The walks are
// replay's, the ones Game does, so an entry of a game read in parts is the
// entry of the game read whole.

import (
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// writtenParts is the main-line move at a ply as written of the game of
// ch, read again in parts for each ply asked (the last one remembered).
// A game the reader cannot read is read whole (the one case held whole:
// what it keeps of such a record is read as written).
func writtenParts(ch grammar.Chunk, sc *grammar.Scratch, file string) func(ply int) string {
	last, text := -1, ""
	return func(ply int) string {
		if ply == last {
			return text
		}
		wr := NewWrittenReader(ply)
		g, parted := grammar.ParseChunkParts(ch, file, sc, grammar.Parts{Nodes: grammar.PartNodes, Take: func(_ *record.Game, nodes []record.Node) {
			wr.Part(nodes)
		}})
		if !parted || g.SyntaxError() != nil {
			// The parts given are void: the record holds the whole main
			// line, or it is read whole as the whole reading reads it.
			if parted {
				g = grammar.ParseChunkScratch(ch, file, sc)
			}
			wr = NewWrittenReader(ply)
		}
		wr.Part(g.Moves)
		last, text = ply, wr.Text()
		return text
	}
}
