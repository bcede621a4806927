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
		pw = r.BeginParts(&done, file, index)
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

// ReadParts reads the game of ch once through, as ReplayParts does first,
// for a caller that replays it many times (detect replays a game under
// every profile and many settings): again then replays it with any
// replayer, reading it once more each time and giving each part to the
// walk, and to part (when not nil) what was played of it, the last part
// too. tags is the record as the first reading left it (its tags and
// notices whole, no moves), plies the number of moves of its main line.
// parted is false when the game was read whole after all (one part, a
// notation read whole): then tags is the whole record and again nil. A
// game the reader could not read is not replayed (its moves are not
// looked at): again judges the record read through.
func ReadParts(ch grammar.Chunk, sc *grammar.Scratch, file string, index int) (tags *record.Game, plies int, again func(r *replay.Replayer, part func(*replay.Played)) *replay.Result, parted bool) {
	skip := grammar.Parts{Nodes: grammar.PartNodes, Take: func(_ *record.Game, nodes []record.Node) {
		plies += movesIn(nodes)
	}}
	g, parted := grammar.ParseChunkParts(ch, file, sc, skip)
	if !parted {
		return g, 0, nil, false
	}
	plies += movesIn(g.Moves)
	if g.Unreadable() != nil {
		return g, plies, wholeReplay(g, file, index), true
	}
	done := *g
	done.Moves = nil
	walk := NodesReplay(&done, ch, sc, file, index)
	return &done, plies, func(r *replay.Replayer, part func(*replay.Played)) *replay.Result {
		if part == nil {
			return walk(r, nil)
		}
		return walk(r, func(_ []record.Node, pl *replay.Played) { part(pl) })
	}, true
}

// wholeReplay replays g, a record read whole (or one not to be replayed),
// as one part, as detect.WholeReplay does (batch does not depend on detect).
func wholeReplay(g *record.Game, file string, index int) func(*replay.Replayer, func(*replay.Played)) *replay.Result {
	return func(r *replay.Replayer, part func(*replay.Played)) *replay.Result {
		res := r.Game(g, file, index)
		if part != nil {
			part(res.Played)
		}
		return res
	}
}

// NodesReplay is ReadParts' replay for a caller that needs the nodes of each
// part too (convert --to html writes the move list from them): done is
// the record read through once (ReadParts' tags), and part, when not nil,
// gets a part's nodes, valid only during the call, and what was played of
// them.
func NodesReplay(done *record.Game, ch grammar.Chunk, sc *grammar.Scratch, file string, index int) func(*replay.Replayer, func([]record.Node, *replay.Played)) *replay.Result {
	return func(r *replay.Replayer, part func([]record.Node, *replay.Played)) *replay.Result {
		var each func([]record.Node, []*replay.PartWalk)
		if part != nil {
			each = func(nodes []record.Node, pws []*replay.PartWalk) { part(nodes, pws[0].Played()) }
		}
		return ReplayTogether([]*replay.Replayer{r}, done, ch, sc, file, index, each)[0]
	}
}

// ReplayTogether reads the game of ch again in parts, done its record read
// through once (ReadParts' tags), and gives each part to a walk of each of
// rs: one reading for them all (diff --rules X --against Y judges a game
// by two rule sets side by side). part, when not nil, is given each part
// after the walks played it, the last one too (after End), and the walks.
// The results are the walks', in the order of rs.
func ReplayTogether(rs []*replay.Replayer, done *record.Game, ch grammar.Chunk, sc *grammar.Scratch, file string, index int, part func(nodes []record.Node, pws []*replay.PartWalk)) []*replay.Result {
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
