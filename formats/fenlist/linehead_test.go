package fenlist

import (
	"strconv"
	"testing"
)

// TestLineHeadCountsAsFormatted: the head counted up line by line is the
// head appendLineAfter writes for each ply, across the plies where a
// digit is added (9, 99, 999, 9999), from a part that starts at any ply.
func TestLineHeadCountsAsFormatted(t *testing.T) {
	for _, from := range []int{0, 8, 98, 1234} {
		var num [24]byte
		game := gameField(&num, 4711)
		var buf [48]byte
		h := newLineHead(buf[:0], game, from)
		for ply := from + 1; ply <= 12000; ply++ {
			h = h.next()
			if want := string(game) + strconv.Itoa(ply) + "\t"; string(h.b) != want {
				t.Fatalf("from %d: head of ply %d is %q, want %q", from, ply, h.b, want)
			}
		}
	}
}
