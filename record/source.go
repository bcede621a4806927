package record

// Source is one game as the packages that judge, draw or compare it take
// it: its head (tags, notices, termination marker) and its main line,
// given a part at a time, as often as asked. A record held in memory is a
// source of one part (Whole). A huge game read from its text is given by
// a source that reads its main line again from the text for each walk and
// holds one part at a time (grammar.SourceOf), so that it is never held
// whole. Its consumers do not ask which: they walk the parts they are
// given, and a whole record is the walk of one part.
type Source struct {
	// Head is the record without its main line when the source reads it
	// in parts (its tags, every notice of the reading through, its
	// termination marker; Moves nil), and the whole record otherwise. A
	// game in parts that the reader could not read keeps in Moves what
	// the reading left of it, and is not walked.
	Head *Game
	// Plies is the number of moves of the main line.
	Plies int
	// lines gives the main line again in parts (InParts); nil for a
	// record held whole.
	lines func(part func(nodes []Node)) []Node
}

// Whole is the source of the record g, held whole: one part, its Moves.
func Whole(g *Game) *Source {
	return &Source{Head: g, Plies: CountMoves(g.Moves)}
}

// InParts is the source of a game whose main line is not held: head is
// the record without it, plies the number of its moves, and lines reads
// it again at each call, giving each part but the last to part, in order,
// and returning the last. The nodes of a part are valid only until the
// next is read.
func InParts(head *Game, plies int, lines func(part func(nodes []Node)) []Node) *Source {
	return &Source{Head: head, Plies: plies, lines: lines}
}

// Parted reports whether the main line comes in more than one part: the
// game is not held whole, and Head has no moves.
func (s *Source) Parted() bool { return s.lines != nil }

// Lines gives the main line: each part but the last to part, in order,
// and returns the last (for a record held whole, its Moves, the one part,
// and part is not called). A source in parts reads its text again.
func (s *Source) Lines(part func(nodes []Node)) []Node {
	if s.lines == nil {
		return s.Head.Moves
	}
	return s.lines(part)
}

// CountMoves is the number of move nodes of a main line or of a part of
// it.
func CountMoves(nodes []Node) int {
	n := 0
	for i := range nodes {
		if nodes[i].Kind == KindMove {
			n++
		}
	}
	return n
}
