package replay_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/ashtapada/ashtapada/formats/booknotation"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// BenchmarkReplayDescriptive is BenchmarkReplay's validate on the same
// games written in descriptive notation (read before the timing): what
// resolving a move named by its man and its squares from the mover's side
// costs beside SAN's one square, per ply.
func BenchmarkReplayDescriptive(b *testing.B) {
	games := benchGames(b)
	steps := replay.New(replay.Config{Steps: true})
	var text bytes.Buffer
	for i, g := range games {
		if err := booknotation.WriteGame(&text, g, steps.Game(g, "bench", i+1).Played, record.DescriptiveNotation, false); err != nil {
			b.Fatal(err)
		}
	}
	rd := grammar.NewReader(&text, "bench.pgn")
	rd.SetNotation(record.DescriptiveNotation)
	rd.SetGuess(false)
	var desc []*record.Game
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		desc = append(desc, g)
	}
	r := replay.New(replay.Config{Variations: true})
	plies := 0
	for i, g := range desc {
		res := r.Game(g, "bench", i+1)
		if !res.Summary.Valid {
			b.Fatalf("game %d in descriptive notation is not valid", i+1)
		}
		plies += res.Summary.Plies
	}
	if len(desc) != len(games) || plies == 0 {
		b.Fatalf("%d games of %d read back, %d plies", len(desc), len(games), plies)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, g := range desc {
			r.Game(g, "bench", j+1)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
}
