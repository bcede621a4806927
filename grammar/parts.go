package grammar

import (
	"slices"

	"github.com/ashtapada/ashtapada/record"
)

// partReading asks the reader for a game's main line in parts, so that a
// huge game is never held whole: each part is given to Take, whose caller
// replays it and lets it go, and the next part is read into the same
// storage. A game of 16 MB holds three million nodes, which cost hundreds
// of megabytes at once; in parts it holds a part's (docs/robustness.md,
// "A huge game is read in parts").
type partReading struct {
	// Nodes is the least number of main-line nodes in a part: a part ends
	// at the first turn after that many (a move number, or a move not
	// preceded by one), so that a turn's comments, NAGs and variations
	// most often stay in the part of its move. A turn is cut only where it
	// would make a part of partMost times Nodes: a move followed by
	// millions of NAGs or comments, or move numbers with no move between
	// them, is read in parts as the moves are. Take's callers therefore
	// meet a part that starts inside a turn.
	Nodes int
	// Take receives each part but the last, in order. g is the record
	// being read (its tags are whole; its notices so far). The nodes and
	// what they point to are valid only during the call: they are read
	// over by the next part.
	Take func(g *record.Game, nodes []record.Node)
}

// readParts is ParseChunkScratch with the main line given in parts to
// p.Take; the record it returns holds the last part in Moves. parted
// reports whether the parts given stand: false when the game was read
// whole after all (it has no second part, or the reader read it again
// whole: it could not read it, or its notation was guessed), and then
// Moves is the whole main line and whatever Take was given is void. A
// game Recovered is read again up to its error without the parts given
// before being given again: they stand. Variations are held whole, as
// the record's nodes; only the main line is cut.
func readParts(c Chunk, filename string, s *Scratch, p partReading) (g *record.Game, parted bool) {
	if p.Nodes <= 0 || p.Take == nil {
		return ParseChunkScratch(c, filename, s), false
	}
	g = parseScratch(&c, filename, s, &p)
	return g, s.b.parts != nil && s.b.given > 0
}

// partMost is the most nodes of a part, in parts of partReading.Nodes, its
// variations' included: a part ends there even inside a turn, so that what
// a part holds is bounded by its tokens, not by its moves.
const partMost = 2

// partEnds reports whether the part of n main-line nodes (and b.varNodes
// in its variations) ends before an element of kind k.
func (b *builder) partEnds(n int, k elemKind) bool {
	if n < b.parts.Nodes {
		return false
	}
	return n+b.varNodes >= partMost*b.parts.Nodes || b.turnStarts(k)
}

// turnStarts reports whether an element of kind k starts a new turn after
// the nodes on the stack: it is a move number or a move, and the last move
// or move number on the stack is a move (a number belongs to the move
// after it).
func (b *builder) turnStarts(k elemKind) bool {
	if k != eNumber && k != eMove {
		return false
	}
	for i := len(b.stack) - 1; i >= 0; i-- {
		switch b.stack[i].Kind {
		case record.KindMove:
			return true
		case record.KindMoveNumber:
			return false
		}
	}
	return false
}

// givePart gives the main line read so far (the stack from start) to
// partReading.Take and starts the next part in the same storage: the nodes,
// moves and variations of the part given are read over.
func (b *builder) givePart(start int) {
	n := len(b.stack)
	b.movesGiven = b.movesGiven || slices.ContainsFunc(b.stack[start:n], isMove)
	if b.skip > 0 {
		// Given by the reading before (recoverRest).
		b.skip--
	} else {
		b.parts.Take(b.g, b.stack[start:n:n])
		b.taken++
	}
	b.given++
	b.stack = b.stack[:start]
	if s := b.scratch; s != nil {
		s.nused, s.mused, s.lused, s.dused = 0, 0, 0, 0
	}
	b.slab, b.lines = nil, nil
	b.nextTop = 0 // counted in the part
	b.varNodes, b.varFrom = 0, 0
}
