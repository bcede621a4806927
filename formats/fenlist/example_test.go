package fenlist_test

import (
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/formats"
	_ "github.com/ashtapada/ashtapada/formats/fenlist"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
)

// Write the positions of a game through the registry, as convert --to fen
// does: the writer takes each game with its replay.
func Example() {
	const pgn = "[Event \"x\"]\n\n1. e4 e5 *\n"
	g, err := grammar.NewReader(strings.NewReader(pgn), "x.pgn").Next()
	if err != nil {
		panic(err)
	}
	res := replay.New(replay.Config{Steps: true}).Game(g, "x.pgn", 1)
	fen, _ := formats.LookupRecordFormat("fen")
	w, err := fen.NewWriter(os.Stdout, formats.WriteOptions{})
	if err != nil {
		panic(err)
	}
	if err := w.Write(g, 1, res, nil); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	// Output:
	// 1	0	-	rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
	// 1	1	e4	rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
	// 1	2	e5	rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2
}
