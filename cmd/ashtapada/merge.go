package main

// merge: the outputs of the parts of a sharded run (--shard K/N), given in
// K order, put together into what one run writes (package shardmerge,
// docs/scale.md).

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/shardmerge"
)

func init() {
	register(&cli.Command{
		Name:      "merge",
		Usage:     "join the outputs of the parts of a --shard run into what one run writes",
		ArgsUsage: "PART...",
		Description: "Give the parts in shard order (1/N first). Parquet tables (convert --to parquet) are\n" +
			"joined row by row; text outputs are concatenated, and the summary lines of validate\n" +
			"--format jsonl --summary are added up into one at the end. Other reports with a summary\n" +
			"(text, json) cannot be joined: shard them with --format jsonl. Every part is checked\n" +
			"before anything is written: a part cut short (no final new line, no summary line where\n" +
			"the others have one, a table without its footer) or of another kind is refused.\n" +
			"See docs/scale.md.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to FILE (atomically) instead of standard output"},
		},
		Action: mergeAction,
	})
}

func mergeAction(c *cli.Context) error {
	paths := c.Args().Slice()
	if len(paths) == 0 {
		return toolError(errors.New("merge: give the parts to join, in shard order"))
	}
	if err := outputNotInput("-o", c.String("output"), paths); err != nil {
		return toolError(err)
	}
	parts, err := shardmerge.Check(paths)
	if err != nil {
		return toolError(fmt.Errorf("merge: %w", err))
	}
	write := func(w io.Writer) error {
		if parts.Kind() == shardmerge.Table {
			// Its writer holds a row group as convert's does (parquet.go).
			batch.LimitMemory(batch.TableMemoryLimit)
		}
		return parts.Write(w, tuned.table)
	}
	if out := c.String("output"); out != "" && out != "-" {
		err = writeFileAtomic(out, write)
	} else {
		err = write(c.App.Writer)
	}
	if err != nil {
		return toolError(err)
	}
	return nil
}
