package rules

import "testing"

// passSide changes the side to move in the word it shares with the leap
// and castling rights (one load and one store): every other byte of that
// word, and the move number but after Black's move, must stay as it was.
func TestPassSideKeepsRights(t *testing.T) {
	s := testSettings(t, "chaturanga")
	for _, c := range []struct {
		side        Color
		leapW, leap uint8
		castle      uint8
	}{
		{White, 1, 1, 0},
		{Black, 1, 0, 15},
		{White, 0, 1, 5},
		{Black, 0, 0, 10},
		{White, 1, 1, 255},
	} {
		p := NewPosition(s)
		p.side, p.leap[White], p.leap[Black], p.castle = c.side, c.leapW, c.leap, c.castle
		p.fullmove = 7
		before := *p
		p.passSide()
		want := before
		want.side = c.side ^ 1
		if c.side == Black {
			want.fullmove = 8
		}
		if *p != want {
			t.Errorf("%+v: after passSide side %d leaps %v castle %d move %d; want side %d leaps %v castle %d move %d",
				c, p.side, p.leap, p.castle, p.fullmove, want.side, want.leap, want.castle, want.fullmove)
		}
	}
}
