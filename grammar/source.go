package grammar

import "github.com/ashtapada/ashtapada/record"

// SourceOf reads the game of c once through and returns it as its
// consumers take it (record.Source). A game whose main line this reading
// gives in more than one part of p.Nodes nodes is given in parts: the
// source reads its main line again from c, into s, at each walk, and never
// holds it whole. Any other game is read whole: one of one part, one the
// reader read whole after all (the fast path rejected it, its notation
// was guessed), and every game when p.Nodes is 0. p.Take, when set, is
// given each part of the reading through, which keeps nothing of it.
//
// The head of a game in parts holds its tags and every notice of its
// reading, the ones of its end among them (a missing move number changes
// how the walk judges the moves before it), which is why the game is read
// through once before it is walked.
func SourceOf(c Chunk, filename string, s *Scratch, p Parts) *record.Source {
	if p.Nodes <= 0 {
		return record.Whole(ParseChunkScratch(c, filename, s))
	}
	plies := 0
	through := Parts{Nodes: p.Nodes, Take: func(g *record.Game, nodes []record.Node) {
		plies += record.CountMoves(nodes)
		if p.Take != nil {
			p.Take(g, nodes)
		}
	}}
	g, parted := ParseChunkParts(c, filename, s, through)
	if !parted {
		return record.Whole(g)
	}
	plies += record.CountMoves(g.Moves)
	if g.Unreadable() != nil {
		// Not walked (the replay does not walk a record the reader
		// could not read): its head keeps what the reading left, its
		// last part in Moves.
		return record.InParts(g, plies, func(func([]record.Node)) []record.Node { return g.Moves })
	}
	// All of the record but its moves, before the next reading reuses its
	// storage: the tags are read again the same into the same room.
	head := *g
	head.Moves = nil
	return record.InParts(&head, plies, func(part func([]record.Node)) []record.Node {
		again := Parts{Nodes: p.Nodes, Take: func(_ *record.Game, nodes []record.Node) { part(nodes) }}
		g, _ := ParseChunkParts(c, filename, s, again)
		return g.Moves
	})
}
