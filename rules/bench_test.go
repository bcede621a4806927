package rules

import (
	"testing"
	"time"
)

// BenchmarkPerft measures perft nodes per second from the start positions
// (fide to depth 5, the other profiles to depth 5 or 4). Compare with
// Fairy-Stockfish through scripts/perft-vs-fsf.
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		profile string
		depth   int
	}{{"fide", 5}, {"chaturanga", 5}, {"shatranj", 5}, {"chaturanga-gollon", 5}, {"hindustani", 4}, {"andhra", 4}} {
		b.Run(c.profile, func(b *testing.B) {
			p := NewPosition(testSettings(b, c.profile))
			var nodes uint64
			start := time.Now()
			for i := 0; i < b.N; i++ {
				nodes += Perft(p, c.depth)
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

// BenchmarkLegalMoves is the replayer's per-move cost: generating the legal
// moves of a middle-game position.
func BenchmarkLegalMoves(b *testing.B) {
	p := mustFEN(b, testSettings(b, "fide"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = p.LegalMoves(buf[:0])
	}
}

// BenchmarkFEN is the FEN of a middle-game position, as the FEN and JSON
// writers make one per ply.
func BenchmarkFEN(b *testing.B) {
	p := mustFEN(b, testSettings(b, "fide"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = p.FEN()
	}
}
