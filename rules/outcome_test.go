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
