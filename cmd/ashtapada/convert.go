package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
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
			"replay stops. See docs/convert.md.",
		Flags: append(append(profileFlags(), notationFlags()...),
			&cli.StringFlag{Name: "to", Required: true, Usage: "pgn, json, jsonl, lan, uci, fen, svg, html (a game viewer page), or PGN with the moves in descriptive notation (descriptive) or another language's letters (de, fr, es, it, nl, pt, sv, ru, figurine)"},
			&cli.StringFlag{Name: "from", Usage: "pgn, json, jsonl, lan or uci (default: by extension, then by content), or PGN whose moves are descriptive or in a language's letters (descriptive, de, fr, ...; as --notation)"},
			&cli.BoolFlag{Name: "source-comments", Usage: "after each move converted from another notation, a comment with the move as the record wrote it"},
			&cli.BoolFlag{Name: "plain", Usage: "with --to pgn: canonical SAN and no extensions (leap written Kd3, conversions in comments)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to FILE (atomically) instead of standard output"},
			&cli.IntFlag{Name: "game", Value: 1, Usage: "with --to svg: the game to draw (1-based)"},
		),
		Action: convertAction,
	})
}

var convertTargets = map[string]bool{"notation": true, "pgn": true, "json": true, "jsonl": true, "lan": true, "uci": true, "fen": true, "svg": true, "html": true}
var convertSources = map[string]bool{"pgn": true, "json": true, "jsonl": true, "lan": true, "uci": true}

func convertAction(c *cli.Context) error {
	to := strings.ToLower(c.String("to"))
	writeNotation, toNotation := notationTarget(to)
	if toNotation {
		to = "notation"
	}
	if !convertTargets[to] {
		return toolError(fmt.Errorf("--to %q: want one of pgn, json, jsonl, lan, uci, fen, svg, html, %s", to, strings.Join(grammar.NotationNames()[2:], ", ")))
	}
	if err := applyNotation(c); err != nil {
		return toolError(err)
	}
	from := strings.ToLower(c.String("from"))
	if n, ok := notationTarget(from); ok {
		// PGN whose moves are in another notation: --from names it.
		if c.IsSet("notation") {
			return toolError(fmt.Errorf("--from %s names the notation; --notation is not needed", c.String("from")))
		}
		grammar.DefaultNotation = n
		from = "pgn"
	}
	if from != "" && !convertSources[from] {
		return toolError(fmt.Errorf("--from %q: want one of pgn, json, jsonl, lan, uci, %s", from, strings.Join(grammar.NotationNames()[2:], ", ")))
	}
	if c.Bool("plain") && to != "pgn" {
		return toolError(fmt.Errorf("--plain applies to --to pgn only"))
	}
	cfg, err := validateConfig(c)
	if err != nil {
		return toolError(err)
	}
	cfg.Steps = true
	cv := &converter{to: to, from: from, plain: c.Bool("plain"), notation: writeNotation, sourceComments: c.Bool("source-comments"), svgGame: c.Int("game"), rp: replay.New(cfg), errw: c.App.ErrWriter}
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
	to, from string
	plain    bool
	// notation is the notation --to names (to "notation"); sourceComments
	// keeps each converted move's text as the record wrote it.
	notation       grammar.Notation
	sourceComments bool
	svgGame        int
	rp             *replay.Replayer
	errw           io.Writer // diagnostics
	jw             *formats.JSONWriter
	viewer         *formats.Viewer
	pw             *formats.PGNWriter
	n              int // games read so far, over all files
	broken         int // games that could not be converted whole
	svgDone        bool
}

func (cv *converter) run(args []string, w io.Writer) error {
	files, err := expandInputs(args)
	if err != nil {
		return err
	}
	if cv.to == "json" || cv.to == "jsonl" {
		cv.jw = formats.NewJSONWriter(w, cv.to == "jsonl")
	}
	if cv.to == "html" {
		if cv.viewer, err = formats.NewViewer(w); err != nil {
			return err
		}
	}
	for _, path := range files {
		if err := cv.file(path, w); err != nil {
			return err
		}
	}
	if cv.jw != nil {
		return cv.jw.Close()
	}
	if cv.viewer != nil {
		return cv.viewer.Close()
	}
	if cv.to == "svg" && !cv.svgDone {
		return fmt.Errorf("--game %d: the input has %d games", cv.svgGame, cv.n)
	}
	return nil
}

// gameSource yields the games of one input, whatever its format.
type gameSource func() (*record.Game, error)

// openGames opens path and returns the reader of its games in the format
// given, or detected from the name, or from the first bytes.
func openGames(path, from string, rp *replay.Replayer, errw io.Writer) (gameSource, io.Closer, error) {
	return openGamesCounting(path, from, rp, errw, nil)
}

// openGamesCounting is openGames with a callback for LAN/UCI games that
// could be read only in part (a move that matches no legal move): they are
// still returned, so that what was read is not lost, and partial lets the
// caller count them (convert exits 1 then, never 0 with a game cut short).
func openGamesCounting(path, from string, rp *replay.Replayer, errw io.Writer, partial func()) (gameSource, io.Closer, error) {
	rc, name, err := openInput(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(rc, 1<<16)
	if from == "" {
		from = detectFormat(path, br)
	}
	switch from {
	case "json", "jsonl":
		jr := formats.NewJSONReader(br)
		return func() (*record.Game, error) {
			g, err := jr.ReadGame()
			if err != nil && !errors.Is(err, io.EOF) {
				err = fmt.Errorf("%s: %w", name, err)
			}
			return g, err
		}, rc, nil
	case "lan", "uci":
		cr := formats.NewCoordReader(br, from == "uci", rp)
		return func() (*record.Game, error) {
			g, err := cr.Next()
			if err != nil && !errors.Is(err, io.EOF) {
				// The game was read as far as it goes: the caller decides.
				if g != nil {
					fmt.Fprintf(errw, "%s: %v\n", name, err)
					if partial != nil {
						partial()
					}
					return g, nil
				}
				err = fmt.Errorf("%s: %w", name, err)
			}
			return g, err
		}, rc, nil
	}
	gr := grammar.NewReader(br, name)
	return gr.Next, rc, nil
}

// detectFormat guesses an input's format: by extension, else by content
// (JSON starts with '{' or '[' then '{'; UCI's first move is four square
// characters; everything else is read as PGN, which is lenient enough for
// LAN too, except for LAN's own markers).
func detectFormat(path string, br *bufio.Reader) string {
	lower := strings.ToLower(path)
	for _, ext := range []string{".gz", ".bz2", ".zst"} {
		lower = strings.TrimSuffix(lower, ext)
	}
	switch filepath.Ext(lower) {
	case ".json":
		return "json"
	case ".jsonl", ".ndjson":
		return "jsonl"
	case ".lan":
		return "lan"
	case ".uci":
		return "uci"
	case ".pgn":
		return "pgn"
	}
	head, _ := br.Peek(4096)
	t := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	if len(t) > 0 && t[0] == '{' {
		return "jsonl"
	}
	if len(t) > 0 && t[0] == '[' {
		rest := bytes.TrimLeft(t[1:], " \t\r\n")
		if len(rest) == 0 || rest[0] == '{' || rest[0] == ']' {
			return "json"
		}
	}
	// The first movetext token: after the tags.
	for _, line := range strings.Split(string(t), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "[") {
			continue
		}
		fields := strings.Fields(line)
		for _, f := range fields {
			if strings.HasSuffix(f, ".") {
				continue
			}
			first := strings.Split(f, ",")[0]
			if _, err := formats.ParseUCI(first); err == nil {
				return "uci"
			}
			if strings.Contains(first, "~") || strings.Contains(first, "-") && first != "O-O" && first != "O-O-O" && len(first) >= 5 {
				if _, err := formats.ParseLAN(first); err == nil {
					return "lan"
				}
			}
			return "pgn"
		}
	}
	return "pgn"
}

// file converts the games of one input.
func (cv *converter) file(path string, w io.Writer) error {
	next, closer, err := openGamesCounting(path, cv.from, cv.rp, cv.errw, func() { cv.broken++ })
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
		if err := cv.game(g, name, w); err != nil {
			return err
		}
	}
}

// game writes one game in the target format. The game is replayed once
// (replay.Config.Steps): its error findings go to standard error as
// validate words them and make the exit status 1, and the derived formats
// (LAN, UCI, FEN, SVG, plain PGN, JSON's played fields) stop where that
// replay stopped the main line: what is written is what validate judged.
func (cv *converter) game(g *record.Game, name string, w io.Writer) error {
	if g.Truncated {
		// Only the first lines of the game were read (a limit, docs/robustness.md):
		// converting them would lose the rest without a word.
		se := g.SyntaxError()
		return fmt.Errorf("game %d at line %d is too large to be read whole (%d:%d: %s): not converted", cv.n, g.Pos.Line, se.Pos.Line, se.Pos.Col, se.Message)
	}
	res := cv.rp.Game(g, name, cv.n)
	pl := res.Played
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
	if g.SyntaxError() != nil && cv.to != "pgn" && cv.to != "json" && cv.to != "jsonl" {
		// PGN (plain too) and JSON carry a broken game through as read;
		// the other formats cannot, and the conversion is then incomplete
		// (the syntax error was reported above).
		return nil
	}
	switch cv.to {
	case "notation":
		if err := formats.WriteNotationGame(w, g, pl, cv.notation, cv.sourceComments && g.Notation != ""); err != nil {
			var stop *formats.StopError
			if !errors.As(err, &stop) {
				return err
			}
		}
		return nil
	case "pgn":
		if g.Notation != "" && g.SyntaxError() == nil {
			// Moves read in another notation are written in SAN, from
			// what the replay made of each (the moves after a stop are
			// written as the record wrote them; the stop was reported).
			g = formats.ToSAN(g, pl, cv.sourceComments)
		}
		if cv.plain {
			c, err := formats.CanonicalGame(g, pl, true)
			if err != nil {
				return fmt.Errorf("game %d: %w", cv.n, err)
			}
			g = formats.PlainGame(c)
		}
		if cv.pw == nil {
			cv.pw = formats.NewPGNWriter(w)
		}
		return cv.pw.Write(g)
	case "json", "jsonl":
		j := formats.GameToJSON(g)
		j.Game = cv.n
		if g.SyntaxError() == nil {
			// The record is converted whole whatever replay makes of it;
			// the derived fields stop where the replay stopped.
			formats.AddPlayed(j, pl)
		}
		return cv.jw.Write(j)
	case "lan", "uci":
		if err := formats.WriteCoordGame(w, g, pl, cv.to == "uci"); err != nil {
			var stop *formats.StopError
			if !errors.As(err, &stop) {
				return err
			}
		}
		return nil
	case "fen":
		if pl.Start == nil {
			return nil
		}
		rows := []formats.FENRow{{Ply: 0, Move: "-", FEN: pl.Start.FEN()}}
		for _, st := range pl.Steps {
			rows = append(rows, formats.FENRow{Ply: st.Ply, Move: st.SAN, FEN: st.After.FEN()})
		}
		return formats.WriteFENList(w, cv.n, rows)
	case "html":
		return cv.viewer.Game(g, res)
	case "svg":
		if cv.n != cv.svgGame {
			return nil
		}
		cv.svgDone = true
		if pl.Start == nil {
			return fmt.Errorf("game %d cannot be drawn: %s [%s]", cv.n, pl.Stop.Message, pl.Stop.Rule)
		}
		d, err := formats.DiagramAt(pl, len(pl.Steps), fmt.Sprintf("game %d", cv.n))
		if err != nil {
			return err
		}
		formats.DescribeGame(d, g)
		return formats.WriteSVG(w, d)
	}
	return nil
}
