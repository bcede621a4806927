package gametable

import (
	"errors"
	"io"
	"os"
	"testing"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/testenv"
	"github.com/ashtapada/ashtapada/replay"
)

// BenchmarkWrite converts corpus-1k of the shared data to Parquet.
func BenchmarkWrite(b *testing.B) {
	data, err := os.ReadFile(testenv.SharedDir(b, "data", "fide", "corpus-1k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	rp := replay.New(replay.Config{Steps: true})
	for b.Loop() {
		w := NewWriter(io.Discard, WriterOptions{})
		sp := grammar.NewSplitter(bytesReader(data))
		for i := 1; ; i++ {
			ch, err := sp.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			g := grammar.ParseChunk(ch, "corpus-1k.pgn")
			res := rp.Game(g, "corpus-1k.pgn", i)
			if err := w.Write(Build(g, res, Play(res), MovetextOf(g, ch.Pos.Offset), nil)); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

func bytesReader(b []byte) io.Reader { return &sliceReader{b: b} }

type sliceReader struct{ b []byte }

func (r *sliceReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	return n, nil
}
