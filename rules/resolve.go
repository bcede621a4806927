package rules

// LegalMovesTo appends the legal moves of the side to move's men of kind k
// that go to square to (any square when to is NoSquare): exactly the moves
// of LegalMoves whose man is of kind k and whose To is to, in the same
// order. A replayer resolving a written move needs only these; generating
// and testing every move of every position cost it half its time.
func (p *Position) LegalMovesTo(dst []Move, k Kind, to Square) []Move {
	return p.plainTo(dst, k, to, p.InCheck())
}

// legalMovesTo is kept out of line: the build's profile would inline its
// whole body into the replayer's hot caller, which is then too big to be
// inlined where it is called at every ply.
//
//go:noinline
func (p *Position) legalMovesTo(dst []Move, k Kind, to Square, inCheck bool) []Move {
	if k <= NoKind || k > King {
		return dst
	}
	// The common case, a man's move to a square of the board, is plainTo's,
	// which LegalMovesTo calls first and which calls this for the cases it
	// leaves. (These lines keep the offsets of the calls below in the
	// function, which the build's profile matches its call sites by.)
	//
	from := p.byKind[k] & p.byColor[p.side]
	toMask := ^uint64(0)
	if to != NoSquare {
		if to < 0 || to > 63 {
			return dst
		}
		toMask = bb(to)
	}
	occ := p.byColor[0] | p.byColor[1]
	if to != NoSquare && k != King {
		// Only men that reach to can move there: for the pieces, whose
		// moves are symmetric, the men of kind k that a man of kind k on
		// to would attack; for pawns, the squares one or two steps behind
		// and those a pawn of the other side on to would attack. The king
		// is left alone (its leap and castling go further).
		from = p.reachingTo(k, to, from, occ)
	}
	if from == 0 {
		return dst
	}
	start := len(dst)
	switch {
	case to == NoSquare:
		dst = p.genMask(dst, false, inCheck, from, toMask)
	case k == Pawn:
		// Every man left in from attacks to (a pawn: reaches it), so each
		// has one move there (with its promotions and conversions): no need
		// to generate its moves everywhere and keep those to to, as
		// genMask would.
		dst = p.pawnsTo(dst, from, to)
	case k != King:
		dst = p.piecesTo(dst, from, to)
	case from&(from-1) == 0:
		dst = p.kingTo(dst, Square(trailing(from)), to, occ, inCheck)
	default:
		// More than one king of the side (a position no profile starts
		// from, but a FEN may set): the generator's way.
		dst = p.genMask(dst, false, inCheck, from, toMask)
	}
	if len(dst) == start {
		return dst
	}
	// Not in check and without the settings that make legal() look
	// further, a move of a man other than the king, not en passant,
	// converting nothing, is legal unless the man is pinned and leaves the
	// line of its pin: the snipers (the enemy sliders on a line through
	// the king, the board taken as empty) tell, without the legality
	// context's ray walks. Other moves take the full test (in check, that
	// is cheaper for the one or two men a written move can be than
	// finding the checkers).
	// The settings' tests, folded when the position was made (law).
	plain := p.law&lawExtra == 0
	simple := !inCheck && plain
	stuck := p.law&lawStuck != 0
	ksq := p.kingSq[p.side]
	var snipers uint64
	if simple && from&kingLines[ksq] != 0 {
		// Only a man on a line through its king can be pinned: most
		// moves come from elsewhere, and need no look at the sliders.
		rq, bq := p.sliders(p.side ^ 1)
		snipers = rookLines[ksq]&rq | bishopLines[ksq]&bq
	}
	var lc legalCtx
	haveCtx := false
	out := dst[:start]
	for _, m := range dst[start:] {
		if simple && m.From != ksq && m.Flags&FlagEnPassant == 0 && !m.HasConversion() &&
			!(stuck && m.Flags&FlagCapture != 0) {
			if pin := pinLine(ksq, snipers, m.From, occ); pin == 0 || pin&bb(m.To) != 0 {
				out = append(out, m)
			}
			continue
		}
		if plain && m.From == ksq && m.Flags&(FlagCastleShort|FlagCastleLong) == 0 && !m.HasConversion() {
			// Without the further settings, a step or leap of the king
			// that converts nothing is legal when its square is not
			// attacked once the king has left its own: safeAfter's test,
			// without its context.
			if p.kingSafeAt(ksq, m.To, occ) {
				out = append(out, m)
			}
			continue
		}
		if !haveCtx {
			// The king's moves, en passant, conversions, check and the
			// further settings: no pin shortcut applies to most of them, so
			// the context goes without its pin search.
			lc, haveCtx = p.newMoveCtx(inCheck), true
		}
		if p.legal(&lc, m, true) {
			out = append(out, m)
		}
	}
	return out
}

// plainTo is legalMovesTo, answering most written moves itself and
// handing the rest to legalMovesTo as its last act (nothing is kept across
// the call): it answers, to a square of the board, a man other than the
// king to a square where it neither promotes nor takes en passant, with no
// capture that a conversion or a stuck pawn could change. In check, each
// candidate takes the full king-safety test (safeFrom) instead of the pin
// test below. Out of check a candidate's move is safe for its king
// unless the man is pinned and leaves its line, so the candidates are
// narrowed as a bit set and their moves appended once, in the order of
// LegalMoves (by origin); under the settings that look further than king
// safety, each move left takes those tests too (legal's others). The
// king's step is answered too, to a square no castling king lands on or
// when no castling right is left, and when no further setting applies:
// legal when its square is not attacked once the king has left its own;
// whether it may be castling is asked of the king alone (kingGeneral),
// not in the first test of every move. The pin test's branch comes
// before the in-check one: with safeFrom's call first, the join after
// them took every value back from the stack. Kept out of line: inlined
// into the replayer's caller, it grows that past what the build inlines
// along its hot path.
//
//go:noinline
func (p *Position) plainTo(dst []Move, k Kind, to Square, inCheck bool) []Move {
	if uint8(to) > 63 || k <= NoKind || k > King {
		return p.legalMovesTo(dst, k, to, inCheck)
	}
	// (The settings are read where they are asked: one register less.)
	us := p.side & 1
	// t, to's bit, on a line with code (Position.apply says why).
	own, enemy, t := p.byColor[us], p.byColor[us^1], bb(to)
	if (own|p.byKind[King])&t != 0 {
		if k == King && p.kingGeneral(to) { // castling, on a man of ours in Chess960
			return p.legalMovesTo(dst, k, to, inCheck)
		}
		return dst // no man goes to his own side's square nor takes a king
	}
	// A capture's flag from to's bit, without a branch: whether a move
	// captures is about as good as random, and only the settings below
	// need to know before the moves are made.
	flags := MoveFlags(enemy>>to&1) * FlagCapture
	if p.law&(lawStuck|lawWait) != 0 && enemy&t != 0 && (p.law&lawStuck != 0 || enemy&p.byKind[Pawn]&lastRank(us^1) != 0) {
		return p.legalMovesTo(dst, k, to, inCheck)
	}
	occ := own | enemy
	from := p.byKind[k&7] & own
	if k == King {
		ksq := p.kingSq[us] & 63 // on the board: no bounds tests
		if from != bb(ksq) || kingAtt[ksq]&t == 0 || p.kingGeneral(to) {
			// Another king (a FEN may set one), or a leap: the general
			// path.
			return p.legalMovesTo(dst, k, to, inCheck)
		}
		if !mayAttack(to, enemy&^t, &p.byKind) || p.kingSafeAt(ksq, to, occ) { // kingSafeAt says why both
			dst = append(dst, NewMove(ksq, to, flags))
		}
		return dst
	}
	if k == Pawn {
		if t&lastRank(us) != 0 || to == p.ep {
			return p.legalMovesTo(dst, k, to, inCheck)
		}
		from &^= lastRank(us)
		if flags != 0 {
			from &= pawnAtt[us^1][to]
		} else {
			// The square one step behind to, and the one on the start
			// rank two steps behind, from tables by the side (us is 0
			// or 1), without a branch on the side nor a test of the
			// board's edges: the pawns' moves come from both sides in
			// turn. An empty entry holds no pawn: a step from off the
			// board, a double step to a square two ranks past none.
			b1 := pawnStepFrom[int(us)<<6|int(to)&63]
			switch {
			case from&b1 != 0:
				from = b1
			case occ&b1 == 0 && p.s.PawnDoubleStep && from&pawnDoubleFrom[int(us)<<6|int(to)&63] != 0:
				from, flags = pawnDoubleFrom[int(us)<<6|int(to)&63], FlagDoubleStep
			default:
				from = 0
			}
		}
	} else {
		from = p.reaching(k, to, from, occ)
	}
	ksq := p.kingSq[us] & 63
	if !inCheck && (p.law&lawOldPieces != 0 || p.snipersMay(ksq, enemy) != 0) {
		// No man is pinned without snipers, and only a man on his king's lines.
		rq, bq := p.sliders(us ^ 1)
		snipers := rookLines[ksq]&rq | bishopLines[ksq]&bq
		for lined := from & kingLines[ksq]; snipers != 0 && lined != 0; lined &= lined - 1 {
			// The man on lined's lowest square may not leave his pin's line.
			if pin := pinLine(ksq, snipers, Square(trailing(lined)), occ); pin != 0 && pin&t == 0 {
				from &^= lined & -lined
			}
		}
	} else if inCheck {
		from = p.safeFrom(ksq, to, from, occ)
	}
	if p.law&lawExtra == 0 {
		for ; from != 0; from &= from - 1 {
			dst = append(dst, NewMove(Square(trailing(from)), to, flags))
		}
		return dst
	}
	for ; from != 0; from &= from - 1 {
		m := NewMove(Square(trailing(from)), to, flags)
		if p.captureForbidden(m) == "" && p.furtherAllows(m, true) {
			dst = append(dst, m)
		}
	}
	return dst
}

// snipersMay is a superset of the snipers on the king's lines (ksq) among
// enemy (the enemy's men) under any settings: the rooks and queens on its
// rank and file, the bishops and queens on its diagonals (sliders says
// which of them slide under the present ones); under the FIDE pieces, the
// snipers themselves. Without one no man is pinned. It reads no settings
// and waits on no candidate, so plainTo asks it, under the FIDE pieces,
// before whether the moving man stands on his king's lines: that test
// changes from move to move and waits for the candidates' look-ups, while
// this one is seldom true (about one move in nine). Under other pieces a
// ferz or an elephant on those lines would make it true often.
func (p *Position) snipersMay(ksq Square, enemy uint64) uint64 {
	q := p.byKind[Queen]
	return (rookLines[ksq&63]&(p.byKind[Rook]|q) | bishopLines[ksq&63]&(p.byKind[Bishop]|q)) & enemy
}

// kingGeneral reports whether a king's move to to is the general path's:
// castling (to a square where it may land) and the further settings.
// Asked by plainTo only of the king, after the men's common tests.
func (p *Position) kingGeneral(to Square) bool {
	return p.law&lawCastling != 0 && p.castle != 0 && castleTargets&bb(to) != 0 || p.law&lawExtra != 0
}

// safeFrom is from less the men whose move to to would leave their king,
// on ksq, attacked (occ: the occupancy before the move): safeAfter's test
// for a move of a man other than the king that takes what stands on to
// (no en passant) and converts nothing. In check a pin is not enough:
// the move must also answer the check.
func (p *Position) safeFrom(ksq, to Square, from, occ uint64) uint64 {
	them, t := (p.side^1)&1, bb(to)
	for x := from; x != 0; x &= x - 1 {
		f := bb(Square(trailing(x)))
		if p.s.attackedByIn(ksq, them, occ&^f|t, p.byColor[them]&^t, &p.byKind) {
			from &^= f
		}
	}
	return from
}

// kingSafeAt reports whether the side to move's king, on ksq, would be
// unattacked on to once moved there (occ: the occupancy before the move).
// A man the king takes attacks no more: he is off the enemy's men. Most
// squares a king steps to have no enemy man that could reach them on an
// empty board (mayAttack), and need no more. plainTo asks mayAttack
// before calling this too: without the build's profile this is a call,
// which most of its king's steps then skip; with it, this is inlined
// there, and its own look is the same test of the same loads, which the
// compiler folds into the first.
func (p *Position) kingSafeAt(ksq, to Square, occ uint64) bool {
	them, t := (p.side^1)&1, bb(to)
	mine := p.byColor[them] &^ t
	return !mayAttack(to, mine, &p.byKind) || !p.s.attackedByIn(to, them, occ&^bb(ksq)|t, mine, &p.byKind)
}

// reachingTo is the men of from (of kind k, not the king) that may move
// to: a pawn one or two steps behind it or a capture away, a piece
// attacking it with occupancy occ (reaching). A superset for pawns, which
// the moves generated from it settle.
func (p *Position) reachingTo(k Kind, to Square, from, occ uint64) uint64 {
	if k != Pawn {
		return p.reaching(k, to, from, occ)
	}
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
	return from & reach
}

// reaching is the men of from (of kind k, not a pawn nor the king) that
// attack to with occupancy occ: for a slider, those on a line through to
// with nothing between (unblocked), instead of walking the rays from to;
// for the leapers, their table (each leap is its own way back: a man on f
// reaches to when one on to would reach f), without attacks' call.
func (p *Position) reaching(k Kind, to Square, from, occ uint64) uint64 {
	s := p.s
	if p.law&lawOldPieces == 0 {
		// The FIDE pieces: one path for the four, the kind choosing
		// its table and whether it is blocked (fideReach) instead of a
		// chain of tests, whose outcome changes from move to move.
		r := &fideReach[k&7]
		reach := from & r.squares[to&63]
		for x := reach & r.slides; x != 0; x &= x - 1 {
			if linedBetween(to, Square(trailing(x)))&occ != 0 {
				reach &^= x & -x
			}
		}
		return reach
	}
	switch {
	case k == Knight:
		return from & knightAtt[to]
	case k == Rook:
		return unblocked(&rookLines, to, from, occ)
	case k == Queen && s.Counsellor == CounsellorQueen:
		return unblocked(&rookLines, to, from, occ) | unblocked(&bishopLines, to, from, occ)
	case k == Bishop && s.Elephant == ElephantBishop:
		return unblocked(&bishopLines, to, from, occ)
	case k == Queen && s.Counsellor == CounsellorFerz:
		return from & ferzAtt[to]
	case k == Bishop && s.Elephant == ElephantAlfil:
		return from & alfilAtt[to]
	case k == Bishop && s.Elephant == ElephantDabbaba:
		return from & dabbabaAtt[to]
	}
	return from & s.attacks(k, p.side, to, occ)
}

// fideReach is, by kind, where a piece reaches a square from under the
// FIDE pieces (a queen counsellor, a bishop elephant): the squares of its
// leaps or lines through it, and whether a man between blocks it (all
// ones for the sliders). No entry for the pawn and the king, which
// reaching does not take.
var fideReach = [8]struct {
	squares *[64]uint64
	slides  uint64
}{
	Knight: {&knightAtt, 0},
	Bishop: {&bishopLines, ^uint64(0)},
	Rook:   {&rookLines, ^uint64(0)},
	Queen:  {&kingLines, ^uint64(0)},
}

// unblocked is the men of from on lines' lines through to (rookLines or
// bishopLines) with nothing of occ between them and to.
func unblocked(lines *[64]uint64, to Square, from, occ uint64) uint64 {
	from &= lines[to&63]
	for x := from; x != 0; x &= x - 1 {
		if lineBetween(lines, to, Square(trailing(x)))&occ != 0 {
			from &^= x & -x
		}
	}
	return from
}

// piecesTo appends the move to to of each man on from (pieces, not pawns
// nor the king, each of which attacks to), as genMask would generate it:
// none when to holds one of ours or the enemy king, a capture with its
// conversions when to holds an enemy man.
func (p *Position) piecesTo(dst []Move, from uint64, to Square) []Move {
	t := bb(to)
	if p.byColor[p.side]&t != 0 || p.byKind[King]&t != 0 {
		return dst
	}
	capture := p.byColor[p.side^1]&t != 0
	for ; from != 0; from &= from - 1 {
		m := NewMove(Square(trailing(from)), to, 0)
		if capture {
			m.Flags = FlagCapture
			dst = p.withConversions(dst, m, false)
		} else {
			dst = append(dst, m)
		}
	}
	return dst
}

// kingTo appends the moves to to of the king on ksq, as genMask would
// generate them in legal mode, without generating its moves elsewhere: the
// step (a capture with its conversions), else the knight leap where the
// profile and the king's right allow it, then castling whose king lands
// on to. A step and a leap never share a square.
func (p *Position) kingTo(dst []Move, ksq, to Square, occ uint64, inCheck bool) []Move {
	s := p.s
	us := p.side
	t := bb(to)
	if (p.byColor[us]|p.byKind[King])&t == 0 {
		capture := p.byColor[us^1]&t != 0
		var flags MoveFlags
		ok := true
		switch {
		case s.attacks(King, us, ksq, occ)&t != 0:
		case knightAtt[ksq]&t != 0 && s.KingLeap != LeapOff && p.leap[us] != 0 && !inCheck && (!capture || s.KingLeapCapture):
			flags = FlagLeap
		default:
			ok = false
		}
		switch {
		case ok && capture:
			dst = p.withConversions(dst, NewMove(ksq, to, flags|FlagCapture), false)
		case ok:
			dst = append(dst, NewMove(ksq, to, flags))
		}
	}
	if s.Castling && p.castle != 0 {
		dst = p.genCastling(dst, ksq, occ, false, inCheck, t)
	}
	return dst
}

// pawnsTo appends the moves to to of the pawns on from (those one or two
// steps behind to, or a capture away), as genMask would generate them in
// legal mode: a push or a double step to an empty square, a capture of
// an enemy man (not the king), en passant; with promotions, arrivals and
// conversions (pawnTo). A pawn on its last rank waits and has none.
func (p *Position) pawnsTo(dst []Move, from uint64, to Square) []Move {
	us := p.side
	occ := p.byColor[0] | p.byColor[1]
	t := bb(to)
	fwd, startRank := Square(8), rank2
	if us == Black {
		fwd, startRank = -8, rank7
	}
	for x := from &^ lastRank(us); x != 0; x &= x - 1 {
		f := Square(trailing(x))
		switch {
		case f+fwd == to:
			if occ&t == 0 {
				dst = p.pawnTo(dst, f, to, 0, false)
			}
		case f+2*fwd == to:
			if p.s.PawnDoubleStep && bb(f)&startRank != 0 && occ&(t|bb(f+fwd)) == 0 {
				dst = append(dst, NewMove(f, to, FlagDoubleStep))
			}
		case pawnAtt[us][f]&t != 0:
			if p.byColor[us^1]&^p.byKind[King]&t != 0 {
				dst = p.pawnTo(dst, f, to, FlagCapture, false)
			} else if to == p.ep && occ&t == 0 {
				dst = append(dst, NewMove(f, to, FlagCapture|FlagEnPassant))
			}
		}
	}
	return dst
}

// pinLine is, when the man on from is pinned to the king on ksq by one of
// snipers (enemy sliders, each on a line through ksq it moves along; from
// the only man between, with occupancy occ), the squares it may still
// move to: the line between them and the sniper's square; 0 when it is
// not pinned. A man stands on one line through the king at most, so one
// sniper at most pins it.
func pinLine(ksq Square, snipers uint64, from Square, occ uint64) uint64 {
	for f := bb(from); snipers != 0; snipers &= snipers - 1 {
		sn := Square(trailing(snipers))
		// A sniper further out on the same line may stand behind another
		// man: only the one with nothing but from between pins.
		if b := linedBetween(ksq, sn); b&f != 0 && b&occ == f {
			return b | bb(sn)
		}
	}
	return 0
}

// LegalMovesTo is Position().LegalMovesTo, with the check test the history
// made when it recorded the position instead of a new one. The position
// must only have changed through Play and PlayKeepTurn.
func (h *History) LegalMovesTo(dst []Move, k Kind, to Square) []Move {
	return h.pos.plainTo(dst, k, to, h.InCheck())
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
	if p.law&lawQuietMayFail == 0 && !inCheck {
		if p.unpinnedQuietMove() || p.quickHasMove() {
			return true
		}
	}
	if inCheck && p.law&lawExtra == 0 && p.kingEscapes() {
		return true
	}
	// The king's moves first: in check they are the usual way out, and
	// the search stops at the first legal move (the answer is the same in
	// any order). In check no move is legal by the pin shortcut, so the
	// context goes without its pin search; the other men's moves are
	// looked at in two parts, first those to the squares that may answer
	// the check (checkAnswers), which is where a legal one usually is,
	// then the rest. The three parts are every move once, each tested as
	// the whole list would be: the answer is exact under every setting.
	var buf [256]Move
	var lc legalCtx
	king := bb(p.kingSq[p.side])
	parts := [3][2]uint64{{king, ^uint64(0)}, {^king, ^uint64(0)}}
	first, n := 0, 2
	if inCheck {
		lc = p.newMoveCtx(true)
		answers := p.checkAnswers()
		parts[1][1], parts[2] = answers, [2]uint64{^king, ^answers}
		n = 3
		if p.law&^(lawCastling|lawOldPieces) == 0 && p.byColor[p.side^1]&p.byKind[Pawn]&lastRank(p.side^1) == 0 {
			// Where king safety is all of legality and nothing converts,
			// kingEscapes has tried every king move (in check it has no
			// leap nor castling), and only a move to an answer can end
			// the check (no conversion changes a checker): a checkmate
			// needs no more moves generated.
			first, n = 1, 2
		}
	} else {
		lc = p.newLegalCtx(false)
	}
	for _, part := range parts[first:n] {
		for _, m := range p.genMask(buf[:0], false, inCheck, part[0], part[1]) {
			if p.legal(&lc, m, true) {
				return true
			}
		}
	}
	return false
}

// checkAnswers is the squares where a man other than the king usually
// answers a check: the squares of the men of the side not to move that may
// attack the king (each kind's attack from the king's square, which is
// symmetric but for pawns, whose own table is used), the squares between
// each of them and the king, and the en passant square. It is only an
// order of search: hasLegalMove looks at the other squares too when none
// of these gives a legal move (a capture elsewhere may convert a checking
// waiting pawn, for one).
func (p *Position) checkAnswers() uint64 {
	s := p.s
	us := p.side
	ksq := p.kingSq[us]
	occ := p.byColor[0] | p.byColor[1]
	var x uint64
	for k := Pawn; k <= King; k++ {
		x |= s.attacks(k, us, ksq, occ) & p.byKind[k]
	}
	x &= p.byColor[us^1]
	answers := x
	for ; x != 0; x &= x - 1 {
		answers |= between(ksq, Square(trailing(x)))
	}
	if p.ep != NoSquare {
		answers |= bb(p.ep)
	}
	return answers
}

// kingEscapes reports whether the king, in check, can step to a square
// where it is not attacked, without generating moves: the usual answer
// to a check. Only for settings under which king safety is the whole of
// legality (no extraLegality), and only steps that convert nothing (an
// empty square, or a capture while the captured side has no waiting
// pawn); false means "look properly". In check there is no leap and no
// castling, so these are all the king's moves but those.
func (p *Position) kingEscapes() bool {
	us, them := p.side&1, (p.side^1)&1 // masked: no bounds tests
	ksq := p.kingSq[us] & 63
	enemy := p.byColor[them]
	targets := kingAtt[ksq] &^ p.byColor[us] &^ p.byKind[King]
	if enemy&p.byKind[Pawn]&lastRank(them) != 0 || p.law&lawStuck != 0 {
		// A conversion, or a capture that changes what a stuck pawn
		// attacks: the full test.
		targets &^= enemy
	}
	occ := (p.byColor[0] | p.byColor[1]) &^ bb(ksq)
	for ; targets != 0; targets &= targets - 1 {
		// A man the king would take is off the enemy's men. (t is the bit
		// of the square, trailing(targets).)
		t := targets & -targets
		if !p.s.attackedByIn(Square(trailing(targets)), them, occ|t, enemy&^t, &p.byKind) {
			return true
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
	lines := kingLines[p.kingSq[us]]
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
	h.restart()
}

// ResetInitial is Reset at NewPosition(s), without allocating the
// position: a replayer starts most games from the initial array.
func (h *History) ResetInitial(s *Settings) {
	h.pos.setInitial(s)
	h.restart()
}

// restart is Reset once the position is in place.
func (h *History) restart() {
	h.clearWindow()
	h.plies, h.keyBase, h.quiet, h.moverSafe = 0, 0, [2]int{-1, -1}, false
	h.record(false, true, true)
}
