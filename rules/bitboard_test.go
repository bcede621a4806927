package rules

import "testing"

// TestLineTables checks between and lineBetween (computed from the
// tables of lines) and the rays past a square, which MayGiveCheck reads
// through a compact index, against the squares walked on an empty board
// one step at a time.
func TestLineTables(t *testing.T) {
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			d, wantBetween, wantBeyond, lined := walkedLine(a, b)
			if got := ray(d, b); lined && got != wantBeyond {
				t.Errorf("ray %d past %v from %v = %#x, want %#x", d, Square(b), Square(a), got, wantBeyond)
			}
			if got := between(Square(a), Square(b)); got != wantBetween {
				t.Errorf("between %v %v = %#x, want %#x", Square(a), Square(b), got, wantBetween)
			}
			for _, lines := range []*[64]uint64{&rookLines, &bishopLines} {
				if lines[a]&(1<<uint(b)) == 0 {
					continue
				}
				if got := lineBetween(lines, Square(a), Square(b)); got != wantBetween {
					t.Errorf("lineBetween %v %v = %#x, want %#x", Square(a), Square(b), got, wantBetween)
				}
			}
		}
	}
}

// walkedLine walks from a, one step at a time on an empty board, in each
// direction of dirDelta until it meets b: lined reports whether it does,
// d is that direction, between the squares passed on the way and beyond
// those past b to the board's edge.
func walkedLine(a, b int) (d int, between, beyond uint64, lined bool) {
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	for d, dd := range dirDelta {
		var passed uint64
		f, r := a&7+dd[0], a>>3+dd[1]
		for ; on(f, r) && r*8+f != b; f, r = f+dd[0], r+dd[1] {
			passed |= 1 << uint(r*8+f)
		}
		if !on(f, r) {
			continue
		}
		for f, r = f+dd[0], r+dd[1]; on(f, r); f, r = f+dd[0], r+dd[1] {
			beyond |= 1 << uint(r*8+f)
		}
		return d, passed, beyond, true
	}
	return 0, 0, 0, false
}
