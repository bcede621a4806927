package main

// convert --to parquet: one row per game (package tablegames, which also
// reads tables for every command; docs/parquet.md).

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/source"
	"github.com/ashtapada/ashtapada/tablegames"
)

// convertParquet writes the games of the inputs (or of the --shard part)
// as a Parquet table.
func convertParquet(c *cli.Context, cfg replay.Config, notation batch.Notation) error {
	if c.Bool("plain") {
		return toolError(fmt.Errorf("--plain applies to --to pgn only"))
	}
	out := c.String("output")
	if out == "" || out == "-" {
		if isTerminal(c.App.Writer) {
			return toolError(errors.New("--to parquet writes a binary file: give -o FILE or redirect standard output"))
		}
	}
	named := c.Args().Slice()
	if len(named) == 0 {
		named = []string{"-"}
	}
	files, err := source.Expand(named, c.App.ErrWriter)
	if err != nil {
		return toolError(err)
	}
	parts, err := planShardFlag(files, c.String("shard"))
	if err != nil {
		return toolError(err)
	}
	// The writer holds a row group (8,192 games) in memory: without a soft
	// limit the heap grows to five times that (GOGC=400, main.go;
	// docs/robustness.md, "A huge game is read in parts").
	batch.LimitMemory(batch.TableMemoryLimit)
	o := tablegames.WriteOptions{Replay: cfg, From: strings.ToLower(c.String("from")), Notation: notation, Source: inputOptions, Parts: tuned.parts, Table: tuned.table}
	write := func(w io.Writer) error {
		tw := tablegames.NewWriter(w, o)
		for _, p := range parts {
			if err := tw.WritePart(p); err != nil {
				return err
			}
		}
		if tw.Rows() == 0 && !manyShards(c.String("shard")) {
			// Nothing was converted: never exit 0, and no table is
			// made (the error reaches writeFileAtomic).
			return noGamesError(named, false)
		}
		return tw.Close()
	}
	if out != "" && out != "-" {
		err = writeFileAtomic(out, write)
	} else {
		err = write(c.App.Writer)
	}
	if err != nil {
		return toolError(err)
	}
	return nil
}
