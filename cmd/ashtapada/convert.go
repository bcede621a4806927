package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/tablegames"
)

func init() {
	register(&cli.Command{
		Name:      "convert",
		Usage:     "convert records between PGN, JSON, JSONL, LAN, UCI, FEN lists and SVG",
		ArgsUsage: "[FILE|DIR ...]",
		Description: "Reads records (--from, or by extension: .pgn .json .jsonl .lan .uci, or by content) and writes them " +
			"in the --to format. pgn, json and jsonl round-trip losslessly; lan, uci and fen need the games' profile " +
			"and cover the main line; svg draws the final position of one game (--game). Each game is replayed as validate " +
			"replays it: its errors go to standard error and the exit status is 1, and derived output stops where the " +
			"replay stops. See https://github.com/ashtapada/ashtapada/blob/main/docs/convert.md.",
		Flags: append(append(slices.Concat(profileFlags(), configFlags(), notationFlags(), pprofFlags), // pprof.go: hidden --cpuprofile, --memprofile
			&cli.StringFlag{Name: "to", Required: true, Usage: "the format written: " + strings.Join(formats.RecordFormatNames(false), ", ") + " (html: a game viewer page; parquet: a table, to a file or a pipe)"},
			&cli.StringFlag{Name: "from", Usage: "the format read: " + strings.Join(formats.RecordFormatNames(true), ", ") + " (default: by extension, then by content)"},
			&cli.BoolFlag{Name: "source-comments", Usage: "with --to pgn: after each move read in a book's notation (descriptive, other languages' letters), a comment with the move as the record wrote it"},
			&cli.BoolFlag{Name: "plain", Usage: "with --to pgn: canonical SAN and no extensions (leap written Kd3, conversions in comments)"},
			&cli.StringFlag{Name: "style", Value: "short", Usage: "with --to descriptive: short (the modern short form, P-K4, N-KB3) or long (the 19th-century long form, P. to K's 4th., Kt. to K. B's 3d.)"},
			&cli.StringFlag{Name: "knight", Usage: "with --to descriptive: the knight's letter, N or Kt (default: N in the short form, Kt in the long)"},
			&cli.BoolFlag{Name: "compact", Usage: "with --to json or jsonl: one small object per game, its tags, its main line in SAN and its result (what pgn-extract --json writes), instead of the lossless record"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to FILE (atomically) instead of standard output"},
			jobsFlag("games parsed and replayed in parallel (the output is the same for any value)"),
			maxWindowFlag(),
			shardFlag(), // shard.go
		), slices.Concat(splitFlags(), selectFlags("over all the inputs, as JSON's game field numbers them; svg draws the first game chosen"))...),
		Action: convertAction,
	})
}

func convertAction(c *cli.Context) error {
	to := strings.ToLower(c.String("to"))
	target, ok := formats.LookupRecordFormat(to)
	if !ok || (target.NewWriter == nil && !target.Table) {
		return toolError(fmt.Errorf("--to %q: want one of %s", to, strings.Join(formats.RecordFormatNames(false), ", ")))
	}
	from := strings.ToLower(c.String("from"))
	if f, ok := formats.LookupRecordFormat(from); from != "" && (!ok || (f.Read == nil && !f.Table)) {
		return toolError(fmt.Errorf("--from %q: want one of %s", from, strings.Join(formats.RecordFormatNames(true), ", ")))
	}
	if c.Bool("plain") && to != "pgn" {
		return toolError(fmt.Errorf("--plain applies to --to pgn only"))
	}
	if c.Bool("compact") && to != "json" && to != "jsonl" {
		return toolError(fmt.Errorf("--compact applies to --to json and jsonl only"))
	}
	style, err := readDescriptiveStyle(c, to)
	if err != nil {
		return toolError(err)
	}
	if err := outputNotInput("-o", c.String("output"), c.Args().Slice()); err != nil {
		return toolError(err)
	}
	notation, err := readNotation(c)
	if err != nil {
		return toolError(err)
	}
	cfg, err := validateConfig(c)
	if err != nil {
		return toolError(err)
	}
	cfg.Steps = true
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(c.App.ErrWriter, "ashtapada:", err)
		}
	}()
	sel, err := readSelection(c)
	if err != nil {
		return toolError(err)
	}
	if !sel.All() && (target.Table || manyShards(c.String("shard"))) {
		// Both run on their own loop, which keeps the text between
		// games and numbers the games of other parts.
		return toolError(fmt.Errorf("--game and --where do not apply to --to parquet or to --shard yet: convert to another format first"))
	}
	split, err := readSplit(c, target) // split.go
	if err != nil {
		return toolError(err)
	}
	if target.Table {
		return convertParquet(c, cfg, notation) // parquet.go
	}
	// Every format streams, the viewer page too (a game's section is
	// written as it comes; its index waits in a temporary file until the
	// viewer's Close: docs/performance.md, "Memory on a 1 GB input").
	batch.LimitMemory(batch.StreamMemoryLimit)
	shard := c.String("shard")
	conv := batch.Conversion{
		To:         target,
		Write:      formats.WriteOptions{Plain: c.Bool("plain"), SourceComments: c.Bool("source-comments"), Compact: c.Bool("compact"), Descriptive: style},
		Replay:     cfg,
		Findings:   c.App.ErrWriter,
		Internal:   func(err error) { fmt.Fprintln(c.App.ErrWriter, "ashtapada:", err) },
		Split:      split,
		SpillBytes: tuned.spillBytes,
	}
	o := batch.Options{Warn: c.App.ErrWriter, Source: inputOptions, Limits: grammar.DefaultLimits(), Parts: tuned.parts, Notation: notation, Jobs: readJobs(c), From: from, OpenTable: tablegames.OpenTable(from, notation, grammar.DefaultLimits(), tuned.parts), Select: sel, StdinName: c.String("stdin-filename")}
	if manyShards(shard) {
		o.Plan = shardPlan(shard) // shard.go
	}
	inputs := c.Args().Slice()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	var out batch.ConvertOutcome
	write := func(w io.Writer) (err error) {
		if err := checkShardTarget(shard, target); err != nil {
			return err
		}
		bw := bufio.NewWriterSize(w, 1<<16)
		out, err = batch.Convert(o, inputs, conv, bw)
		switch {
		case errors.Is(err, batch.ErrNoneChosen):
			err = noneChosen(sel, out.Found)
		case errors.Is(err, batch.ErrNoGames):
			err = noGamesError(inputs, out.DirWithoutRecords)
		}
		if ferr := bw.Flush(); err == nil && ferr != nil {
			err = fmt.Errorf("writing output: %w", ferr)
		}
		return err
	}
	if split != nil {
		err = write(io.Discard) // the files of the split are written instead
	} else if file := c.String("output"); file != "" && file != "-" {
		err = writeFileAtomic(file, write)
	} else {
		err = write(c.App.Writer)
	}
	if err != nil {
		return toolError(err)
	}
	if out.Broken > 0 {
		return failed()
	}
	return nil
}

// readDescriptiveStyle reads --style and --knight, which apply to --to
// descriptive only (to is the format written, in lower case).
func readDescriptiveStyle(c *cli.Context, to string) (replay.DescriptiveStyle, error) {
	var st replay.DescriptiveStyle
	style, knight := c.String("style"), c.String("knight")
	if to != "descriptive" {
		if c.IsSet("style") || c.IsSet("knight") {
			return st, fmt.Errorf("--style and --knight apply to --to descriptive only")
		}
		return st, nil
	}
	switch strings.ToLower(style) {
	case "short":
	case "long":
		st.Long, st.Kt = true, true
	default:
		return st, fmt.Errorf("--style %q: want short or long", style)
	}
	switch strings.ToLower(knight) {
	case "":
	case "n":
		st.Kt = false
	case "kt":
		st.Kt = true
	default:
		return st, fmt.Errorf("--knight %q: want N or Kt", knight)
	}
	return st, nil
}
