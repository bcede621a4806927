package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

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

// applyNotation sets the readers' notation from --notation, before any file
// is read (grammar.DefaultNotation, as applyLimits does for the limits).
func applyNotation(c *cli.Context) error {
	n, err := grammar.ParseNotation(c.String("notation"))
	if err != nil {
		return fmt.Errorf("--notation: %w", err)
	}
	grammar.DefaultNotation = n
	return nil
}

// notationTarget reads a --to or --from value that names a notation of
// PGN movetext (descriptive, a language code, figurine), and whether it
// is one.
func notationTarget(v string) (grammar.Notation, bool) {
	switch strings.ToLower(v) {
	case "", "auto", "san", "en", "pgn":
		return grammar.NotationAuto, false
	}
	n, err := grammar.ParseNotation(v)
	if err != nil {
		return grammar.NotationAuto, false
	}
	return n, true
}
