package compare

// A huge game (batch.Options.Parts) is read with its main line in parts,
// never held whole (docs/robustness.md, "A huge game is read in parts"):
// once through, keeping nothing of its moves, for what only its end tells
// (every notice, whether it can be read at all), then again for each walk
// of its main line, each part walked and let go (grammar.SourceOf). The
// walks are replay's, the ones Game does, so an entry of a game read in
// parts is the entry of the game read whole.

import "github.com/ashtapada/ashtapada/record"

// writtenIn is the main-line move at a ply as written of the game of src,
// its main line read again for each ply asked (the last one remembered).
func writtenIn(src *record.Source) func(ply int) string {
	last, text := -1, ""
	return func(ply int) string {
		if ply == last {
			return text
		}
		wr := NewWrittenReader(ply)
		wr.Part(src.Lines(wr.Part))
		last, text = ply, wr.Text()
		return text
	}
}
