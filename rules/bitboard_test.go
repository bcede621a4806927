package rules

import "testing"

// TestLineTables checks between and lineBetween (computed from the
// tables of lines) and the rays past a square, which MayGiveCheck reads
// through a compact index, against the squares walked on an empty board
// one step at a time.
func TestLineTables(t *testing.T) {
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			var wantBetween uint64
			for d, dd := range dirDelta {
				var passed uint64
				f, r := a&7+dd[0], a>>3+dd[1]
				for ; on(f, r) && r*8+f != b; f, r = f+dd[0], r+dd[1] {
					passed |= 1 << uint(r*8+f)
				}
				if !on(f, r) {
					continue
				}
				wantBetween = passed
				var wantBeyond uint64
				for f, r = f+dd[0], r+dd[1]; on(f, r); f, r = f+dd[0], r+dd[1] {
					wantBeyond |= 1 << uint(r*8+f)
				}
				if got := ray(d, b); got != wantBeyond {
					t.Errorf("ray %d past %v from %v = %#x, want %#x", d, Square(b), Square(a), got, wantBeyond)
				}
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
