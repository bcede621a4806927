package booknotation_test

import (
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/formats/booknotation"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// Write a game read as PGN in the descriptive notation of English books,
// its comment kept after its move.
func ExampleWriteGame() {
	const pgn = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 {the usual} Nc6 3. Bb5 a6 4. Bxc6 dxc6 *\n"
	g, err := grammar.NewReader(strings.NewReader(pgn), "x.pgn").Next()
	if err != nil {
		panic(err)
	}
	played := replay.New(replay.Config{Steps: true}).Game(g, "x.pgn", 1).Played
	if err := booknotation.WriteGame(os.Stdout, g, played, record.DescriptiveNotation, false); err != nil {
		panic(err)
	}
	// Output:
	// [Event "x"]
	//
	// 1. P-K4 P-K4 2. N-KB3 {the usual} 2... N-QB3 3. B-N5 P-QR3 4. BxN QPxB *
}
