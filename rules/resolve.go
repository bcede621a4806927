package rules

// LegalMovesTo appends the legal moves of the side to move's men of kind k
// that go to square to (any square when to is NoSquare): exactly the moves
// of LegalMoves whose man is of kind k and whose To is to, in the same
// order. A replayer resolving a written move needs only these; generating
// and testing every move of every position cost it half its time.
func (p *Position) LegalMovesTo(dst []Move, k Kind, to Square) []Move {
	return p.legalMovesTo(dst, k, to, p.InCheck())
}

func (p *Position) legalMovesTo(dst []Move, k Kind, to Square, inCheck bool) []Move {
	if k <= NoKind || int(k) >= len(p.byKind) {
		return dst
	}
	from := p.byKind[k] & p.byColor[p.side]
	toMask := ^uint64(0)
	if to != NoSquare {
		if to < 0 || to > 63 {
			return dst
		}
		toMask = bb(to)
	}
	if to != NoSquare && k != King {
		// Only men that reach to can move there: for the pieces, whose
		// moves are symmetric, the men of kind k that a man of kind k on
		// to would attack; for pawns, the squares one or two steps behind
		// and those a pawn of the other side on to would attack. The king
		// is left alone (its leap and castling go further).
		if k == Pawn {
			back := Square(8)
			if p.side == Black {
				back = -8
			}
			reach := pawnAtt[p.side^1][to]
			if b1 := to - back; b1 >= 0 && b1 < 64 {
				reach |= bb(b1)
				if b2 := b1 - back; b2 >= 0 && b2 < 64 {
					reach |= bb(b2)
				}
			}
			from &= reach
		} else {
			from &= p.s.attacks(k, p.side, to, p.byColor[0]|p.byColor[1])
		}
	}
	if from == 0 {
		return dst
	}
	start := len(dst)
	dst = p.genMask(dst, false, inCheck, from, toMask)
	if len(dst) == start {
		return dst
	}
	// The legality context (the pin search above all) is built only for a
	// move that needs it: not in check and without the settings that make
	// legal() look further, a move of a man other than the king that no
	// slider can pin, not en passant, converting nothing, is legal as
	// generated; that is what safeAfter's own shortcut says.
	s := p.s
	simple := !inCheck && !s.extraLegality()
	stuck := s.stuckFilter()
	ksq := p.kingSq[p.side]
	// Snipers: the enemy sliders on a line through the king, the board
	// taken as empty (as newLegalCtx's pin search, without its ray walks).
	// Only a man between the king and a sniper can be pinned.
	var snipers uint64
	if simple {
		rq, bq := p.sliders(p.side ^ 1)
		snipers = (rays[0][ksq]|rays[1][ksq]|rays[4][ksq]|rays[5][ksq])&rq |
			(rays[2][ksq]|rays[3][ksq]|rays[6][ksq]|rays[7][ksq])&bq
	}
	mayBePinned := func(from Square) bool {
		for x := snipers; x != 0; x &= x - 1 {
			if between[ksq][trailing(x)]&bb(from) != 0 {
				return true
			}
		}
		return false
	}
	var lc legalCtx
	haveCtx := false
	out := dst[:start]
	for _, m := range dst[start:] {
		if simple && m.From != ksq && m.Flags&FlagEnPassant == 0 && !m.HasConversion() &&
			!(stuck && m.Flags&FlagCapture != 0) && !mayBePinned(m.From) {
			out = append(out, m)
			continue
		}
		if !haveCtx {
			lc, haveCtx = p.newLegalCtx(inCheck), true
		}
		if p.legal(&lc, m, true) {
			out = append(out, m)
		}
	}
	return out
}

// kingLines is every square on a rank, file or diagonal through ksq: the
// only squares where a man can be pinned to a king on ksq.
func kingLines(ksq Square) uint64 {
	var lines uint64
	for d := range rays {
		lines |= rays[d][ksq]
	}
	return lines
}

// LegalMovesTo is Position().LegalMovesTo, with the check test the history
// made when it recorded the position instead of a new one. The position
// must only have changed through Play and PlayKeepTurn.
func (h *History) LegalMovesTo(dst []Move, k Kind, to Square) []Move {
	return h.pos.legalMovesTo(dst, k, to, h.InCheck())
}

// HasLegalMove is Position().HasLegalMove, with the recorded check test.
func (h *History) HasLegalMove() bool { return h.pos.hasLegalMove(h.InCheck()) }

// hasLegalMove is HasLegalMove when whether the side to move is in check
// is known.
func (p *Position) hasLegalMove(inCheck bool) bool {
	// Most positions have a quiet move of an unpinned man, which
	// quickHasMove finds without generating and testing every move; the
	// replayer asks this at every ply. Under stalemate=forbidden even a
	// quiet move may be illegal (it may stalemate), so the full test runs.
	if p.s.Stalemate != StalemateForbidden && !inCheck && p.s.PawnsOnlyKing != PawnsOnlyImmune {
		if p.unpinnedQuietMove() || p.quickHasMove() {
			return true
		}
	}
	// The king's moves first: in check they are the usual way out, and
	// the search stops at the first legal move (the answer is the same in
	// any order).
	var buf [256]Move
	lc := p.newLegalCtx(inCheck)
	king := bb(p.kingSq[p.side])
	for _, fromMask := range [2]uint64{king, ^king} {
		for _, m := range p.genMask(buf[:0], false, inCheck, fromMask, ^uint64(0)) {
			if p.legal(&lc, m, true) {
				return true
			}
		}
	}
	return false
}

// unpinnedQuietMove is quickHasMove without the pin search: a man that
// stands on no rank, file or diagonal through its king cannot be pinned,
// so when such a man (not a pawn on its last rank, not the king) can step
// to an empty square, the side to move surely has a legal move (the
// caller has checked that it is not in check, that stalemate is not
// forbidden and that pawns-only-king is not immune). It is what most
// positions of a game answer, and costs no ray walk from the king.
func (p *Position) unpinnedQuietMove() bool {
	s := p.s
	us := p.side
	lines := kingLines(p.kingSq[us])
	occ := p.byColor[0] | p.byColor[1]
	free := p.byColor[us] &^ p.byKind[King] &^ lines
	// Pawns first, all at once: one step forward to an empty square that
	// is not the last rank (a pawn on its last rank waits and is left out).
	pawns := free & p.byKind[Pawn] &^ lastRank(us)
	steps := pawns << 8
	if us == Black {
		steps = pawns >> 8
	}
	if steps&^occ&^lastRank(us) != 0 {
		return true
	}
	for x := free &^ p.byKind[Pawn]; x != 0; x &= x - 1 {
		from := Square(trailing(x))
		if s.attacks(p.board[from].Kind(), us, from, occ)&^occ != 0 {
			return true
		}
	}
	return false
}

// Reset starts the history again at p (copied), keeping its storage: a
// replayer that judges game after game allocates its history once.
func (h *History) Reset(p *Position) {
	h.pos = *p
	h.entries = h.entries[:0]
	h.keys, h.keyBase = h.keys[:0], 0
	h.seen, h.lastSeen = [4]uint64{}, false
	h.record()
}
