package rules

// LegalMovesToSet appends the legal moves of the side to move's men of
// kind k whose To is a square of tos (a bitboard, a1 = bit 0): exactly the
// moves of LegalMoves whose man is of kind k and whose To is in tos, in
// the same order. A written move that names a set of squares (descriptive
// notation's `P-B4`, c4 or f4 from the mover's side; `NxP`, any pawn the
// knight can take) is resolved with one generation and one legality
// context instead of a LegalMovesTo per square.
func (p *Position) LegalMovesToSet(dst []Move, k Kind, tos uint64) []Move {
	return p.legalMovesToSet(dst, k, tos, p.InCheck())
}

// LegalMovesToSet is Position().LegalMovesToSet, with the check test the
// history made when it recorded the position. The position must only have
// changed through Play and PlayKeepTurn.
func (h *History) LegalMovesToSet(dst []Move, k Kind, tos uint64) []Move {
	return h.pos.legalMovesToSet(dst, k, tos, h.InCheck())
}

func (p *Position) legalMovesToSet(dst []Move, k Kind, tos uint64, inCheck bool) []Move {
	if k <= NoKind || k > King || tos == 0 {
		return dst
	}
	from := p.byKind[k] & p.byColor[p.side]
	if k != King && from != 0 && popcount(tos) <= maxSetTargets {
		// Few squares: only the men that reach one of them are
		// generated, found from the squares (LegalMovesTo's way),
		// instead of every man of the kind.
		from = p.reachingSet(k, tos, from)
	}
	if from == 0 {
		return dst
	}
	start := len(dst)
	dst = p.genMask(dst, false, inCheck, from, tos)
	if len(dst) == start {
		return dst
	}
	// The king's moves and every move in check take the full king-safety
	// test, which needs no pin search (newMoveCtx); so do the other men's
	// moves when no mover stands on a line through its king, for none of
	// them can be pinned. Otherwise the pin search tells which are.
	var lc legalCtx
	if inCheck || k == King || from&kingLines[p.kingSq[p.side]] == 0 {
		lc = p.newMoveCtx(inCheck)
		if !inCheck && k != King {
			lc.pinned = 0
		}
	} else {
		lc = p.newLegalCtx(inCheck)
	}
	out := dst[:start]
	for _, m := range dst[start:] {
		if p.legal(&lc, m, true) {
			out = append(out, m)
		}
	}
	return out
}

// maxSetTargets bounds the squares whose reaching men legalMovesToSet
// looks for one by one; past it, every man of the kind is generated.
const maxSetTargets = 16

// reachingSet is the men of from (of kind k, not the king) that may move
// to a square of tos (reachingTo for each).
func (p *Position) reachingSet(k Kind, tos, from uint64) uint64 {
	occ := p.byColor[0] | p.byColor[1]
	var reach uint64
	for x := tos; x != 0; x &= x - 1 {
		reach |= p.reachingTo(k, Square(trailing(x)), from, occ)
	}
	return reach
}
