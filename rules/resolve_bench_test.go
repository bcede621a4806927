package rules

import "testing"

// The replayer's per-move costs since it stopped listing every legal move:
// the moves that can match a written move, and whether any move exists.
// Compare BenchmarkLegalMoves (what both used to cost).

func BenchmarkLegalMovesTo(b *testing.B) {
	p := mustFEN(b, testSettings(b, "fide"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]Move, 0, 16)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.LegalMovesTo(buf[:0], Knight, MakeSquare(6, 5)) // N?xg6
	}
}

func BenchmarkHasLegalMove(b *testing.B) {
	s := testSettings(b, "fide")
	for _, c := range []struct{ name, fen string }{
		{"quiet", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"check", "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3"},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := mustFEN(b, s, c.fen)
			b.ReportAllocs()
			for b.Loop() {
				if !p.HasLegalMove() {
					b.Fatal("no legal move")
				}
			}
		})
	}
}

// BenchmarkLegalMovesToKinds: the moves a replayer resolves most, one
// position each: a pawn's push, a piece's capture, a king's step with a
// castling right left and without one, and in check a block by a piece
// and by a pawn.
func BenchmarkLegalMovesToKinds(b *testing.B) {
	s := testSettings(b, "fide")
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	const checked = "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3"
	const castled = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
	for _, c := range []struct {
		name, fen string
		kind      Kind
		to        Square
	}{
		{"pawn", kiwipete, Pawn, MakeSquare(0, 3)},          // a4
		{"knight", kiwipete, Knight, MakeSquare(6, 5)},      // Nxg6
		{"king", kiwipete, King, MakeSquare(5, 0)},          // Kf1
		{"king-step", castled, King, MakeSquare(7, 0)},      // Kh1
		{"check-knight", checked, Knight, MakeSquare(2, 5)}, // Nc6
		{"check-pawn", checked, Pawn, MakeSquare(2, 5)},     // c6
	} {
		b.Run(c.name, func(b *testing.B) {
			p := mustFEN(b, s, c.fen)
			buf := make([]Move, 0, 16)
			if len(p.LegalMovesTo(buf, c.kind, c.to)) != 1 {
				b.Fatal("not one legal move")
			}
			b.ReportAllocs()
			for b.Loop() {
				buf = p.LegalMovesTo(buf[:0], c.kind, c.to)
			}
		})
	}
}
