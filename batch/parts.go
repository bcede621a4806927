package batch

import (
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// A huge game is replayed with its main line read in parts, never held
// whole (docs/robustness.md, "A huge game is read in parts"). The reader
// reads it through once, keeping nothing of its moves, for what only its
// end tells (every notice, a missing move number among them, which changes
// how the walk judges the moves before it; the termination marker;
// whether it can be read at all), and once more for each walk, giving each
// part to the walk, which judges it and lets it go (grammar.SourceOf). The
// walk is replay's, the one Game does (replay.Replayer.Replay): the result
// is the one Game gives on the whole record, which the command line's
// tests check for every command that reads in parts.

// HugeGame is a huge game as the run gives it to Work.Huge: its text, the
// storage its readings reuse, and how the run reads a game in parts
// (Options.Parts).
type HugeGame struct {
	Chunk   grammar.Chunk
	Scratch *grammar.Scratch
	Read    grammar.ReadOptions
}

// Source is the game as every work reads it (record.Source): read through
// once, then its main line again a part at a time for each walk, so that
// it is never held whole; a game that reads whole after all (one part, a
// notation read whole) is held whole. file names the game in the reader's
// notices.
func (h HugeGame) Source(file string) *record.Source {
	return grammar.SourceOf(h.Chunk, file, h.Scratch, h.Read)
}
