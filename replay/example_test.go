package replay_test

import (
	"fmt"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
)

// Replay one game under the profile its tags name and print what the
// rules say about it.
func ExampleReplayer_Game() {
	const pgn = `[Event "x"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]
[Variant "shatranj"]

1. e4 e5 *
`
	g, err := grammar.NewReader(strings.NewReader(pgn), "game.pgn").Next()
	if err != nil {
		panic(err)
	}
	res := replay.New(replay.Config{}).Game(g, "game.pgn", 1)
	for _, f := range res.Findings {
		fmt.Printf("%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
	}
	s := res.Summary
	fmt.Printf("%s, %d plies, valid %v\n", s.Profile, s.Plies, s.Valid)
	// Output:
	// game.pgn:10:4: error: no white pawn can move to e4 [illegal-move]
	// game.pgn:10:10: error: the Result tag says 1-0, the termination marker * [result-tag-mismatch]
	// shatranj, 0 plies, valid false
}

// Keep the main line as played (Config.Steps): each move's canonical SAN
// and the position after it.
func ExampleReplayer_Game_steps() {
	g, err := grammar.NewReader(strings.NewReader("1. e2e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n"), "g.pgn").Next()
	if err != nil {
		panic(err)
	}
	res := replay.New(replay.Config{Steps: true}).Game(g, "g.pgn", 1)
	var sans []string
	for i := 0; i < res.Played.Len(); i++ {
		sans = append(sans, res.Played.Step(i).SAN)
	}
	fmt.Println(strings.Join(sans, " "))
	fmt.Println(res.Summary.Outcome, res.Summary.Winner)
	// Output:
	// e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#
	// checkmate white
}
