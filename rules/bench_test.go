package rules

import (
	"math/rand"
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

// BenchmarkHistory is the history's per-ply cost as the replayer pays it:
// Play, then the outcome, over games of random legal moves (short
// repetition windows, as in ordinary games; each stops where the rules end
// it) and a knight shuffle (the
// current position repeated at every ply, the window the whole game).
func BenchmarkHistory(b *testing.B) {
	type game struct {
		start   *Position
		moves   []Move
		hasMove []bool
	}
	random := func(profile string) []game {
		s := testSettings(b, profile)
		rng := rand.New(rand.NewSource(1))
		var games []game
		for range 50 {
			g := game{start: NewPosition(s)}
			h := NewHistory(g.start)
			for range 200 {
				moves := h.Position().LegalMoves(nil)
				m := moves[rng.Intn(len(moves))]
				h.Play(m)
				has := h.HasLegalMove()
				g.moves, g.hasMove = append(g.moves, m), append(g.hasMove, has)
				if h.OutcomeKnown(has).Ended() {
					break
				}
			}
			games = append(games, g)
		}
		return games
	}
	shuffle := func(profile string) []game {
		p := NewPosition(testSettings(b, profile))
		g := game{start: p}
		var cycle []Move
		q := *p
		for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			for _, m := range q.LegalMoves(nil) {
				if m.String() == s {
					cycle = append(cycle, m)
					q.Play(m)
				}
			}
		}
		for i := range 2000 {
			g.moves, g.hasMove = append(g.moves, cycle[i%4]), append(g.hasMove, true)
		}
		return []game{g}
	}
	for _, c := range []struct {
		name  string
		games []game
	}{
		{"random-fide", random("fide")},
		{"random-shatranj", random("shatranj")},
		{"random-hindustani", random("hindustani")},
		{"shuffle-hindustani", shuffle("hindustani")},
		{"shuffle-gollon", shuffle("chaturanga-gollon")},
	} {
		b.Run(c.name, func(b *testing.B) {
			plies := 0
			for _, g := range c.games {
				plies += len(g.moves)
			}
			h := NewHistory(c.games[0].start)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, g := range c.games {
					h.Reset(g.start)
					for j, m := range g.moves {
						h.Play(m)
						h.OutcomeKnown(g.hasMove[j])
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
		})
	}
}
