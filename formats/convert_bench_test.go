package formats_test

import (
	"io"
	"os"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// benchConvertGames are the 1,000 games of the FIDE corpus, read once.
func benchConvertGames(b *testing.B) []*record.Game {
	b.Helper()
	path := testenv.SharedDir(b, "data", "fide", "corpus-1k.pgn")
	f, err := os.Open(path)
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	games, err := grammar.ReadAll(f, path)
	if err != nil {
		b.Fatal(err)
	}
	return games
}

// BenchmarkConvert measures what convert does per game after reading it:
// the replay with steps (replay.Config.Steps) and the writer of each
// format the pgn-extract comparison covers, into io.Discard. ns/ply is
// per main-line ply played.
func BenchmarkConvert(b *testing.B) {
	games := benchConvertGames(b)
	for _, c := range []struct {
		name, to string
		opt      formats.WriteOptions
	}{
		{"uci", "uci", formats.WriteOptions{}},
		{"lan", "lan", formats.WriteOptions{}},
		{"fen", "fen", formats.WriteOptions{}},
		{"json", "json", formats.WriteOptions{}},
		{"pgn-plain", "pgn", formats.WriteOptions{Plain: true}},
		{"pgn", "pgn", formats.WriteOptions{}},
	} {
		b.Run(c.name, func(b *testing.B) {
			f, ok := formats.LookupRecordFormat(c.to)
			if !ok {
				b.Fatalf("no format %s", c.to)
			}
			rp := replay.New(replay.Config{Steps: true})
			plies := 0
			for i, g := range games {
				plies += rp.Game(g, "bench", i+1).Played.Len()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				gw, err := f.NewWriter(io.Discard, c.opt)
				if err != nil {
					b.Fatal(err)
				}
				for j, g := range games {
					if err := gw.Write(g, j+1, rp.Game(g, "bench", j+1), nil); err != nil {
						b.Fatal(err)
					}
				}
				if err := gw.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
		})
	}
}

// BenchmarkWriteGames is each writer alone: the games replayed once
// beforehand, then written into io.Discard. ns/ply is per main-line ply.
func BenchmarkWriteGames(b *testing.B) {
	games := benchConvertGames(b)
	rp := replay.New(replay.Config{Steps: true})
	results := make([]*replay.Result, len(games))
	plies := 0
	for i, g := range games {
		results[i] = rp.Game(g, "bench", i+1)
		plies += results[i].Played.Len()
	}
	for _, c := range []struct {
		name, to string
		opt      formats.WriteOptions
	}{
		{"uci", "uci", formats.WriteOptions{}},
		{"fen", "fen", formats.WriteOptions{}},
		{"json", "json", formats.WriteOptions{}},
		{"pgn-plain", "pgn", formats.WriteOptions{Plain: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			f, _ := formats.LookupRecordFormat(c.to)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				gw, err := f.NewWriter(io.Discard, c.opt)
				if err != nil {
					b.Fatal(err)
				}
				for j, g := range games {
					if err := gw.Write(g, j+1, results[j], nil); err != nil {
						b.Fatal(err)
					}
				}
				if err := gw.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
		})
	}
}
