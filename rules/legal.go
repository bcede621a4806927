package rules

import "github.com/ashtapada/ashtapada/ruleid"

// legalCtx holds what every legality test of one position shares.
type legalCtx struct {
	inCheck bool
	occ     uint64
	// pinned: our men pinned to our king by a slider. Not in check, a move
	// of an unpinned man other than the king (not en passant, no
	// conversion) cannot expose the king, so safeAfter skips the test.
	pinned uint64
	stuck  bool // pawn attacks depend on piece counts: captures need the full test
	extra  bool // maddat-mari, mastu, pawns-only king or stalemate=forbidden
}

func (p *Position) newLegalCtx(inCheck bool) legalCtx {
	us, them := p.side, p.side^1
	lc := legalCtx{inCheck: inCheck, occ: p.byColor[0] | p.byColor[1]}
	lc.stuck = p.law&lawStuck != 0
	lc.extra = p.law&lawExtra != 0
	// Pins: only sliders pin (leapers cannot be blocked).
	ksq := p.kingSq[us]
	rq, bq := p.sliders(them)
	enemy := p.byColor[them]
	snipers := rookAtt(ksq, enemy)&rq | bishopAtt(ksq, enemy)&bq
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between(ksq, Square(trailing(snipers))) & lc.occ
		if b != 0 && b&(b-1) == 0 && b&p.byColor[us] != 0 {
			lc.pinned |= b
		}
	}
	return lc
}

// newMoveCtx is newLegalCtx without the pin search, for moves that take
// the full king-safety test anyway (the king's, in check): every man
// counts as maybe pinned, which only turns off safeAfter's shortcut.
func (p *Position) newMoveCtx(inCheck bool) legalCtx {
	return legalCtx{inCheck: inCheck, occ: p.byColor[0] | p.byColor[1],
		pinned: ^uint64(0), stuck: p.law&lawStuck != 0, extra: p.law&lawExtra != 0}
}

// legal tests a generated move against everything but its generation
// (geometry, leap rights, promotion and conversion choice are the
// generator's job).
func (p *Position) legal(lc *legalCtx, m Move, stalemateRule bool) bool {
	if lc.extra {
		if p.captureForbidden(m) != "" {
			return false
		}
	}
	if !p.safeAfter(lc, m) {
		return false
	}
	return !lc.extra || p.furtherAllows(m, stalemateRule)
}

// furtherAllows is legal's last test under the settings that look further
// than the move (pawns-only-king=immune, stalemate=forbidden with
// stalemateRule), for a move that is otherwise legal.
func (p *Position) furtherAllows(m Move, stalemateRule bool) bool {
	immune := p.s.PawnsOnlyKing == PawnsOnlyImmune && p.mayLeavePawnsOnly(m)
	stalemate := stalemateRule && p.s.Stalemate == StalemateForbidden
	if !immune && !stalemate {
		return true
	}
	q := *p
	q.apply(m)
	them := p.side ^ 1
	if immune && q.pieceCount(them) == 0 && q.attacked(q.kingSq[them], p.side) {
		return false
	}
	if stalemate {
		// A stalemate needs the opponent out of check and without a
		// move. quickHasMove holds in or out of check: out of check
		// its move is legal, in check there is no stalemate anyway.
		q.side ^= 1
		if !q.quickHasMove() && !q.InCheck() && !q.endsBeforeStalemate(p.isBare(p.side)) && !q.hasLegal(false) {
			return false
		}
	}
	return true
}

// mayLeavePawnsOnly: after m the opponent might have no piece but pawns
// (it has none now, or its only one is taken).
func (p *Position) mayLeavePawnsOnly(m Move) bool {
	n := p.pieceCount(p.side ^ 1)
	if n == 0 {
		return true
	}
	if n > 1 {
		return false
	}
	cs := p.capturedSquare(m)
	return cs != NoSquare && p.board[cs].Kind() != Pawn
}

// quickHasMove finds, without generating every move, a move that is
// surely legal for the side to move if it is not in check (the caller
// tests check separately): a man other than the
// king that no slider pins, stepping to an empty square (no capture, so
// maddat-mari, mastu and conversions cannot forbid it). False means "look
// properly", not "no move". Unused under pawns-only-king=immune, where a
// quiet move can still be illegal.
func (p *Position) quickHasMove() bool {
	s := p.s
	if s.PawnsOnlyKing == PawnsOnlyImmune {
		return false
	}
	lc := p.newLegalCtx(false)
	us := p.side
	own := p.byColor[us]
	occ := lc.occ
	free := own &^ lc.pinned &^ p.byKind[King]
	for x := free &^ p.byKind[Pawn]; x != 0; x &= x - 1 {
		from := Square(trailing(x))
		if s.attacks(p.board[from].Kind(), us, from, occ)&^occ != 0 {
			return true
		}
	}
	for x := free & p.byKind[Pawn] &^ lastRank(us); x != 0; x &= x - 1 {
		from := Square(trailing(x))
		to := from + 8
		if us == Black {
			to = from - 8
		}
		if occ&bb(to) == 0 && bb(to)&lastRank(us) == 0 {
			return true
		}
	}
	return false
}

// safeAfter reports whether the mover's king is not attacked after all the
// move's effects (capture, promotion, conversion of a waiting pawn).
func (p *Position) safeAfter(lc *legalCtx, m Move) bool {
	us := p.side
	kind := p.board[m.From].Kind()
	if !lc.inCheck && kind != King && lc.pinned&bb(m.From) == 0 && m.Flags&FlagEnPassant == 0 &&
		!m.HasConversion() && !(lc.stuck && m.Flags&FlagCapture != 0) {
		return true
	}
	// The enemy's men after the move: the position's kind bitboards under
	// the enemy's colour, less the man taken, with a converted pawn's new
	// kind (the only change of kind a move makes to the enemy).
	mine := p.byColor[us^1]
	kinds := &p.byKind
	occ := lc.occ
	if cs := p.capturedSquare(m); cs != NoSquare {
		mine &^= bb(cs)
		occ &^= bb(cs)
	}
	if m.Flags&(FlagCastleShort|FlagCastleLong) != 0 {
		rook, kingTo, rookTo := p.castleSquares(us, m.Flags&FlagCastleShort != 0)
		occ = occ&^bb(m.From)&^bb(rook) | bb(kingTo) | bb(rookTo)
	} else {
		occ = occ&^bb(m.From) | bb(m.To)
	}
	if m.HasConversion() && mine&p.byKind[Pawn]&bb(m.ConvSquare) != 0 {
		k := p.byKind
		k[Pawn] &^= bb(m.ConvSquare)
		k[m.ConvKind] |= bb(m.ConvSquare)
		kinds = &k
	}
	ksq := p.kingSq[us]
	if kind == King {
		ksq = m.To
	}
	return !p.s.attackedByIn(ksq, us^1, occ, mine, kinds)
}

// captureForbidden is the rule id that forbids m's capture under
// maddat-mari or mastu, "" if none does.
func (p *Position) captureForbidden(m Move) string {
	cs := p.capturedSquare(m)
	if cs == NoSquare {
		return ""
	}
	them := p.side ^ 1
	k := p.board[cs].Kind()
	if k == King {
		return ""
	}
	if p.s.Mastu && k != Pawn && p.pieceCount(them) == 1 {
		return ruleid.CaptureMastu
	}
	if p.s.Capture == CaptureMaddatMari && p.defended(cs) {
		return ruleid.CaptureSupported
	}
	return ""
}

// defended reports whether another man of the side of the man on cs
// attacks cs, pins ignored, king included, in the position as it is
// (before the capture).
func (p *Position) defended(cs Square) bool {
	c := p.board[cs].Color()
	m := p.men(c)
	m[p.board[cs].Kind()] &^= bb(cs)
	return p.s.attackedBy(cs, c, p.byColor[0]|p.byColor[1], &m)
}
