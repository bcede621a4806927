package gametable

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// TestPageZstdSameBytes checks that the table's codec writes what
// parquet.Zstd writes, page after page through the same encoders, for
// pages of every size about the small window's and the default's edges,
// of text like the table's (moves repeated with variation) and of noise.
func TestPageZstdSameBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	moves := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"}
	text := func(n int) []byte {
		var b bytes.Buffer
		for b.Len() < n {
			if r.IntN(50) == 0 {
				fmt.Fprintf(&b, "[Event \"%d\"]\n", r.Int())
			}
			b.WriteString(moves[r.IntN(len(moves))])
			b.WriteByte(' ')
		}
		return b.Bytes()[:n]
	}
	noise := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	sizes := []int{0, 1, 100, 1023, 1024, 1025, 4096, 200 << 10, 256 << 10, 300 << 10,
		zstdSmallWindow - 1, zstdSmallWindow, zstdSmallWindow + 1, 3 << 20}
	for round := range 3 {
		for _, n := range sizes {
			for kind, gen := range []func(int) []byte{text, noise} {
				src := gen(n)
				want, err := parquet.Zstd.Encode(nil, src)
				if err != nil {
					t.Fatal(err)
				}
				got, err := pageZstd.Encode(nil, src)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("round %d, %d bytes (kind %d): %d bytes compressed, parquet.Zstd %d", round, n, kind, len(got), len(want))
				}
				back, err := pageZstd.Decode(nil, got)
				if err != nil || !bytes.Equal(back, src) {
					t.Errorf("round %d, %d bytes (kind %d): decoded %d bytes, %v", round, n, kind, len(back), err)
				}
			}
		}
	}
}
