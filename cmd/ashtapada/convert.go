package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
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
		Flags: append(append(profileFlags(), notationFlags()...),
			&cli.StringFlag{Name: "to", Required: true, Usage: "the format written: " + strings.Join(formats.RecordFormatNames(false), ", ") + " (html: a game viewer page)"},
			&cli.StringFlag{Name: "from", Usage: "the format read: " + strings.Join(formats.RecordFormatNames(true), ", ") + " (default: by extension, then by content)"},
			&cli.BoolFlag{Name: "source-comments", Usage: "with --to pgn: after each move read in a book's notation (descriptive, other languages' letters), a comment with the move as the record wrote it"},
			&cli.BoolFlag{Name: "plain", Usage: "with --to pgn: canonical SAN and no extensions (leap written Kd3, conversions in comments)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to FILE (atomically) instead of standard output"},
			&cli.IntFlag{Name: "game", Value: 1, Usage: "with --to svg: the game to draw (1-based)"},
			shardFlag(), // shard.go
		),
		Action: convertAction,
	})
}

func convertAction(c *cli.Context) error {
	to := strings.ToLower(c.String("to"))
	target, ok := formats.LookupRecordFormat(to)
	if to != "parquet" && (!ok || target.NewWriter == nil) { // parquet.go
		return toolError(fmt.Errorf("--to %q: want one of %s, parquet", to, strings.Join(formats.RecordFormatNames(false), ", ")))
	}
	from := strings.ToLower(c.String("from"))
	if f, ok := formats.LookupRecordFormat(from); from != "" && from != "parquet" && (!ok || f.Read == nil) {
		return toolError(fmt.Errorf("--from %q: want one of %s, parquet", from, strings.Join(formats.RecordFormatNames(true), ", ")))
	}
	if c.Bool("plain") && to != "pgn" {
		return toolError(fmt.Errorf("--plain applies to --to pgn only"))
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
	if to == "parquet" {
		return convertParquet(c, cfg, notation) // parquet.go
	}
	cv := &converter{shard: c.String("shard"), to: target, from: from, wopt: formats.WriteOptions{Plain: c.Bool("plain"), Game: c.Int("game"), SourceComments: c.Bool("source-comments")}, rp: replay.New(cfg), notation: notation, errw: c.App.ErrWriter}
	write := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<16)
		err := cv.run(c.Args().Slice(), bw)
		if ferr := bw.Flush(); err == nil && ferr != nil {
			err = fmt.Errorf("writing output: %w", ferr)
		}
		return err
	}
	if out := c.String("output"); out != "" && out != "-" {
		err = writeFileAtomic(out, write)
	} else {
		err = write(c.App.Writer)
	}
	if err != nil {
		return toolError(err)
	}
	if cv.broken > 0 {
		return failed()
	}
	return nil
}

// converter carries one convert run.
type converter struct {
	to   formats.RecordFormat // the format written
	from string               // the format read; "" to detect it per file
	// notation is the moves' notation in PGN input (--notation).
	notation movesNotation
	wopt     formats.WriteOptions
	rp       *replay.Replayer
	errw     io.Writer // diagnostics
	gw       formats.GameWriter
	gate     *gateWriter // the writer's output; closed while priming (shard.go)
	shard    string      // --shard K/N
	n        int         // games read so far, over all files
	broken   int         // games that could not be converted whole
}

func (cv *converter) run(args []string, w io.Writer) error {
	files, err := expandInputs(args)
	if err != nil {
		return err
	}
	if err := checkShardTarget(cv.shard, cv.to.Name); err != nil { // shard.go
		return err
	}
	cv.gate = &gateWriter{w: w}
	if cv.gw, err = cv.to.NewWriter(cv.gate, cv.wopt); err != nil {
		return err
	}
	if err := cv.runShard(files); err != nil { // shard.go
		return err
	}
	return cv.gw.Close()
}

// gameSource yields the games of one input, whatever its format.
type gameSource func() (*record.Game, error)

// openGames opens path and returns the reader of its games in the format
// named by from, or detected from the name or the first bytes (the record
// formats' registry, formats.RecordFormats). The limits are the reader's
// defaults; the notation of PGN moves is notation's (--notation).
func openGames(path, from string, notation movesNotation) (gameSource, io.Closer, error) {
	if from == "parquet" || from == "" && isParquetName(path) {
		return openParquetGames(path, notation) // parquet.go
	}
	rc, name, err := openInput(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(rc, 1<<16)
	f, ok := formats.LookupRecordFormat(from)
	if from == "" || !ok {
		head, _ := br.Peek(4096)
		f = formats.DetectRecordFormat(path, head)
	}
	gr := f.Read(br, name, grammar.DefaultLimits())
	if rd, ok := gr.(*grammar.Reader); ok {
		// The formats the grammar reads: PGN in --notation's notation.
		notation.apply(rd, f.Notation)
	}
	return gr.Next, rc, nil
}

// file converts the games of one input.
func (cv *converter) file(path string) error {
	next, closer, err := openGames(path, cv.from, cv.notation)
	if err != nil {
		return err
	}
	defer closer.Close()
	name := path
	if name == "-" {
		name = "<stdin>"
	}
	for {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		cv.n++
		if err := cv.game(g, name); err != nil {
			return err
		}
	}
}

// game writes one game in the target format. The game is replayed once
// (replay.Config.Steps): its error findings go to standard error as
// validate words them and make the exit status 1, and the derived formats
// (LAN, UCI, FEN, SVG, plain PGN, JSON's played fields) stop where that
// replay stopped the main line: what is written is what validate judged.
func (cv *converter) game(g *record.Game, name string) error {
	if g.Truncated {
		// Only the first lines of the game were read (a limit, docs/robustness.md):
		// converting them would lose the rest without a word.
		se := g.SyntaxError()
		return fmt.Errorf("game %d at line %d is too large to be read whole (%d:%d: %s): not converted", cv.n, g.Pos.Line, se.Pos.Line, se.Pos.Col, se.Message)
	}
	res := cv.rp.Game(g, name, cv.n)
	if !res.Summary.Valid {
		cv.broken++
		for i := range res.Findings {
			if f := &res.Findings[i]; f.IsError() {
				if err := formats.WriteFindingText(cv.errw, f); err != nil {
					return err
				}
			}
		}
	}
	if (g.Notation == record.LAN || g.Notation == record.UCI) && g.SyntaxError() == nil {
		// A record read in LAN or UCI is written on in SAN, as replay
		// played it (up to where it stopped).
		c, err := formats.SANRecord(g, res.Played)
		if err != nil {
			return fmt.Errorf("game %d: %w", cv.n, err)
		}
		g = c
	}
	return cv.gw.Write(g, cv.n, res)
}
