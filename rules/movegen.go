package rules

// Move generation. One generator serves two callers:
//   - Candidates (cand=true): every move the men could make by their
//     movement pattern alone, including what a setting or check forbids
//     (king leap without rights, every promotion piece and the bare
//     arrival, conversions for any waiting pawn, moves of waiting pawns),
//     so that replay can match a written move and Verdict can say why it
//     is illegal;
//   - LegalMoves (cand=false): only what the settings allow, then filtered
//     by the legality tests (king safety after all effects, maddat-mari,
//     mastu, pawns-only king, stalemate=forbidden).

// Candidates appends every geometrically possible move to dst.
func (p *Position) Candidates(dst []Move) []Move { return p.gen(dst, true, false) }

// LegalMoves appends every legal move to dst (each conversion choice and
// each promotion piece is a separate move).
func (p *Position) LegalMoves(dst []Move) []Move {
	start := len(dst)
	inCheck := p.InCheck()
	dst = p.gen(dst, false, inCheck)
	lc := p.newLegalCtx(inCheck)
	out := dst[:start]
	for _, m := range dst[start:] {
		if p.legal(&lc, m, true) {
			out = append(out, m)
		}
	}
	return out
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool { return p.hasLegalMove(p.InCheck()) }

func (p *Position) hasLegal(stalemateRule bool) bool {
	var buf [256]Move
	inCheck := p.InCheck()
	ms := p.gen(buf[:0], false, inCheck)
	lc := p.newLegalCtx(inCheck)
	for _, m := range ms {
		if p.legal(&lc, m, stalemateRule) {
			return true
		}
	}
	return false
}

func (p *Position) gen(dst []Move, cand, inCheck bool) []Move {
	return p.genMask(dst, cand, inCheck, ^uint64(0), ^uint64(0))
}

// genMask is gen restricted to the moves of the men on fromMask to the
// squares of toMask (a castling move goes to the king's landing square):
// the replayer resolves a written move with the few moves that can match
// it instead of every move of the position.
func (p *Position) genMask(dst []Move, cand, inCheck bool, fromMask, toMask uint64) []Move {
	s := p.s
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own | enemy
	// No move takes a king: in a legal position no man attacks the enemy
	// king when its side is to move, and the king's knight leap is a move,
	// not an attack (it never gives check, and never lands on a king).
	enemyKing := enemy & p.byKind[King]
	enemy &^= enemyKing
	notOwn := ^own &^ enemyKing

	// Pawns.
	fwd := 8
	startRank, last := rank2, rank8
	if us == Black {
		fwd, startRank, last = -8, rank7, rank1
	}
	for x := p.byKind[Pawn] & own & fromMask; x != 0; x &= x - 1 {
		from := Square(trailing(x))
		if bb(from)&last != 0 {
			if cand {
				dst = p.genWaiting(dst, from, notOwn&toMask, occ, enemy)
			}
			continue
		}
		to := from + Square(fwd)
		if occ&bb(to) == 0 {
			if bb(to)&toMask != 0 {
				dst = p.pawnTo(dst, from, to, 0, cand)
			}
			if s.PawnDoubleStep && bb(from)&startRank != 0 {
				if to2 := to + Square(fwd); occ&bb(to2) == 0 && bb(to2)&toMask != 0 {
					dst = append(dst, NewMove(from, to2, FlagDoubleStep))
				}
			}
		}
		for c := pawnAtt[us][from] & enemy & toMask; c != 0; c &= c - 1 {
			dst = p.pawnTo(dst, from, Square(trailing(c)), FlagCapture, cand)
		}
		if p.ep != NoSquare && pawnAtt[us][from]&bb(p.ep)&toMask != 0 && occ&bb(p.ep) == 0 {
			dst = append(dst, NewMove(from, p.ep, FlagCapture|FlagEnPassant))
		}
	}
	// Pieces.
	for x := own &^ p.byKind[Pawn] & fromMask; x != 0; x &= x - 1 {
		from := Square(trailing(x))
		k := p.board[from].Kind()
		for t := s.attacks(k, us, from, occ) & notOwn & toMask; t != 0; t &= t - 1 {
			to := Square(trailing(t))
			m := NewMove(from, to, 0)
			if enemy&bb(to) != 0 {
				m.Flags = FlagCapture
				dst = p.withConversions(dst, m, cand)
			} else {
				dst = append(dst, m)
			}
		}
		if k != King {
			continue
		}
		// The king's knight leap.
		if cand || (s.KingLeap != LeapOff && p.leap[us] != 0 && !inCheck) {
			t := knightAtt[from] & notOwn & toMask
			if !cand && !s.KingLeapCapture {
				t &^= enemy
			}
			for ; t != 0; t &= t - 1 {
				to := Square(trailing(t))
				m := NewMove(from, to, FlagLeap)
				if enemy&bb(to) != 0 {
					m.Flags |= FlagCapture
					dst = p.withConversions(dst, m, cand)
				} else {
					dst = append(dst, m)
				}
			}
		}
		if s.Castling {
			dst = p.genCastling(dst, from, occ, cand, inCheck, toMask)
		}
	}
	return dst
}

// genCastling adds castling: fide castling, and Chess960-style castling
// where a FEN puts king and rooks elsewhere on the first rank. The squares
// king and rook cross and land on must be empty but for the two of them; in
// legal mode the king must not be in check nor cross or land on an attacked
// square (the landing square is tested again, with the rook moved, by the
// king-safety test).
// Only castlings whose king lands on toMask are made (and their squares
// tested): a replayer resolving a king's move to one square asks for no
// other.
func (p *Position) genCastling(dst []Move, from Square, occ uint64, cand, inCheck bool, toMask uint64) []Move {
	us := p.side
	if !cand && inCheck {
		return dst
	}
	for _, short := range []bool{true, false} {
		bit := uint8(castleWK)
		flag := FlagCastleShort
		if !short {
			bit, flag = castleWQ, FlagCastleLong
		}
		if p.castle&(bit<<(2*us)) == 0 {
			continue
		}
		rook, kingTo, rookTo := p.castleSquares(us, short)
		if bb(kingTo)&toMask == 0 || p.board[rook] != MakePiece(us, Rook) {
			continue
		}
		path := between(from, kingTo) | bb(kingTo) | between(rook, rookTo) | bb(rookTo)
		if path&occ&^bb(from)&^bb(rook) != 0 {
			continue
		}
		if !cand && p.castlePathAttacked(from, kingTo) != NoSquare {
			continue
		}
		dst = append(dst, NewMove(from, kingTo, flag))
	}
	return dst
}

// castlePathAttacked is the first square the castling king crosses or lands
// on that the opponent attacks, NoSquare if none.
func (p *Position) castlePathAttacked(from, kingTo Square) Square {
	for x := between(from, kingTo) | bb(kingTo); x != 0; x &= x - 1 {
		if sq := Square(trailing(x)); p.attacked(sq, p.side^1) {
			return sq
		}
	}
	return NoSquare
}

// pawnTo adds a pawn move to a square, with its promotions on the last
// rank: the available pieces, or when none is available the arrival
// (stay, wait) or nothing (forbidden). Candidates get every piece and the
// arrival.
func (p *Position) pawnTo(dst []Move, from, to Square, flags MoveFlags, cand bool) []Move {
	us := p.side
	m := NewMove(from, to, flags)
	if bb(to)&lastRank(us) != 0 {
		var ks kindSet
		if cand {
			ks = 1<<Queen | 1<<Rook | 1<<Bishop | 1<<Knight
		} else {
			own := p.men(us)
			ks = p.s.available(us, to, &own)
		}
		for _, k := range promoOrder {
			if ks.has(k) {
				m.Promotion = k
				dst = p.withConversions(dst, m, cand)
			}
		}
		if cand || (ks == 0 && p.s.UnavailablePromo != UnavailableForbidden) {
			m.Promotion = NoKind
			m.Flags |= FlagArrival
			dst = p.withConversions(dst, m, cand)
		}
		return dst
	}
	if flags&FlagCapture != 0 {
		return p.withConversions(dst, m, cand)
	}
	return append(dst, m)
}

// genWaiting adds, for Candidates only, moves of a waiting pawn as if it
// were each piece it may become, so that a record that moves it can be
// matched and told waiting-pawn-moved.
func (p *Position) genWaiting(dst []Move, from Square, notOwn, occ, enemy uint64) []Move {
	ks := p.s.promoKinds(p.side, from)
	for _, k := range promoOrder {
		if !ks.has(k) {
			continue
		}
		for t := p.s.attacks(k, p.side, from, occ) & notOwn; t != 0; t &= t - 1 {
			to := Square(trailing(t))
			m := NewMove(from, to, FlagWaitingMove)
			m.Promotion = k
			if enemy&bb(to) != 0 {
				m.Flags |= FlagCapture
			}
			dst = append(dst, m)
		}
	}
	return dst
}

// withConversions adds a capture, once per conversion it can carry. In
// legal mode: every waiting pawn of the captured side that waits for the
// captured kind (a bishop: on a square of its colour) and may take it now
// converts, one per move (the conversion is compulsory); with none, the
// plain capture. Candidates: the plain capture and every waiting pawn with
// every piece, so a wrongly written conversion can be matched.
func (p *Position) withConversions(dst []Move, m Move, cand bool) []Move {
	them := p.side ^ 1
	waiting := p.byColor[them] & p.byKind[Pawn] & lastRank(them)
	if waiting == 0 || m.Flags&FlagCapture == 0 || (!cand && p.s.UnavailablePromo != UnavailableWait) {
		return append(dst, m)
	}
	if cand {
		dst = append(dst, m)
		for w := waiting; w != 0; w &= w - 1 {
			for _, k := range promoOrder {
				c := m
				c.ConvSquare, c.ConvKind = Square(trailing(w)), k
				dst = append(dst, c)
			}
		}
		return dst
	}
	n := len(dst)
	for w := waiting; w != 0; w &= w - 1 {
		ws := Square(trailing(w))
		if k := p.conversionKind(m, ws); k != NoKind {
			c := m
			c.ConvSquare, c.ConvKind = ws, k
			dst = append(dst, c)
		}
	}
	if len(dst) == n {
		dst = append(dst, m)
	}
	return dst
}

// capturedSquare is where the man taken by m stands (NoSquare if none).
func (p *Position) capturedSquare(m Move) Square {
	if m.Flags&FlagEnPassant != 0 {
		if p.side == White {
			return m.To - 8
		}
		return m.To + 8
	}
	if p.board[m.To] != NoPiece && m.Flags&FlagCapture != 0 {
		return m.To
	}
	return NoSquare
}

// conversionKind is what the waiting pawn on ws (of the side m captures
// from) becomes inside m, or NoKind if it may not convert.
func (p *Position) conversionKind(m Move, ws Square) Kind {
	cs := p.capturedSquare(m)
	if cs == NoSquare {
		return NoKind
	}
	them := p.side ^ 1
	k := p.board[cs].Kind()
	if k == Pawn || k == King || !p.s.promoKinds(them, ws).has(k) {
		return NoKind
	}
	if k == Bishop && cs.Light() != ws.Light() {
		return NoKind
	}
	tm := p.men(them)
	tm[k] &^= bb(cs)
	if !p.s.available(them, ws, &tm).has(k) {
		return NoKind
	}
	return k
}
