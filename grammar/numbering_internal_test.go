package grammar

import "testing"

// TestNumberingAdvance holds numbering's one word to the two fields it
// stands for: a known number goes on after black's turn, an unknown one
// stays unknown however many turns pass, the side to move alternating.
func TestNumberingAdvance(t *testing.T) {
	n := numberingOf(0, false)
	for i := range 1000 {
		if n.known() || n.black() != (i%2 == 1) {
			t.Fatalf("unknown number after %d turns: known %v, black %v", i, n.known(), n.black())
		}
		n.advance()
	}
	n = numberingOf(0, true)
	if n.known() || !n.black() {
		t.Fatalf("unknown number, black to move: known %v, black %v", n.known(), n.black())
	}
	n = numberingOf(7, true)
	for i, want := range []struct {
		num   int
		black bool
	}{{7, true}, {8, false}, {8, true}, {9, false}} {
		if !n.known() || n.num() != want.num || n.black() != want.black {
			t.Fatalf("after %d turns from 7...: known %v, number %d, black %v; want %d, %v", i, n.known(), n.num(), n.black(), want.num, want.black)
		}
		n.advance()
	}
	n = numberingOf(1<<31-1, true)
	if n.advance(); !n.known() || n.num() != 1<<31 || n.black() {
		t.Fatalf("after the largest number's black turn: known %v, number %d, black %v", n.known(), n.num(), n.black())
	}
}
