package rules

import "math/bits"

func trailing(x uint64) int { return bits.TrailingZeros64(x) }

// kindSet is a set of kinds, bit k for Kind k.
type kindSet uint8

func (ks kindSet) has(k Kind) bool { return ks&(1<<k) != 0 }

// promoOrder is the order promotions are generated in.
var promoOrder = [4]Kind{Queen, Rook, Bishop, Knight}

// promoKinds is what a pawn of colour c may become on square to under the
// promotion setting, before availability: the empty set on the king's
// square under square-piece.
func (s *Settings) promoKinds(c Color, to Square) kindSet {
	switch s.Promotion {
	case PromoteCounsellor:
		return 1 << Queen
	case PromoteFilePiece:
		// The piece that began on the file; on the d and e files that is
		// the counsellor for both (docs/rules.md), never the king.
		k := [8]Kind{Rook, Knight, Bishop, Queen, Queen, Bishop, Knight, Rook}[to.File()]
		return 1 << k
	case PromoteSquarePiece:
		k := backRank(s.Setup, c.Other())[to.File()]
		if k == King {
			return 0
		}
		return 1 << k
	}
	return 1<<Queen | 1<<Rook | 1<<Bishop | 1<<Knight
}

// available filters promoKinds by promotion-limit, counting colour c's men
// in m (m[k] = c's men of kind k on the board at that moment).
func (s *Settings) available(c Color, to Square, m *[8]uint64) kindSet {
	ks := s.promoKinds(c, to)
	if s.PromotionLimit == LimitNone || ks == 0 {
		return ks
	}
	var out kindSet
	for _, k := range promoOrder {
		if !ks.has(k) || popcount(m[k]) >= InitialCount(k) {
			continue
		}
		if k == Bishop && s.PromotionLimit == LimitLostSameColour {
			col := ^lightSquares
			if to.Light() {
				col = lightSquares
			}
			if m[Bishop]&col != 0 {
				continue
			}
		}
		out |= 1 << k
	}
	return out
}

// men returns colour c's men by kind.
func (p *Position) men(c Color) (m [8]uint64) {
	own := p.byColor[c]
	for k := Pawn; k <= King; k++ {
		m[k] = p.byKind[k] & own
	}
	return m
}

// attackedBy reports whether square sq is attacked by the men m of colour
// by, with occupancy occ. Waiting pawns attack nothing (they stand on
// their last rank, from where a pawn's attack leaves the board). Under
// unavailable-promotion=forbidden with stuck-pawn-gives-check=no, a pawn's
// capture onto its last rank counts only if that promotion is available.
func (s *Settings) attackedBy(sq Square, by Color, occ uint64, m *[8]uint64) bool {
	return s.attackedByIn(sq, by, occ, ^uint64(0), m)
}

// attackedByIn is attackedBy for the men of kinds that stand on mine
// (kinds[k] & mine are by's men of kind k): the position's own kind
// bitboards and by's colour serve as they are, without building by's men
// (Position.men) for the check test of every ply. sq is a square of the
// board (every caller's is): the tables are indexed by sq&63, and by's
// opponent by (by^1)&1, which the compiler needs no bounds test for.
func (s *Settings) attackedByIn(sq Square, by Color, occ, mine uint64, kinds *[8]uint64) bool {
	if mine&(kinds[Knight]&knightAtt[sq&63]|kinds[King]&kingAtt[sq&63]) != 0 {
		return true
	}
	if mine&kinds[Pawn]&pawnAtt[(by^1)&1][sq&63] != 0 {
		if !s.stuckFilter() || bb(sq)&lastRank(by) == 0 {
			return true
		}
		m := *kinds
		for k := range m {
			m[k] &= mine
		}
		if s.available(by, sq, &m) != 0 {
			return true
		}
	}
	// Sliders: rooks and a queen counsellor along ranks and files,
	// bishops and a queen counsellor along diagonals (the check test runs
	// at every ply of every game replayed). Whether by has a queen or a
	// bishop is not asked first: an empty set adds nothing, and that test,
	// as good as random, was mispredicted where the settings' tests, the
	// same all game, are not.
	rq := kinds[Rook] & mine
	var bq uint64
	if q := kinds[Queen] & mine; s.Counsellor == CounsellorFerz {
		if ferzAtt[sq&63]&q != 0 {
			return true
		}
	} else {
		rq |= q
		bq = q
	}
	switch b := kinds[Bishop] & mine; s.Elephant {
	case ElephantAlfil:
		if alfilAtt[sq&63]&b != 0 {
			return true
		}
	case ElephantDabbaba:
		if dabbabaAtt[sq&63]&b != 0 {
			return true
		}
	default:
		bq |= b
	}
	// A slider on a line through sq attacks it when nothing stands
	// between: a test per such slider (there are few) instead of walking
	// the rays from sq.
	for x := rq&rookLines[sq&63] | bq&bishopLines[sq&63]; x != 0; x &= x - 1 {
		if linedBetween(sq, Square(trailing(x)))&occ == 0 {
			return true
		}
	}
	return false
}

// extraLegality: a setting makes a generated move's legality depend on
// more than king safety (maddat-mari, mastu, pawns-only-king=immune,
// stalemate=forbidden), so legal() must look further.
func (s *Settings) extraLegality() bool {
	return s.Capture == CaptureMaddatMari || s.Mastu || s.PawnsOnlyKing == PawnsOnlyImmune ||
		s.Stalemate == StalemateForbidden
}

// sliders are colour c's men that move along files and ranks (rq) and
// along diagonals (bq) under s: the only men that can pin.
func (p *Position) sliders(c Color) (rq, bq uint64) {
	s := p.s
	own := p.byColor[c]
	rq = p.byKind[Rook] & own
	if s.Counsellor == CounsellorQueen {
		rq |= p.byKind[Queen] & own
		bq |= p.byKind[Queen] & own
	}
	if s.Elephant == ElephantBishop {
		bq |= p.byKind[Bishop] & own
	}
	return rq, bq
}

// stuckFilter: pawn attacks onto the last rank depend on availability.
func (s *Settings) stuckFilter() bool {
	return s.UnavailablePromo == UnavailableForbidden && !s.StuckPawnGivesCheck && promotionCanFail(s)
}

// law is what the legality shortcuts and the play of a move ask of the
// settings at every move, folded once when a position is made under them
// (a game's settings do not change while it is played), so that a profile
// pays nothing at each move for the tests of rules it does not have.
type law uint8

const (
	lawExtra          law = 1 << iota // extraLegality
	lawStuck                          // stuckFilter
	lawWait                           // a pawn on the last rank waits for a piece to come back
	lawCastling                       // FIDE castling
	lawQuietMayFail                   // a quiet move may be illegal though the king is safe (it may stalemate, or bare a pawns-only king)
	lawOldPieces                      // a counsellor or an elephant that is not the FIDE queen or bishop
	lawRepetitionRare                 // repetition off or perpetual-check: History.record asks which
	lawLeapChecked                    // king-leap=never-checked: a check costs the leap (checkLoss)
)

func lawOf(s *Settings) law {
	var l law
	if s.extraLegality() {
		l |= lawExtra
	}
	if s.stuckFilter() {
		l |= lawStuck
	}
	if s.UnavailablePromo == UnavailableWait {
		l |= lawWait
	}
	if s.Castling {
		l |= lawCastling
	}
	if s.Stalemate == StalemateForbidden || s.PawnsOnlyKing == PawnsOnlyImmune {
		l |= lawQuietMayFail
	}
	if s.Counsellor != CounsellorQueen || s.Elephant != ElephantBishop {
		l |= lawOldPieces
	}
	if s.Repetition == RepetitionOff || s.Repetition == RepetitionPerpetualCheck {
		l |= lawRepetitionRare
	}
	if s.KingLeap == LeapNeverChecked {
		l |= lawLeapChecked
	}
	return l
}

// attacked reports whether colour by attacks sq in the position as it is.
func (p *Position) attacked(sq Square, by Color) bool {
	// No man of by that could reach sq on an empty board (mayAttack)
	// means no attack: the answer for most kings at most plies, without
	// the full test.
	if !mayAttack(sq, p.byColor[by&1], &p.byKind) {
		return false
	}
	return p.s.attackedByIn(sq, by, p.byColor[0]|p.byColor[1], p.byColor[by&1], &p.byKind)
}

// mayAttack reports whether a man on mine (kinds[k] & mine: the
// attacker's men of kind k) could attack sq on an empty board: a knight
// a knight's leap away, any man next to it (a king's step, a pawn's
// capture), a rook, bishop or queen on a line through it, whatever the
// settings make of them (ferz, alfil and dabbaba moves lie on those
// lines). False means attackedByIn is false, without its settings' tests
// and its walk of the lines; the men next to sq are not told apart by
// kind, which costs the test more than it saves.
func mayAttack(sq Square, mine uint64, k *[8]uint64) bool {
	return mine&(knightAtt[sq&63]&k[Knight]|kingAtt[sq&63]|kingLines[sq&63]&(k[Rook]|k[Bishop]|k[Queen])) != 0
}

// attacks is the set of squares a man of kind k and colour c on sq attacks
// (for a pawn: its diagonal captures), with occupancy occ.
func (s *Settings) attacks(k Kind, c Color, sq Square, occ uint64) uint64 {
	switch k {
	case Pawn:
		return pawnAtt[c][sq]
	case Knight:
		return knightAtt[sq]
	case King:
		return kingAtt[sq]
	case Rook:
		return rookAtt(sq, occ)
	case Queen:
		if s.Counsellor == CounsellorFerz {
			return ferzAtt[sq]
		}
		return rookAtt(sq, occ) | bishopAtt(sq, occ)
	case Bishop:
		switch s.Elephant {
		case ElephantAlfil:
			return alfilAtt[sq]
		case ElephantDabbaba:
			return dabbabaAtt[sq]
		}
		return bishopAtt(sq, occ)
	}
	return 0
}

// checkedMay is InCheck without attacked's first look, for a position
// reached by a move that may give check (History.record): most such
// moves do, and the first look then only adds to the whole test.
func (p *Position) checkedMay() bool {
	by := p.side ^ 1
	return p.s.attackedByIn(p.kingSq[p.side&1], by, p.byColor[0]|p.byColor[1], p.byColor[by&1], &p.byKind)
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool { return p.attacked(p.kingSq[p.side&1], p.side^1) }
