package rules

import "testing"

// uciMove is the legal move of p written in UCI (promotion letter included).
func uciMove(t *testing.T, p *Position, s string) Move {
	t.Helper()
	for _, m := range p.LegalMoves(nil) {
		if m.UCI() == s {
			return m
		}
	}
	t.Fatalf("%s is not legal in %s", s, p.FEN())
	return Move{}
}

// TestTurnShape: how many moves a turn may have, judged once, by profile.
func TestTurnShape(t *testing.T) {
	for _, c := range []struct {
		profile string
		opening bool
		n       int
		kind    TurnKind
		fault   TurnFault
		at      int
	}{
		{"fide", true, 1, TurnSingle, TurnFine, -1},
		{"fide", true, 2, TurnSingle, TurnOneMove, 1},
		{"andhra", true, 3, TurnTriple, TurnFine, -1},
		{"andhra", true, 4, TurnTriple, TurnTooLong, 3},
		{"andhra", false, 2, TurnKnightPromotion, TurnFine, -1},
		{"andhra", false, 3, TurnSingle, TurnOneMove, 1},
		{"hindustani", false, 2, TurnSingle, TurnOneMove, 1},
	} {
		var turn Turn
		p := NewPosition(testSettings(t, c.profile))
		kind, fault, at := turn.Begin(p, c.opening, c.n)
		if kind != c.kind || fault != c.fault || at != c.at {
			t.Errorf("%s opening=%v %d moves: got %v %v %d, want %v %v %d", c.profile, c.opening, c.n, kind, fault, at, c.kind, c.fault, c.at)
		}
	}
}

// TestTurnNewKnightOnly: in b8=N,Nc6 only the new knight may move, so the
// knight on e5, which could also reach c6, does not make Nc6 ambiguous;
// its move is not allowed in that turn.
func TestTurnNewKnightOnly(t *testing.T) {
	s := testSettings(t, "andhra")
	p := mustFEN(t, s, "4k3/1P6/8/4N3/8/8/8/4K3 w - - 0 1")
	var turn Turn
	if kind, fault, _ := turn.Begin(p, false, 2); kind != TurnKnightPromotion || fault != TurnFine {
		t.Fatalf("Begin: %v %v", kind, fault)
	}
	if turn.Origin() != NoSquare {
		t.Fatalf("the first move of the turn may be any man's, got origin %v", turn.Origin())
	}
	promo := uciMove(t, p, "b7b8n")
	if f, _ := turn.Allow(p, promo); f != TurnFine {
		t.Fatalf("b8=N: %v", f)
	}
	q := *p
	q.PlayKeepTurn(promo)
	if got := turn.Origin(); got != MakeSquare(1, 7) {
		t.Fatalf("origin after b8=N: %v, want b8", got)
	}
	// Both knights can go to c6: the rules list both, the turn allows one.
	tos := q.LegalMovesTo(nil, Knight, MakeSquare(2, 5))
	if len(tos) != 2 {
		t.Fatalf("want two knight moves to c6, got %v", tos)
	}
	var other Turn
	other.Begin(p, false, 2)
	other.Allow(p, promo)
	for _, m := range tos {
		f, _ := other.Allow(&q, m)
		other.moves = other.moves[:1]
		if want := m.From == MakeSquare(1, 7); (f == TurnFine) != want {
			t.Errorf("%v: fault %v", m, f)
		}
		if m.From != MakeSquare(1, 7) && f != TurnNotNewKnight {
			t.Errorf("%v: want TurnNotNewKnight, got %v", m, f)
		}
	}
	// A first move that is not a promotion to a knight is at fault.
	var t2 Turn
	t2.Begin(p, false, 2)
	if f, _ := t2.Allow(p, uciMove(t, p, "e5c6")); f != TurnNotKnightPromotion {
		t.Errorf("Nc6 first: fault %v, want TurnNotKnightPromotion", f)
	}
}
