package rules

import "testing"

// BenchmarkLegalMovesToSet: a capture named by the man taken (`PxP`,
// `NxP` with many pawns), all the enemy's pawns' squares at once, beside
// every move of the kind (LegalMovesTo to NoSquare) that a replayer would
// otherwise filter.
func BenchmarkLegalMovesToSet(b *testing.B) {
	p := mustFEN(b, testSettings(b, "fide"), "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 1")
	pawns := p.Men(Black, Pawn)
	buf := make([]Move, 0, 64)
	for _, c := range []struct {
		name string
		k    Kind
	}{{"pawn", Pawn}, {"knight", Knight}} {
		b.Run(c.name+"/set", func(b *testing.B) {
			for b.Loop() {
				buf = p.LegalMovesToSet(buf[:0], c.k, pawns)
			}
		})
		b.Run(c.name+"/all", func(b *testing.B) {
			for b.Loop() {
				buf = p.LegalMovesTo(buf[:0], c.k, NoSquare)
			}
		})
	}
}
