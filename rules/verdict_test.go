package rules

import "testing"

// TestMayGiveCheckTables checks the tables MayGiveCheck reads by the
// difference of two squares (rel), whose entries stand for every pair of
// squares that far apart, against the attack tables and the rays walked
// on an empty board one step at a time, for every king's square, square
// and man.
func TestMayGiveCheckTables(t *testing.T) {
	for k := 0; k < 64; k++ {
		for s := 0; s < 64; s++ {
			_, _, wantPast, _ := walkedLine(k, s)
			if got := pastFrom(uint(k), uint(s)); got != wantPast {
				t.Errorf("pastFrom %v %v = %#x, want %#x", Square(k), Square(s), got, wantPast)
			}
			for pc := 0; pc < 16; pc++ {
				want := ^uint64(0)
				switch Piece(pc) {
				case MakePiece(White, Pawn):
					want = pawnAtt[Black][k]
				case MakePiece(Black, Pawn):
					want = pawnAtt[White][k]
				case MakePiece(White, Knight), MakePiece(Black, Knight):
					want = knightAtt[k]
				case MakePiece(White, King), MakePiece(Black, King):
					want = kingAtt[k]
				case MakePiece(White, Rook), MakePiece(Black, Rook):
					want = rookLines[k]
				case MakePiece(White, Bishop), MakePiece(Black, Bishop), MakePiece(White, Queen), MakePiece(Black, Queen):
					want = kingLines[k]
				}
				if got, want := checkers[rel(uint(k), uint(s))]>>pc&1, uint16(want>>s&1); got != want {
					t.Errorf("checkers: piece %d on %v, king on %v: %d, want %d", pc, Square(s), Square(k), got, want)
				}
			}
		}
	}
}
