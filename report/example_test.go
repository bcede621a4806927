package report_test

import (
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
)

// Write validate's report for games read and replayed: "text" is what
// the command prints; "json", "jsonl", "sarif", "github", "junit" and "html"
// are the other registered formats (Formats).
func ExampleNew() {
	const pgn = "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n"
	g, err := grammar.NewReader(strings.NewReader(pgn), "game.pgn").Next()
	if err != nil {
		panic(err)
	}
	res := replay.New(replay.Config{}).Game(g, "game.pgn", 1)
	rw, err := report.New("text", os.Stdout, report.Options{})
	if err != nil {
		panic(err)
	}
	if err := rw.Game(res); err != nil {
		panic(err)
	}
	if err := rw.Close(nil); err != nil {
		panic(err)
	}
	// Output:
	// game.pgn:1:1: warning: the Seven Tag Roster is incomplete: no Site, Date, Round, White, Black, Result tag [missing-tag]
	//	game 1, profile fide
	// game.pgn:3:13: error: no white king can move to e3 [illegal-move]
	//	game 1, ply 3 (2. Ke3), profile fide, FEN rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2; legal: Ke2
	// game.pgn: game 1: fide, 2 plies, outcome none, result *, invalid
}
