package rules

import "testing"

// TestLineTables checks between and lineBetween (computed from the
// tables of lines) and beyond, whose compact form (a direction's index)
// is easy to get subtly wrong, against the squares walked on an empty
// board one step at a time.
func TestLineTables(t *testing.T) {
	on := func(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			var wantBetween, wantBeyond uint64
			for _, dd := range dirDelta {
				var passed uint64
				f, r := a&7+dd[0], a>>3+dd[1]
				for ; on(f, r) && r*8+f != b; f, r = f+dd[0], r+dd[1] {
					passed |= 1 << uint(r*8+f)
				}
				if !on(f, r) {
					continue
				}
				wantBetween = passed
				for f, r = f+dd[0], r+dd[1]; on(f, r); f, r = f+dd[0], r+dd[1] {
					wantBeyond |= 1 << uint(r*8+f)
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
			if got := beyond(uint8(a), uint8(b)); got != wantBeyond {
				t.Errorf("beyond %v %v = %#x, want %#x", Square(a), Square(b), got, wantBeyond)
			}
		}
	}
}
