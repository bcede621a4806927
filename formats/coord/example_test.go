package coord_test

import (
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/formats/coord"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
)

// Write a game read as PGN in LAN and in UCI: the moves are the replay's,
// so a capture, a check and castling are written as played.
func ExampleWriteGame() {
	const pgn = "[Event \"x\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qe5+ 4. Be2 Nf6 5. Nf3 Qe6 6. O-O 1/2-1/2\n"
	g, err := grammar.NewReader(strings.NewReader(pgn), "x.pgn").Next()
	if err != nil {
		panic(err)
	}
	played := replay.New(replay.Config{Steps: true}).Game(g, "x.pgn", 1).Played
	for _, uci := range []bool{false, true} {
		if err := coord.WriteGame(os.Stdout, g, played, uci); err != nil {
			panic(err)
		}
	}
	// Output:
	// [Event "x"]
	//
	// 1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3 Qd5-e5+ 4. Bf1-e2 Ng8-f6 5. Ng1-f3
	// Qe5-e6 6. O-O 1/2-1/2
	//
	// [Event "x"]
	//
	// e2e4 d7d5 e4d5 d8d5 b1c3 d5e5 f1e2 g8f6 g1f3 e5e6 e1g1 1/2-1/2
}
