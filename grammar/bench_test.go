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
// and ParseChunkScratch, the records' storage reused. It makes a new
// splitter each pass and never gives its slabs back, so the chunks' bytes
// are allocated anew (and collected) every pass, which validate does not
// do: BenchmarkReadRecycled reads the same way with the slabs reused.
func BenchmarkReadScratch(b *testing.B) { benchRead(b, false, false) }

// BenchmarkReadRecycled is BenchmarkReadScratch with the splitter's slabs
// used again as validate uses them (batch's reader): the splitter takes
// them from a free list (Recycle), and once a chunk is parsed the slabs
// Spent names, which hold no chunk still to be read, go back to it. What
// it allocates a pass is what validate's reading allocates.
func BenchmarkReadRecycled(b *testing.B) { benchRead(b, true, false) }

// BenchmarkReadLean is BenchmarkReadRecycled with the main line read for
// the walk alone (Scratch.Plies): validate's read path once validate asks
// for plies. The games the lean read gives up on are read whole.
func BenchmarkReadLean(b *testing.B) { benchRead(b, true, true) }

// benchRead splits and parses corpus-10k each pass, the slabs used again
// when recycle is set, the main line read lean when plies is.
func benchRead(b *testing.B, recycle, plies bool) {
	data, err := os.ReadFile(testenv.SharedDir(b, "data", "fide", "corpus-10k.pgn"))
	if err != nil {
		b.Skipf("corpus-10k.pgn not readable: %v", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	games := 0
	sc := Scratch{Plies: plies}
	var free chan []byte
	if recycle {
		free = make(chan []byte, 16)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		s := NewSplitter(bytes.NewReader(data))
		if recycle {
			s.Recycle(free)
		}
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
			if recycle {
				for _, sl := range s.Spent() {
					select {
					case free <- sl:
					default:
					}
				}
			}
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
