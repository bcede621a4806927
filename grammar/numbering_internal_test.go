package grammar

import (
	"math/rand/v2"
	"testing"
)

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

// TestNumberingCountsTurns: a known numbering shifted right by one grows by
// one a turn, however the turns are numbered, from either side's move
// (leanMain counts its plies so).
func TestNumberingCountsTurns(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 6))
	for _, start := range []numbering{numberingOf(1, false), numberingOf(1, true), numberingOf(57, true), numberingOf(1<<20, false)} {
		n := start
		for turn := range 500 {
			if got := int(n>>1 - start>>1); got != turn {
				t.Fatalf("from %d (black %v), after %d turns: the word counts %d", start.num(), start.black(), turn, got)
			}
			if r.IntN(2) == 0 {
				n.noteNumber()
			}
			n.advance()
		}
	}
}

// TestNumberingMark holds the numbered mark, kept in the numbering's word,
// apart from the number and the side: noting a number changes neither,
// a turn clears the mark whether it was set or not, and turned reports a
// white turn without a number.
func TestNumberingMark(t *testing.T) {
	for _, start := range []numbering{numberingOf(0, false), numberingOf(0, true), numberingOf(12, false), numberingOf(12, true), numberingOf(1<<31-1, true)} {
		for _, mark := range []bool{false, true} {
			n := start
			if mark {
				n.noteNumber()
			}
			if n.numbered() != mark || n.known() != start.known() || n.num() != start.num() || n.black() != start.black() {
				t.Fatalf("%d marked %v: numbered %v, known %v, number %d, black %v", start, mark, n.numbered(), n.known(), n.num(), n.black())
			}
			plain := start
			plain.advance()
			num := n
			white := turned(&num)
			if num != plain || num.numbered() {
				t.Fatalf("%d marked %v: turned gives %d; want %d, not numbered", start, mark, num, plain)
			}
			if want := !start.black() && !mark; white != want {
				t.Fatalf("%d marked %v: turned reports an unnumbered white move %v, want %v", start, mark, white, want)
			}
		}
	}
}

// TestLineNumberingBefore holds lineNumbering's before, read back from
// num, to the numbering before the last turn kept at every turn (its mark
// cleared), over random runs of turns, numbers noted, numberings set
// (known or not, either side, marked or not) and marks cleared.
func TestLineNumberingBefore(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for run := range 2000 {
		first := numberingOf(r.IntN(3)*r.IntN(100), r.IntN(2) == 1)
		if r.IntN(2) == 1 {
			first.noteNumber()
		}
		l := lineNumbering{num: first, last: first, at: first}
		want := first
		for op := range 40 {
			switch r.IntN(5) {
			case 0, 1:
				want = l.num
				turned(&l.num)
			case 2:
				l.num.noteNumber()
			case 3:
				l.set(numberingOf(r.IntN(3)*r.IntN(100), r.IntN(2) == 1) | numbering(r.IntN(2)))
			case 4:
				l.num &^= 1
			}
			if got := l.before(); got != want&^1 {
				t.Fatalf("run %d, step %d: before %d, want %d (num %d)", run, op, got, want&^1, l.num)
			}
		}
	}
}
