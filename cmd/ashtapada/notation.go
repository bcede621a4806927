package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/grammar"
)

// notationFlags: --notation, the notation of the input's moves
// (docs/notation-books.md). The commands that read records take it.
func notationFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "notation", Value: "auto", Usage: "the notation of the moves read: auto (SAN, and a per-game guess with a warning for games SAN cannot read), san, descriptive, " +
			"or SAN with the letters of `LANG`: de, fr, es, it, nl, pt, sv, ru, figurine"},
	}
}

// readNotation reads --notation.
func readNotation(c *cli.Context) (batch.Notation, error) {
	n, guess, err := grammar.ParseNotation(c.String("notation"))
	if err != nil {
		return batch.Notation{}, fmt.Errorf("--notation: %w", err)
	}
	return batch.Notation{Moves: n, Strict: !guess}, nil
}
