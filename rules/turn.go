package rules

// The shape of a turn: how many moves one turn may have, and which. Most
// turns are one move. Two settings allow more (docs/rules-engine.md, "Turns"):
//
//   - opening=triple: each side's first turn from the initial array has up
//     to three moves, none capturing or checking, and under
//     opening-pattern=literal all by different men or all by one man;
//   - knight-promotion-move=optional: a pawn promoted to a knight may make
//     a knight's move at once, in the same turn, and only that new knight
//     moves.
//
// Turn judges a turn as a whole (Begin: the number of moves) and move by
// move (Allow, before each move is played; Origin, to narrow what a written
// move can stand for). The replayer walks the moves and words the findings;
// what is allowed is decided here only.

import "github.com/ashtapada/ashtapada/ruleid"

// TurnFault is why a turn's shape is wrong, for the replayer's messages.
type TurnFault int

const (
	// TurnFine: nothing is wrong.
	TurnFine TurnFault = iota
	// TurnTooLong: an opening turn of more than three moves; the fourth
	// move is at fault.
	TurnTooLong
	// TurnOneMove: this turn may have only one move; the second is at
	// fault (the first is an ordinary turn).
	TurnOneMove
	// TurnNotKnightPromotion: the first move of a two-move turn under
	// knight-promotion-move=optional is not a promotion to a knight (the
	// second move is at fault: the first is an ordinary move).
	TurnNotKnightPromotion
	// TurnNotNewKnight: the second move of a knight-promotion turn is not
	// a knight's move of the new knight.
	TurnNotNewKnight
	// TurnOpening: a move breaks the opening turn's rules (capture, check,
	// pattern); the Violation says which.
	TurnOpening
)

// TurnKind is the shape Begin gave a turn.
type TurnKind int

const (
	// TurnSingle is an ordinary turn of one move.
	TurnSingle TurnKind = iota
	// TurnTriple is an opening turn under opening=triple (one to three
	// moves).
	TurnTriple
	// TurnKnightPromotion is a promotion to a knight and the new knight's
	// move.
	TurnKnightPromotion
)

// MaxOpeningMoves is the number of moves an opening turn may have under
// opening=triple.
const MaxOpeningMoves = 3

// Turn judges one turn. Its zero value is ready for Begin; reuse one Turn
// for every turn of a game (Begin resets it) and nothing is allocated once
// its move buffer has grown.
type Turn struct {
	kind  TurnKind
	start Position // the position before the turn (opening turns only)
	moves []Move
}

// Begin starts judging a turn of n written moves by the side to move in p.
// opening says that it is that side's first turn of a game started from the
// profile's initial array. It returns the turn's kind and, when n moves
// are too many, the fault and the index of the first move at fault
// (TurnFine and -1 otherwise).
func (t *Turn) Begin(p *Position, opening bool, n int) (TurnKind, TurnFault, int) {
	t.moves = t.moves[:0]
	s := p.s
	switch {
	case s.Opening == OpeningTriple && opening:
		t.kind = TurnTriple
		t.start = *p
		if n > MaxOpeningMoves {
			return t.kind, TurnTooLong, MaxOpeningMoves
		}
	case n == 2 && s.KnightPromotionMove == KnightMoveOptional:
		t.kind = TurnKnightPromotion
	default:
		t.kind = TurnSingle
		if n > 1 {
			return t.kind, TurnOneMove, 1
		}
	}
	return t.kind, TurnFine, -1
}

// Kind is the kind Begin gave the turn.
func (t *Turn) Kind() TurnKind { return t.kind }

// Origin is the square the next move of the turn must start from, or
// NoSquare when any man may move: in a knight-promotion turn only the new
// knight moves, so its move needs no disambiguation even when another
// knight could reach the same square.
func (t *Turn) Origin() Square {
	if t.kind == TurnKnightPromotion && len(t.moves) == 1 {
		return t.moves[0].To
	}
	return NoSquare
}

// Allow judges the next move m of the turn, before it is played from pos
// (the position the turn has reached), and records it when it is allowed.
// The Violation is set for TurnOpening only.
func (t *Turn) Allow(pos *Position, m Move) (TurnFault, *Violation) {
	k := len(t.moves)
	switch t.kind {
	case TurnKnightPromotion:
		if k == 0 && m.Promotion != Knight {
			return TurnNotKnightPromotion, nil
		}
		if k == 1 && (m.From != t.moves[0].To || pos.At(m.From).Kind() != Knight || m.IsLeap()) {
			return TurnNotNewKnight, nil
		}
	case TurnTriple:
		t.moves = append(t.moves, m)
		if v := openingMoves(&t.start, t.moves); v != nil {
			t.moves = t.moves[:k]
			return TurnOpening, v
		}
		return TurnFine, nil
	}
	t.moves = append(t.moves, m)
	return TurnFine, nil
}

// OpeningTurnViolation checks the moves of a compound opening turn
// (opening=triple) played from p by the side to move, as a whole: at most
// three moves, then each move as Turn.Allow judges it. It does not check
// each move's own legality (Verdict does, move by move). Nil when the
// profile has no triple opening or the turn is fine.
func OpeningTurnViolation(p *Position, turn []Move) *Violation {
	if p.s.Opening != OpeningTriple {
		return nil
	}
	var t Turn
	if _, fault, _ := t.Begin(p, true, len(turn)); fault != TurnFine {
		return violation(ruleid.CompoundTurn, "the opening turn has %d moves; at most three are allowed", len(turn))
	}
	q := *p
	for _, m := range turn {
		if _, v := t.Allow(&q, m); v != nil {
			return v
		}
		q.PlayKeepTurn(m)
	}
	return nil
}

// openingMoves judges the moves of an opening turn so far, played from p:
// no capture, no check by any of them (discovered checks included), and
// under opening-pattern=literal all by different men or all by the same
// man.
func openingMoves(p *Position, turn []Move) *Violation {
	q := *p
	us := q.side
	var buf [MaxOpeningMoves]Square
	men := buf[:0] // where each man moved in this turn now stands
	for i, m := range turn {
		if m.Flags&FlagCapture != 0 {
			return violation(ruleid.OpeningCapture, "move %d of the opening turn captures; the opening moves may not capture", i+1)
		}
		idx := -1
		for j, sq := range men {
			if sq == m.From {
				idx = j
			}
		}
		if idx < 0 {
			men = append(men, m.To)
		} else {
			men[idx] = m.To
		}
		q.PlayKeepTurn(m)
		if q.attacked(q.kingSq[us^1], us) {
			return violation(ruleid.OpeningCheck, "move %d of the opening turn gives check; the opening moves may not check", i+1)
		}
	}
	if p.s.OpeningPattern == PatternLiteral && len(men) != 1 && len(men) != len(turn) {
		return violation(ruleid.CompoundTurn, "the opening turn must be moves of different men, or all moves of one man")
	}
	return nil
}
