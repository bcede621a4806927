package grammar

import "github.com/ashtapada/ashtapada/record"

// DefaultPartedBytes is the size from which a game's main line is read in
// parts (an ordinary game is read whole), and DefaultPartNodes the least
// number of main-line nodes of a part (its nodes and moves take about 8
// MB): the sizes the commands read with (ReadOptions).
const (
	DefaultPartedBytes = 1 << 20
	DefaultPartNodes   = 1 << 16
)

// ReadOptions say how SourceOf reads a game from its text: from which size
// its main line is read in parts, and what the caller does with the
// reading through. The zero value reads as the commands do; a test sets
// the sizes small, so that every game takes the path a huge game takes.
type ReadOptions struct {
	// PartedBytes is the size of a game's text from which its main line
	// is read in parts; zero means DefaultPartedBytes.
	PartedBytes int
	// PartNodes is the least number of main-line nodes of a part (a part
	// ends at the first turn after that many); zero means
	// DefaultPartNodes.
	PartNodes int
	// Through, when set, is given each part but the last of the reading
	// through of a game read in parts, which keeps nothing of it: g is
	// the record being read (its tags whole, its notices so far), and
	// both are valid only during the call.
	Through func(g *record.Game, nodes []record.Node)
	// Parts, when set, is asked whether a game the reading through gave
	// in parts stays in parts; false reads it whole (convert writes a
	// record in another notation in SAN from its whole record). It is
	// asked of a game the reader could not read too: true then keeps it
	// as the reading left it.
	Parts func(head *record.Game) bool
}

// InParts reports whether the game of c is read in parts (SourceOf): its
// text is of PartedBytes or more, and whole (a game cut at the reader's
// Limits.MaxGameBytes is read whole, for its error).
func (o ReadOptions) InParts(c Chunk) bool {
	return o.Huge(len(c.Data)) && !c.Truncated
}

// Huge reports whether a game's text of size bytes is of PartedBytes or
// more (a table's row holds a huge game's movetext, not its chunk).
func (o ReadOptions) Huge(size int) bool {
	n := o.PartedBytes
	if n <= 0 {
		n = DefaultPartedBytes
	}
	return size >= n
}

func (o ReadOptions) partNodes() int {
	if o.PartNodes <= 0 {
		return DefaultPartNodes
	}
	return o.PartNodes
}

// SourceOf reads the game of c and returns it as its consumers take it
// (record.Source), into s (its storage reused by the next reading with
// s; a new one when nil). A game under o.PartedBytes is read whole. A
// larger one is read once through, and when that reading gives its main
// line in more than one part of o.PartNodes nodes, it is given in parts:
// the source reads its main line again from c, into s, at each walk, and
// never holds it whole. Any other game is read whole: one of one part, one
// the reader read whole after all (the fast path rejected it, its notation
// was guessed), one o.Parts wants whole.
//
// The head of a game in parts holds its tags and every notice of its
// reading, the ones of its end among them (a missing move number changes
// how the walk judges the moves before it), which is why the game is read
// through once before it is walked. A game in parts the reader could not
// read keeps in its head's Moves the last part of the reading through.
func SourceOf(c Chunk, filename string, s *Scratch, o ReadOptions) *record.Source {
	if s == nil {
		s = new(Scratch)
	}
	if !o.InParts(c) {
		return record.Whole(ParseChunkScratch(c, filename, s))
	}
	nodes := o.partNodes()
	plies := 0
	through := partReading{Nodes: nodes, Take: func(g *record.Game, part []record.Node) {
		plies += record.CountMoves(part)
		if o.Through != nil {
			o.Through(g, part)
		}
	}}
	g, parted := readParts(c, filename, s, through)
	if parted && o.Parts != nil && !o.Parts(g) {
		return record.Whole(ParseChunkScratch(c, filename, s))
	}
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
		again := partReading{Nodes: nodes, Take: func(_ *record.Game, nodes []record.Node) { part(nodes) }}
		g, _ := readParts(c, filename, s, again)
		return g.Moves
	})
}
