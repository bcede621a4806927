package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
)

// tuningFlags are hidden global flags that set the sizes from which the
// engine changes strategy: the game size from which a main line is read in
// parts, a part's nodes, the piece of a huge game held before it is spilled
// to a file, the plies from which a Parquet row is written alone, and the
// window of a streamed move diff. The defaults suit real files; the tests
// set them small, so that every game of a test file takes the paths a huge
// game takes, and they do it on the built binary, one process per run, so
// that such tests can run side by side. They are not part of the
// command-line contract.
var tuningFlags = []cli.Flag{
	&cli.IntFlag{Name: "parted-bytes", Hidden: true, Usage: "read a game's main line in parts from this many bytes"},
	&cli.IntFlag{Name: "part-nodes", Hidden: true, Usage: "the least number of main-line nodes of a part"},
	&cli.IntFlag{Name: "spill-bytes", Hidden: true, Usage: "spill a huge game's converted piece to a file past this many bytes"},
	&cli.IntFlag{Name: "huge-row-plies", Hidden: true, Usage: "write a Parquet row alone from this many plies"},
	&cli.IntFlag{Name: "diff-window", Hidden: true, Usage: "moves of each side a streamed move diff holds"},
}

// tuned is what the tuning flags ask for, which every command passes to
// the engine's options: how a huge game is read (parts), how much of a
// huge game's converted piece is held before it is spilled (spillBytes),
// how a table cuts its rows (table), the window of a streamed move diff
// (diffWindow). Zero is the engine's default.
var tuned struct {
	parts      grammar.ReadOptions
	spillBytes int
	table      gametable.WriterOptions
	diffWindow int
}

// applyTuning sets what the tuning flags given ask for; the others keep
// their defaults.
func applyTuning(c *cli.Context) error {
	for name, v := range map[string]*int{
		"parted-bytes":   &tuned.parts.PartedBytes,
		"part-nodes":     &tuned.parts.PartNodes,
		"spill-bytes":    &tuned.spillBytes,
		"huge-row-plies": &tuned.table.HugeRowPlies,
		"diff-window":    &tuned.diffWindow,
	} {
		if c.IsSet(name) {
			*v = c.Int(name)
		}
	}
	return nil
}
