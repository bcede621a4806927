package grammar

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"testing"

	"github.com/ashtapada/ashtapada/internal/testenv"
)

// BenchmarkParse reads corpus-10k.pgn with the streaming reader on one core.
func BenchmarkParse(b *testing.B) {
	data, err := os.ReadFile(testenv.SharedDir(b, "data", "fide", "corpus-10k.pgn"))
	if err != nil {
		b.Skipf("corpus-10k.pgn not readable: %v", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	games := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), "corpus-10k.pgn")
		for {
			g, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if g.SyntaxError() != nil {
				b.Fatalf("syntax error: %v", g.SyntaxError())
			}
			games++
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	if games > 0 {
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(games), "allocs/game")
	}
}

// BenchmarkReadScratch is validate's read path on one core: the splitter
// and ParseChunkScratch, the records' storage reused.
func BenchmarkReadScratch(b *testing.B) {
	data, err := os.ReadFile(testenv.SharedDir(b, "data", "fide", "corpus-10k.pgn"))
	if err != nil {
		b.Skipf("corpus-10k.pgn not readable: %v", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	games := 0
	var sc Scratch
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		s := NewSplitter(bytes.NewReader(data))
		for {
			c, err := s.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if g := ParseChunkScratch(c, "corpus-10k.pgn", &sc); g.SyntaxError() != nil {
				b.Fatalf("syntax error: %v", g.SyntaxError())
			}
			games++
		}
	}
	runtime.ReadMemStats(&after)
	if games > 0 {
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(games), "allocs/game")
	}
}

// BenchmarkSplit measures the splitter alone: it runs on one core ahead of
// the parallel parse.
func BenchmarkSplit(b *testing.B) {
	data, err := os.ReadFile(testenv.SharedDir(b, "data", "fide", "corpus-10k.pgn"))
	if err != nil {
		b.Skipf("corpus-10k.pgn not readable: %v", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		s := NewSplitter(bytes.NewReader(data))
		for {
			_, err := s.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
