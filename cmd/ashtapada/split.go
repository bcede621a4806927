package main

// convert --split N and --split-by TAG write the games into several files,
// each a whole document of the target format, all put in place at the end
// of a run that succeeded and none when it failed (batch.Split). Here are
// the flags.

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
)

func splitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "split", Usage: "write `N` games to a file: -o games.pgn writes games-1.pgn, games-2.pgn, ... (each a whole document of the format)"},
		&cli.StringFlag{Name: "split-by", Usage: "write a file for each value of the tag `TAG`: -o games.pgn --split-by Event writes games-<Event>.pgn for each event (games-none.pgn for the games without the tag)"},
	}
}

// readSplit reads --split and --split-by; nil when neither is given.
func readSplit(c *cli.Context, target formats.RecordFormat) (*batch.Split, error) {
	n, tag := c.Int("split"), c.String("split-by")
	switch {
	case !c.IsSet("split") && tag == "":
		return nil, nil
	case c.IsSet("split") && tag != "":
		return nil, fmt.Errorf("--split and --split-by: give one of them")
	case c.IsSet("split") && n < 1:
		return nil, fmt.Errorf("--split %d: want 1 or more games a file", n)
	case c.String("output") == "" || c.String("output") == "-":
		return nil, fmt.Errorf("--split and --split-by write files named after -o FILE: give it")
	case target.OneGame || target.Table:
		return nil, fmt.Errorf("--split and --split-by do not apply to --to %s", target.Name)
	case c.String("shard") != "":
		return nil, fmt.Errorf("--split and --split-by do not apply to --shard: split the merged output")
	}
	return &batch.Split{Base: c.String("output"), Each: n, Tag: tag}, nil
}
