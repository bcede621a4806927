package fenlist_test

import (
	"bytes"
	"testing"

	"github.com/ashtapada/ashtapada/formats/fenlist"
)

// startFEN is the position every chess game starts from.
const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestWrite: a line a row, the game's number first, "-" for no move.
func TestWrite(t *testing.T) {
	var buf bytes.Buffer
	err := fenlist.Write(&buf, 3, []fenlist.Row{{Ply: 0, FEN: startFEN}, {Ply: 1, Move: "e4", FEN: "x y"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "3\t0\t-\t" + startFEN + "\n3\t1\te4\tx y\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}
