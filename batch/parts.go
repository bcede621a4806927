package batch

import (
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// A huge game is replayed with its main line read in parts, never held
// whole (docs/robustness.md, "A huge game is read in parts"). The reader
// reads it twice: once through, keeping nothing of its moves, for what only
// its end tells (every notice, a missing move number among them, which
// changes how the walk judges the moves before it; the termination marker;
// whether it can be read at all), and once more giving each part to the
// walk, which judges it and lets it go. The walk is replay's, the one Game
// does: the result is the one Game gives on the whole record, which the
// command line's tests check for every command that reads in parts.

// PartHooks are what a caller does with a game read in parts besides
// replaying it (ReplayParts; convert renders it): Begin at its first part,
// g the record as the first reading left it but its moves (its tags and
// notices whole, Recovered said: the reading under way learns that only
// at the error), and Part after each part is
// played, pl what was played of it; the last part is left to the caller,
// in the record's Moves and the result's Played. Every hook may be nil.
type PartHooks struct {
	// Parts, when set, says whether g, read through once, is to be read
	// in parts; else it is read whole. It is asked of a game the reader
	// could not read too: true then takes g as the first reading left it
	// (its Moves a part), false reads it whole (convert --to json writes
	// its nodes up to the error).
	Parts func(g *record.Game) bool
	// Read, when set, is given each part of the first reading, which
	// keeps nothing of it (the game may not be read a second time).
	Read  func(g *record.Game, nodes []record.Node)
	Begin func(g *record.Game, first []record.Node)
	Part  func(nodes []record.Node, pl *replay.Played)
}

// ReplayParts replays the game of ch with r, its main line in parts, and
// returns the result and the record as the reader left it (its tags and
// notices whole, Moves its last part). parted is false when the game was
// read whole after all (one part, a notation read whole, a syntax error):
// then it was replayed as any game, hooks unused, and the record is whole.
// sc is the storage the readings reuse.
func ReplayParts(r *replay.Replayer, ch grammar.Chunk, sc *grammar.Scratch, file string, index int, hooks PartHooks) (res *replay.Result, g *record.Game, parted bool) {
	skip := grammar.Parts{Nodes: grammar.PartNodes, Take: func(g *record.Game, nodes []record.Node) {
		if hooks.Read != nil {
			hooks.Read(g, nodes)
		}
	}}
	g, parted = grammar.ParseChunkParts(ch, file, sc, skip)
	if parted && hooks.Parts != nil && !hooks.Parts(g) {
		// The caller needs this one whole (convert writes a record in
		// another notation in SAN from its whole record, and the JSON of
		// a game it could not read with all its nodes).
		g, parted = grammar.ParseChunkScratch(ch, file, sc), false
	}
	if !parted || g.Unreadable() != nil {
		// Read whole after all (one part, a notation read whole), or not
		// to be replayed (the reader could not read it): judged as any
		// game, without reading it again.
		return r.Game(g, file, index), g, false
	}
	// All of the record but its moves, before the second reading reuses
	// its storage (the tags are read again the same into the same room).
	done := *g
	done.Moves = nil
	var pw *replay.PartWalk
	start := func(first []record.Node) {
		pw = r.Begin(&done, file, index)
		if hooks.Begin != nil {
			hooks.Begin(&done, first)
		}
	}
	walk := grammar.Parts{Nodes: grammar.PartNodes, Take: func(_ *record.Game, nodes []record.Node) {
		if pw == nil {
			start(nodes)
		}
		pw.Part(nodes)
		if hooks.Part != nil {
			hooks.Part(nodes, pw.Played())
		}
	}}
	g, _ = grammar.ParseChunkParts(ch, file, sc, walk)
	if pw == nil {
		start(g.Moves)
	}
	return pw.End(g.Moves), g, true
}

// HugeSource is the source of the huge game of ch (record.Source) that
// every work reads it through: read through once, then its main line
// again a part of grammar.PartNodes nodes at a time for each walk, so that
// it is never held whole; a game that reads whole after all (one part, a
// notation read whole) is held whole. sc is the storage the readings
// reuse; file names the game in the reader's notices.
func HugeSource(ch grammar.Chunk, sc *grammar.Scratch, file string) *record.Source {
	return grammar.SourceOf(ch, file, sc, grammar.Parts{Nodes: grammar.PartNodes})
}
