package main

import (
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// A huge game is replayed with its main line read in parts, never held
// whole (issue 14: one 16 MB game held three million nodes, 500 MB in
// validate). The reader reads it twice: once through, keeping nothing of
// its moves, for what only its end tells (every notice, a missing move
// number among them, which changes how the walk judges the moves before
// it; the termination marker; whether it can be read at all), and once
// more giving each part to the walk, which judges it and lets it go. The
// walk is replay's, the one Game does: the result is the one Game gives
// on the whole record (TestPartedValidateAgrees).

// partedPerGameByte is what a game read in parts holds live per byte of
// it, for the collector's soft limit (holdGameMemory): its text, and the
// splitter's copy of it while it was collected.
const partedPerGameByte = 4

// replayParted replays the game of ch with r, its main line in parts, and
// returns the result and the record as the reader left it (its tags and
// notices whole, Moves its last part).
func replayParted(r *replay.Replayer, ch grammar.Chunk, sc *grammar.Scratch, file string, index int) (*replay.Result, *record.Game) {
	skip := grammar.Parts{Nodes: grammar.PartNodes, Take: func(*record.Game, []record.Node) {}}
	g, parted := grammar.ParseChunkParts(ch, file, sc, skip)
	if !parted || g.SyntaxError() != nil {
		// Read whole after all (one part, a notation read whole), or not
		// to be replayed (the reader could not read it): judged as any
		// game, without reading it again.
		return r.Game(g, file, index), g
	}
	// All of the record but its moves, before the second reading reuses
	// its storage (the tags are read again the same into the same room).
	done := *g
	done.Moves = nil
	var pw *replay.PartWalk
	walk := grammar.Parts{Nodes: grammar.PartNodes, Take: func(_ *record.Game, nodes []record.Node) {
		if pw == nil {
			pw = r.BeginParts(&done, file, index)
		}
		pw.Part(nodes)
	}}
	g, _ = grammar.ParseChunkParts(ch, file, sc, walk)
	if pw == nil {
		pw = r.BeginParts(&done, file, index)
	}
	return pw.End(g.Moves), g
}
