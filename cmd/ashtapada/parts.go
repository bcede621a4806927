package main

import (
	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/formats"
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
// does: the result is the one Game gives on the whole record
// (TestPartedValidateAgrees).

// partHooks are what a command does with a game read in parts besides
// replaying it (convert renders it): begin at its first part, g the
// record being read (its tags whole), and part after each part is
// played, pl what was played of it; the last part is left to the caller,
// in the record's Moves and the result's Played.
type partHooks struct {
	// parts, when set, says whether g, read through once, is to be read
	// in parts; else it is read whole. It is asked of a game the reader
	// could not read too: true then takes g as the first reading left it
	// (its Moves a part), false reads it whole (convert --to json writes
	// its nodes up to the error).
	parts func(g *record.Game) bool
	// read, when set, is given each part of the first reading, which
	// keeps nothing of it (the game may not be read a second time).
	read  func(g *record.Game, nodes []record.Node)
	begin func(g *record.Game, first []record.Node)
	part  func(nodes []record.Node, pl *replay.Played)
}

// replayParted replays the game of ch with r, its main line in parts, and
// returns the result and the record as the reader left it (its tags and
// notices whole, Moves its last part). parted is false when the game was
// read whole after all (one part, a notation read whole, a syntax error):
// then it was replayed as any game, hooks unused, and the record is whole.
func replayParted(r *replay.Replayer, ch grammar.Chunk, sc *grammar.Scratch, file string, index int, hooks partHooks) (*replay.Result, *record.Game, bool) {
	skip := grammar.Parts{Nodes: grammar.PartNodes, Take: func(g *record.Game, nodes []record.Node) {
		if hooks.read != nil {
			hooks.read(g, nodes)
		}
	}}
	g, parted := grammar.ParseChunkParts(ch, file, sc, skip)
	if parted && hooks.parts != nil && !hooks.parts(g) {
		// The command needs this one whole (convert writes a record in
		// another notation in SAN from its whole record, and the JSON of
		// a game it could not read with all its nodes).
		g, parted = grammar.ParseChunkScratch(ch, file, sc), false
	}
	if !parted || g.SyntaxError() != nil {
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
	start := func(g *record.Game, first []record.Node) {
		pw = r.BeginParts(&done, file, index)
		if hooks.begin != nil {
			hooks.begin(g, first)
		}
	}
	walk := grammar.Parts{Nodes: grammar.PartNodes, Take: func(g *record.Game, nodes []record.Node) {
		if pw == nil {
			start(g, nodes)
		}
		pw.Part(nodes)
		if hooks.part != nil {
			hooks.part(nodes, pw.Played())
		}
	}}
	g, _ = grammar.ParseChunkParts(ch, file, sc, walk)
	if pw == nil {
		start(g, g.Moves)
	}
	return pw.End(g.Moves), g, true
}

// readParted reads the game of ch once through, as replayParted does
// first, for a command that replays it many times (detect replays a game
// under every profile and many settings): replay then replays it with
// any replayer, reading it once more each time and giving each part to
// the walk, and to part (when not nil) what was played of it, the last
// part too. tags is the record as the first reading left it (its tags and
// notices whole, no moves), plies the number of moves of its main line.
// parted is false when the game was read whole after all (one part, a
// notation read whole): then tags is the whole record and replay nil. A
// game the reader could not read is not replayed (its moves are not
// looked at): replay judges the record read through.
func readParted(ch grammar.Chunk, sc *grammar.Scratch, file string, index int) (tags *record.Game, plies int, replay func(*replay.Replayer, func(*replay.Played)) *replay.Result, parted bool) {
	skip := grammar.Parts{Nodes: grammar.PartNodes, Take: func(_ *record.Game, nodes []record.Node) {
		plies += movesIn(nodes)
	}}
	g, parted := grammar.ParseChunkParts(ch, file, sc, skip)
	if !parted {
		return g, 0, nil, false
	}
	plies += movesIn(g.Moves)
	if g.SyntaxError() != nil {
		return g, plies, gameReplay(g, file, index), true
	}
	done := *g
	done.Moves = nil
	return &done, plies, partsReplay(&done, ch, sc, file, index), true
}

// gameReplay replays the record g read whole (or not to be replayed), as
// one part.
func gameReplay(g *record.Game, file string, index int) func(*replay.Replayer, func(*replay.Played)) *replay.Result {
	return detect.WholeReplay(g, file, index)
}

// partsReplay replays the game of ch, read again in parts, done its
// record read through once (replayParted).
func partsReplay(done *record.Game, ch grammar.Chunk, sc *grammar.Scratch, file string, index int) func(*replay.Replayer, func(*replay.Played)) *replay.Result {
	walk := partsWalk(done, ch, sc, file, index)
	return func(r *replay.Replayer, part func(*replay.Played)) *replay.Result {
		if part == nil {
			return walk(r, nil)
		}
		return walk(r, func(_ []record.Node, pl *replay.Played) { part(pl) })
	}
}

// partsWalk is partsReplay for a command that needs the nodes of each
// part too (convert --to html writes the move list from them): part gets
// a part's nodes, valid only during the call, and what was played of
// them.
func partsWalk(done *record.Game, ch grammar.Chunk, sc *grammar.Scratch, file string, index int) func(*replay.Replayer, func([]record.Node, *replay.Played)) *replay.Result {
	return func(r *replay.Replayer, part func([]record.Node, *replay.Played)) *replay.Result {
		var each func([]record.Node, []*replay.PartWalk)
		if part != nil {
			each = func(nodes []record.Node, pws []*replay.PartWalk) { part(nodes, pws[0].Played()) }
		}
		return walkParts([]*replay.Replayer{r}, done, ch, sc, file, index, each)[0]
	}
}

// walkParts reads the game of ch again in parts, done its record read
// through once (readParted), and gives each part to a walk of each of rs:
// one reading for them all (diff --rules X --against Y judges a game by
// two rule sets side by side). part, when not nil, is given each part
// after the walks played it, the last one too (after End), and the walks.
// The results are the walks', in the order of rs.
func walkParts(rs []*replay.Replayer, done *record.Game, ch grammar.Chunk, sc *grammar.Scratch, file string, index int, part func(nodes []record.Node, pws []*replay.PartWalk)) []*replay.Result {
	pws := make([]*replay.PartWalk, len(rs))
	begin := func() {
		if pws[0] != nil {
			return
		}
		for k, r := range rs {
			pws[k] = r.BeginParts(done, file, index)
		}
	}
	walk := grammar.Parts{Nodes: grammar.PartNodes, Take: func(_ *record.Game, nodes []record.Node) {
		begin()
		for _, pw := range pws {
			pw.Part(nodes)
		}
		if part != nil {
			part(nodes, pws)
		}
	}}
	g, _ := grammar.ParseChunkParts(ch, file, sc, walk)
	begin()
	res := make([]*replay.Result, len(rs))
	for k, pw := range pws {
		res[k] = pw.End(g.Moves)
	}
	if part != nil {
		part(g.Moves, pws)
	}
	return res
}

// keepLastStep keeps in last the last step of pl, a part of a main line
// read in parts, when it has one: the step a picture of the final position
// draws as its arrow when the last part played none (show, convert --to
// svg: formats.BuildShowKept, formats.DiagramKept).
func keepLastStep(last *formats.ShownPly, pl *replay.Played) {
	if n := pl.Len(); n > 0 {
		*last, _ = formats.KeepPly(pl, pl.PliesBefore+n, false)
	}
}

// movesIn counts the move nodes of a main line or a part of it.
func movesIn(nodes []record.Node) int {
	n := 0
	for i := range nodes {
		if nodes[i].Kind == record.KindMove {
			n++
		}
	}
	return n
}
