package rules

// Undo is what a move is about to change in a position that the position
// after it no longer tells: the men on its two squares, the kings'
// squares, the rights, the en-passant square and the halfmove clock (a
// legal move's other changes follow from the move: the rook of castling,
// the pawn taken en passant, the waiting pawn converted). Keep
// fills it before the move, Before rebuilds the position before the move
// from the one after it. The replayer judges a written check mark only
// after the move (is it check, is it mate?) and prints the position
// before it: keeping these few bytes for every move that may be judged
// costs less than a copy of the whole position.
type Undo struct {
	m Move
	// moved and taken are the men on m.From and m.To before the move.
	moved, taken Piece
	kingSq       [2]Square
	side         Color
	leap         [2]uint8
	castle       uint8
	ep           Square
	halfmove     int
}

// Keep records in u what m, about to be played on p (by Play,
// PlayKeepTurn or a History's), changes that the position after it does
// not tell. Without branches, and small enough to be inlined where the
// replayer calls it.
func (p *Position) Keep(m *Move, u *Undo) {
	u.m = *m
	u.moved = p.board[m.From&63]
	u.taken = p.board[m.To&63]
	u.kingSq = p.kingSq
	u.side = p.side
	u.leap = p.leap
	u.castle = p.castle
	u.ep = p.ep
	u.halfmove = p.halfmove
}

// Before writes to dst the position before the move that u kept, given
// p, the position after it (the move made, and the turn passed or not):
// apply's and applyRare's changes undone in the opposite order. Only a
// legal move's changes are undone exactly (an en-passant capture took a
// pawn, castling moved a rook).
func (u *Undo) Before(p, dst *Position) {
	*dst = *p
	q := dst
	m := &u.m
	us := u.side & 1
	// apply and applyRare leave the board as it was for a move off it or
	// from an empty square.
	if uint8(m.From) <= 63 && uint8(m.To) <= 63 && u.moved != NoPiece {
		switch {
		case m.Flags&(FlagCastleShort|FlagCastleLong) != 0:
			rook, kingTo, rookTo := q.castleSquares(us, m.Flags&FlagCastleShort != 0)
			q.remove(kingTo)
			q.remove(rookTo)
			q.put(rook, MakePiece(us, Rook))
			q.put(m.From, u.moved)
		default:
			if m.HasConversion() {
				// The waiting pawn converted (a legal conversion names
				// one) keeps his colour.
				if w := q.board[m.ConvSquare]; w.Kind() == m.ConvKind {
					q.remove(m.ConvSquare)
					q.put(m.ConvSquare, MakePiece(w.Color(), Pawn))
				}
			}
			// A promotion's new man stands on To: the pawn goes back.
			q.remove(m.To)
			q.put(m.From, u.moved)
			if u.taken != NoPiece {
				q.put(m.To, u.taken)
			}
			if m.Flags&FlagEnPassant != 0 {
				// The pawn taken stood behind To (applyRare).
				cap := m.To - 8
				if us == Black {
					cap = m.To + 8
				}
				q.put(cap, MakePiece(us^1, Pawn))
			}
		}
	}
	q.kingSq, q.side, q.leap, q.castle, q.ep, q.halfmove = u.kingSq, u.side, u.leap, u.castle, u.ep, u.halfmove
	for c := White; c <= Black; c++ {
		if q.leap[c] != 0 && p.leap[c] == 0 {
			// The move (its leap or its check) took the right: a right
			// still held has no loss recorded.
			q.leapLost[c] = leapLoss{}
		}
	}
	if q.side != p.side {
		// The turn passed: the move number went up after Black's move.
		q.fullmove -= int(q.side & 1)
	}
}
