package pgn_test

import (
	"os"
	"strings"

	"github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
)

// Write a record in the canonical form: the tags of the Seven Tag Roster
// first, in its order, and one space between tokens.
func ExampleWriteCanonical() {
	const text = "[Site \"London\"]\n[Event \"casual\"]\n\n1.e4   e5 {a comment} 2.Nf3 Nc6 *\n"
	g, err := grammar.NewReader(strings.NewReader(text), "x.pgn").Next()
	if err != nil {
		panic(err)
	}
	if err := pgn.WriteCanonical(os.Stdout, g); err != nil {
		panic(err)
	}
	// Output:
	// [Event "casual"]
	// [Site "London"]
	//
	// 1. e4 e5 {a comment} 2. Nf3 Nc6 *
}
