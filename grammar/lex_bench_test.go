package grammar

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/record"
)

// benchChunks splits corpus-10k.pgn of the shared data (or, without it,
// the repository's FIDE corpus) into games, outside the timed loop.
func benchChunks(b *testing.B) ([]Chunk, int64) {
	b.Helper()
	path := filepath.Join(testenv.SharedPath(), "data", "fide", "corpus-10k.pgn")
	data, err := os.ReadFile(path)
	if err != nil {
		path = filepath.Join("..", "corpus", "fide", "fsf-selfplay.pgn")
		if data, err = os.ReadFile(path); err != nil {
			b.Skipf("no benchmark input: %v", err)
		}
	}
	var chunks []Chunk
	s := NewSplitter(bytes.NewReader(data))
	for {
		c, err := s.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		chunks = append(chunks, c)
	}
	return chunks, int64(len(data))
}

// BenchmarkLex runs the hand-written lexer over every game, token by
// token: the floor under any parse.
func BenchmarkLex(b *testing.B) {
	chunks, size := benchChunks(b)
	b.SetBytes(size)
	b.ReportAllocs()
	tokens := 0
	for b.Loop() {
		for _, c := range chunks {
			lx := newLexer(string(c.Data), "bench.pgn", lexer.Position{Line: c.Pos.Line, Column: c.Pos.Col, Offset: c.Pos.Offset})
			for {
				t, err := lx.Next()
				if err != nil || t.EOF() {
					break
				}
				tokens++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(tokens), "ns/token")
}

// BenchmarkParseChunk parses games already split (fast path plus the
// builder of the record), and BenchmarkParseChunkGrammar the same games
// with the participle grammar alone: the difference is what the fast path
// saves.
func BenchmarkParseChunk(b *testing.B) {
	benchParseChunks(b, true)
}

func BenchmarkParseChunkGrammar(b *testing.B) {
	benchParseChunks(b, false)
}

func benchParseChunks(b *testing.B, fast bool) {
	chunks, size := benchChunks(b)
	if !fast && len(chunks) > 1000 {
		chunks = chunks[:1000] // the grammar alone is slow: a tenth will do
		size = 0
		for _, c := range chunks {
			size += int64(len(c.Data))
		}
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range chunks {
			g := &record.Game{Source: c.Data, Pos: c.Pos}
			parseChunkCommon(&c, "bench.pgn", &builder{g: g, filename: "bench.pgn"}, fast)
			if g.SyntaxError() != nil {
				b.Fatalf("syntax error: %v", g.SyntaxError())
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(chunks)), "ns/game")
}

// BenchmarkParseChunkScratch is BenchmarkParseChunk with the records'
// storage reused from game to game, as validate does.
func BenchmarkParseChunkScratch(b *testing.B) {
	chunks, size := benchChunks(b)
	b.SetBytes(size)
	b.ReportAllocs()
	var sc Scratch
	for b.Loop() {
		for _, c := range chunks {
			if g := ParseChunkScratch(c, "bench.pgn", &sc); g.SyntaxError() != nil {
				b.Fatalf("syntax error: %v", g.SyntaxError())
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(chunks)), "ns/game")
}
