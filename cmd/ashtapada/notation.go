package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
)

// notationFlags: --notation, the notation of the input's moves
// (docs/notation-books.md). The commands that read records take it.
func notationFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "notation", Value: "auto", Usage: "the notation of the moves read: auto (SAN, and a per-game guess with a warning for games SAN cannot read), san, descriptive, " +
			"or SAN with the letters of `LANG`: de, fr, es, it, nl, pt, sv, ru, figurine"},
	}
}

// movesNotation is what --notation asks of the readers of PGN input: the
// notation of its moves (record.SAN, or one of the books' notations), and,
// for SAN, whether a game that SAN cannot read is guessed in the others
// (auto, the default; --notation san stops the guess). A command reads it
// once (readNotation) and gives it to each reader it makes (apply), as it
// does the limits. The zero value is the default: SAN, with the guess.
type movesNotation struct {
	n      record.Notation
	strict bool // no guess
}

// readNotation reads --notation.
func readNotation(c *cli.Context) (movesNotation, error) {
	n, guess, err := grammar.ParseNotation(c.String("notation"))
	if err != nil {
		return movesNotation{}, fmt.Errorf("--notation: %w", err)
	}
	return movesNotation{n: n, strict: !guess}, nil
}

// apply tells a reader (grammar.Splitter or grammar.Reader) of an input in
// record format notation format the notation of its moves: --notation's
// for PGN; LAN and UCI files are in their own.
func (m movesNotation) apply(r interface {
	SetNotation(record.Notation)
	SetGuess(bool)
}, format record.Notation) {
	if format == record.SAN {
		format = m.n
	}
	r.SetNotation(format)
	r.SetGuess(!m.strict)
}
