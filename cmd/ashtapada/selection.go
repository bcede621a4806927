package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/selection"
)

// selectFlags are the flags that choose games (package selection), shared
// by every command that reads many games; numbered says how the command
// numbers them.
func selectFlags(numbered string) []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "game", Usage: "only the games numbered `N`, a list of numbers and ranges (3, 2,5-9, 10-; repeatable): " + numbered},
		stdinNameFlag(),
		&cli.StringSliceFlag{Name: "where", Usage: "only the games whose tag matches: `TAG=GLOB` (the whole value; * any text, ? one character) or TAG~REGEXP (found anywhere in the value); repeatable, all must hold; a missing tag's value is empty"},
	}
}

// stdinNameFlag names standard input, for editors that pipe a buffer.
func stdinNameFlag() cli.Flag {
	return &cli.StringFlag{Name: "stdin-filename", Usage: "standard input (no FILE, or -) is the file `PATH`: findings name it, and its format is known by its extension, as for a file", TakesFile: true}
}

// readSelection reads --game and --where.
func readSelection(c *cli.Context) (*selection.Selection, error) {
	return selection.Parse(c.StringSlice("game"), c.StringSlice("where"))
}

// noneChosen is the error of a run whose selection chose no game: a check
// that looked at nothing must not pass.
func noneChosen(sel *selection.Selection, games int) error {
	return fmt.Errorf("%s: no game chosen of the %d read", sel, games)
}

// chosenSink counts the games a run delivers to its sink (the chosen
// ones) and, through the file ends, the games it found.
type chosenSink[T any] struct {
	batch.Sink[T]
	chosen, found int
}

func (s *chosenSink[T]) Game(id report.GameID, res T) bool {
	s.chosen++
	return s.Sink.Game(id, res)
}

func (s *chosenSink[T]) FileEnd(f batch.FileEnd) bool {
	s.found += f.Games
	return s.Sink.FileEnd(f)
}

// none reports whether a selection chose no game of those read (nil when
// none was read: the command says so in its own words).
func (s *chosenSink[T]) none(sel *selection.Selection) error {
	if sel.All() || s.chosen > 0 || s.found == 0 {
		return nil
	}
	return noneChosen(sel, s.found)
}

// Prime passes on the game before a shard's part (batch.Primer) to a sink
// that takes it.
func (s *chosenSink[T]) Prime(index int, res T) bool {
	if p, ok := s.Sink.(batch.Primer[T]); ok {
		return p.Prime(index, res)
	}
	return true
}
