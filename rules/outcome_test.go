package rules

import "testing"

// FIDE Laws 5.2.2 (dead position, as docs/rules.md's dead-position=fide reads
// it), 9.6 (fivefold repetition, 75 moves) and 9.2/9.3 (claims).
func TestFideOutcomes(t *testing.T) {
	s := testSettings(t, "fide")
	for _, c := range []struct {
		fen  string
		dead bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},
		{"4k3/8/8/8/8/8/8/4KN2 b - - 0 1", true},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},   // both bishops on dark squares
		{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // opposite colours
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},
	} {
		o := outcomeOf(t, s, c.fen)
		if (o.Kind == OutcomeDeadPosition) != c.dead {
			t.Errorf("%s: %+v, dead=%v wanted", c.fen, o, c.dead)
		}
	}
	if o := outcomeOf(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"); o.Ended() {
		t.Errorf("149 plies: %+v", o)
	}
	if o := outcomeOf(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 150 100"); o.Kind != OutcomeMoveRule || o.Winner != Draw {
		t.Errorf("75 moves: %+v", o)
	}
	h := NewHistory(mustFEN(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 100 100"))
	if h.Claimable() != OutcomeMoveRule {
		t.Error("fifty moves not claimable")
	}
	h = NewHistory(mustFEN(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
	shuffle := []string{"a1a2", "e8d8", "a2a1", "d8e8"}
	for i := 0; i < 16; i++ {
		h.Play(find(t, h.Position(), shuffle[i%4]))
		occ := i/4 + 2 // occurrences of the start position after each full cycle
		o := h.Outcome()
		switch {
		case i%4 == 3 && occ == 3 && (h.Claimable() != OutcomeRepetition || o.Ended()):
			t.Errorf("threefold: claimable %v, outcome %+v", h.Claimable(), o)
		case i%4 == 3 && occ == 5 && o.Kind != OutcomeRepetition:
			t.Errorf("fivefold: %+v", o)
		case !(i%4 == 3 && occ >= 5) && o.Ended():
			t.Errorf("ply %d: ended early %+v", i+1, o)
		}
	}
}

// The history keeps a position's key only since the last capture or pawn
// move, once per distinct position (not a board per ply, which a long game
// could not afford), as four bitboards; repetition counts as it would with
// every position kept, and a position before the irreversible move never
// counts.
func TestHistoryKeysSinceIrreversible(t *testing.T) {
	if p := MakePiece(Black, King); p > 15 {
		t.Fatalf("a piece (%d) does not fit the key's four bits", p)
	}
	s := testSettings(t, "fide")
	h := NewHistory(mustFEN(t, s, "4k3/p7/8/8/8/8/8/R3K3 w - - 0 1"))
	shuffle := []string{"a1b1", "e8d8", "b1a1", "d8e8"}
	for i := 0; i < 8; i++ {
		h.Play(find(t, h.Position(), shuffle[i%4]))
	}
	if n := h.occurrences(5); n != 3 {
		t.Fatalf("start position seen %d times, want 3", n)
	}
	if len(h.positions) != 4 {
		t.Fatalf("%d keys for the 4 positions of the shuffle", len(h.positions))
	}
	h.Play(find(t, h.Position(), "a1xa7")) // a capture
	if len(h.positions) != 1 || h.keyBase != h.plies-1 {
		t.Fatalf("after a capture: %d keys from %d, %d positions", len(h.positions), h.keyBase, h.plies)
	}
	// The mover shuffles back and forth: the position after the capture
	// recurs, counted from the capture on only.
	for i, m := range []string{"e8d8", "a7b7", "d8e8", "b7a7", "e8d8", "a7b7", "d8e8", "b7a7"} {
		h.Play(find(t, h.Position(), m))
		if want := 1 + (i+1)/4; i%4 == 3 && h.occurrences(5) != want {
			t.Errorf("after %d plies: %d occurrences, want %d", i+1, h.occurrences(5), want)
		}
	}
	if h.Claimable() != OutcomeRepetition {
		t.Error("threefold repetition after the capture not claimable")
	}
	packed := h.positions[h.cur].key
	var board [64]Piece
	for i := range board {
		k := Kind(packed.board[1]>>i&1 | packed.board[2]>>i&1<<1 | packed.board[3]>>i&1<<2)
		if k != NoKind {
			board[i] = MakePiece(Color(1-packed.board[0]>>i&1), k)
		}
	}
	if board != h.Position().board {
		t.Error("the key's bitboards do not hold the board")
	}
	h.Reset(mustFEN(t, s, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
	if len(h.positions) != 1 || h.keyBase != 0 || h.plies != 1 {
		t.Errorf("after Reset: %d keys from %d, %d positions", len(h.positions), h.keyBase, h.plies)
	}
	off := *s
	off.Repetition = RepetitionOff
	h = NewHistory(mustFEN(t, &off, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
	h.Play(find(t, h.Position(), "a1b1"))
	if len(h.positions) != 0 || len(h.slots) != 0 {
		t.Errorf("%d keys kept under repetition=off", len(h.positions))
	}
}
