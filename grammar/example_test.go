package grammar_test

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// Read the games of a file one at a time. Syntax errors and lenient forms
// are notices in each game, with their positions; the error of Next is
// only for I/O.
func ExampleReader() {
	const pgn = `[Event "a"]

1. e4 e5 2. Ng1-f3 *

[Event "b"]
[Variant "andhra"]

1. e3,Nf3,g3 K~d6 *
`
	rd := grammar.NewReader(strings.NewReader(pgn), "games.pgn")
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			panic(err)
		}
		event, _ := g.Tag("Event")
		moves := 0
		for _, n := range g.Moves {
			if n.Kind == record.KindMove {
				moves++
			}
		}
		fmt.Printf("game %s at line %d: %d moves, result %s\n", event, g.Pos.Line, moves, g.Result)
		for _, n := range g.Notices {
			fmt.Printf("  %d:%d: %s: %s [%s]\n", n.Pos.Line, n.Pos.Col, n.Severity, n.Message, n.Rule)
		}
	}
	// Output:
	// game a at line 1: 3 moves, result *
	//   3:13: warning: `Ng1-f3` is long algebraic with a hyphen, not SAN [lenient-notation]
	// game b at line 5: 4 moves, result *
}

// Read a file written in UCI: the same grammar, told the notation, does
// not report UCI's own forms as lenient.
func ExampleReader_SetNotation() {
	rd := grammar.NewReader(strings.NewReader("[Event \"x\"]\n\ne2e4 e7e5 g1f3 *\n"), "game.uci")
	rd.SetNotation(record.UCI)
	g, err := rd.Next()
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Notation, len(g.Moves), "moves,", len(g.Notices), "notices")
	// Output:
	// uci 3 moves, 0 notices
}
