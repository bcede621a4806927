package formats_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/desccorpus"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// eachGame reads every game of data in notation n (no guess) and hands
// each to fn with its 1-based number; the data must hold the 10,000 games.
func eachGame(b *testing.B, data []byte, n record.Notation, fn func(g *record.Game, i int)) {
	r := grammar.NewReader(bytes.NewReader(data), "bench.pgn")
	r.SetNotation(n)
	r.SetGuess(false)
	games := 0
	for {
		g, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		games++
		fn(g, games)
	}
	if games != 10000 {
		b.Fatalf("%d games", games)
	}
}

// validateAll reads and replays every game of data, as validate does on
// one core.
func validateAll(b *testing.B, data []byte, n record.Notation) {
	rp := replay.New(replay.Config{Steps: true})
	eachGame(b, data, n, func(g *record.Game, i int) {
		if res := rp.Game(g, "bench.pgn", i); !res.Summary.Valid {
			b.Fatalf("game %d is not valid", i)
		}
	})
}

// convertAll reads, replays and writes every game of data as PGN, as
// `convert --to pgn` does on one core (moves read in descriptive notation
// are written in SAN).
func convertAll(b *testing.B, data []byte, n record.Notation) {
	rp := replay.New(replay.Config{Steps: true})
	f, _ := formats.LookupRecordFormat("pgn")
	gw, err := f.NewWriter(io.Discard, formats.WriteOptions{})
	if err != nil {
		b.Fatal(err)
	}
	eachGame(b, data, n, func(g *record.Game, i int) {
		if err := gw.Write(g, i, rp.Game(g, "bench.pgn", i), nil); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkNotation compares reading and validating the FIDE 10k corpus
// in SAN with the same games in descriptive notation, and converting each
// to PGN (docs/notation-books.md gives the ratios to validating the SAN;
// the goal is at most 2x; scripts/bench-notation measures the built
// binary). Run once, at the end:
//
//	go test ./formats -run '^$' -bench BenchmarkNotation -benchtime 3x -parallel 1
func BenchmarkNotation(b *testing.B) {
	san, desc := desccorpus.Corpus10k(b)
	b.Run("san", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			validateAll(b, san, record.SAN)
		}
	})
	b.Run("descriptive", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			validateAll(b, desc, record.DescriptiveNotation)
		}
	})
	b.Run("convert-san", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			convertAll(b, san, record.SAN)
		}
	})
	b.Run("convert-descriptive", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			convertAll(b, desc, record.DescriptiveNotation)
		}
	})
}
