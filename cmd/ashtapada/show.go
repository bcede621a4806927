package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/selection"
	"github.com/ashtapada/ashtapada/source"
	"github.com/ashtapada/ashtapada/tablegames"
)

func init() {
	register(&cli.Command{
		Name:      "show",
		Usage:     "the board at a ply: diagram, FEN, side to move, profile state, legal moves",
		ArgsUsage: "FILE",
		Description: "Shows a game (the first chosen by --game and --where; the first of the file without them) after --ply N (0: the start) or after --move 14b (14w, 14b; 14 is white's). " +
			"Without either, the end of the main line, or the position before the first move that cannot be played, " +
			"with that move marked. --svg FILE also draws the diagram as SVG.",
		Flags: append(slices.Concat(selectFlags("within the file; the first game chosen is shown"), profileFlags(), configFlags()),
			&cli.IntFlag{Name: "ply", Value: -1, Usage: "show the position after this ply (0: the start position)"},
			&cli.StringFlag{Name: "move", Usage: "show the position after this move: 14w, 14b (14 is white's)"},
			&cli.StringFlag{Name: "svg", Usage: "also write the diagram as SVG to `FILE` (- : only the SVG, to standard output)", TakesFile: true},
			&cli.BoolFlag{Name: "letters", Usage: "draw men as letters instead of chess figurines"},
			maxWindowFlag(),
		),
		Action: showAction,
	})
}

func showAction(c *cli.Context) error {
	if c.NArg() > 1 {
		return toolError(fmt.Errorf("show takes one FILE, got %d", c.NArg()))
	}
	if c.IsSet("ply") && c.IsSet("move") {
		return toolError(fmt.Errorf("give --ply or --move, not both"))
	}
	cfg, err := validateConfig(c)
	if err != nil {
		return toolError(err)
	}
	cfg.Steps = true
	rp := replay.New(cfg)
	path := "-"
	if c.NArg() == 1 {
		path = c.Args().First()
	}
	if err := outputNotInput("--svg", c.String("svg"), []string{path}); err != nil {
		return toolError(err)
	}
	sel, err := readSelection(c)
	if err != nil {
		return toolError(err)
	}
	ch, g, name, index, err := chosenChunk(path, sel, c.String("stdin-filename"))
	if err != nil {
		return toolError(err)
	}
	var v *formats.ShowView
	if g == nil && len(ch.Data) >= grammar.PartedBytes && !ch.Truncated {
		// A huge game is read and played in parts (batch.ReplayParts): only what
		// the view needs of the parts before the last is kept. What is
		// live is then bounded (the text and a part), so a soft memory
		// limit keeps the collector from letting the heap grow to GOGC's
		// multiple of it, as validate's pipeline does for such a game.
		batch.LimitMemory(batch.ValidateMemoryLimit)
		defer batch.HoldGameMemory(len(ch.Data), batch.PartedPerGameByte)()
		v, err = showParted(c, rp, ch, name, index)
	} else {
		if g == nil {
			g = grammar.ParseChunk(ch, name)
		}
		v, err = showWhole(c, rp, g, path, index)
	}
	if err != nil {
		return err
	}
	out := bufio.NewWriter(c.App.Writer)
	svg := c.String("svg")
	if svg == "-" {
		// The picture alone on standard output, so that `> board.svg`
		// is a valid SVG file.
		if err := formats.WriteSVG(out, v.Diagram); err != nil {
			return toolError(err)
		}
	} else if err := v.Write(out, c.Bool("letters")); err != nil {
		return toolError(err)
	}
	if err := out.Flush(); err != nil {
		return toolError(fmt.Errorf("writing: %w", err))
	}
	if svg != "" && svg != "-" {
		if err := writeFileAtomic(svg, func(w io.Writer) error { return formats.WriteSVG(w, v.Diagram) }); err != nil {
			return toolError(err)
		}
	}
	if len(v.Findings) > 0 {
		return failed()
	}
	return nil
}

// showWhole is the view of game g read whole.
func showWhole(c *cli.Context, rp *replay.Replayer, g *record.Game, path string, index int) (*formats.ShowView, error) {
	// One walk: the positions shown and the findings come from it.
	res := rp.Game(g, path, index)
	pl := res.Played
	if pl.Start == nil {
		return nil, toolError(fmt.Errorf("game %d cannot be replayed: %s [%s]", index, pl.Stop.Message, pl.Stop.Rule))
	}
	ply := -1
	switch {
	case c.IsSet("ply"):
		ply = c.Int("ply")
		if ply < 0 {
			return nil, toolError(fmt.Errorf("--ply %d: want 0 or more", ply))
		}
	case c.IsSet("move"):
		var err error
		ply, err = formats.PlyOfMove(pl, c.String("move"))
		if err != nil {
			return nil, toolError(err)
		}
	}
	v, err := formats.BuildShow(g, res, ply, fmt.Sprintf("game %d", index))
	if err != nil {
		return nil, toolError(err)
	}
	return v, nil
}

// showParted is showWhole for a huge game, the chunk ch, read and played in
// parts (batch.ReplayParts): the steps of a part are let go after it, so that
// the game is never held whole, and what the view needs of a
// part before the last is kept as it goes by: the position and step of
// the ply asked for (--ply, or the last ply --move names seen so far), the
// start for --ply 0, and the last step of each part (the one the end's
// position follows). The last part's steps are the result's; the findings
// are the whole game's. The view is the one showWhole gives.
func showParted(c *cli.Context, rp *replay.Replayer, ch grammar.Chunk, name string, index int) (*formats.ShowView, error) {
	want := -1 // the ply asked for by --ply
	if c.IsSet("ply") {
		want = c.Int("ply")
	}
	var spec formats.MoveSpec
	var specErr error
	byMove := !c.IsSet("ply") && c.IsSet("move")
	if byMove {
		spec, specErr = formats.ParseMoveSpec(c.String("move"))
		byMove = specErr == nil
	}
	found := -1 // the ply of the last step --move names so far
	var target, last formats.ShownPly
	first := true
	hooks := batch.PartHooks{Part: func(_ []record.Node, pl *replay.Played) {
		switch {
		case want == 0 && first:
			target, _ = formats.KeepPly(pl, 0, true)
		case want > pl.PliesBefore && want <= pl.PliesBefore+pl.Len():
			target, _ = formats.KeepPly(pl, want, true)
		}
		first = false
		if byMove {
			if f := spec.Find(pl); f >= 0 {
				found = f
				target, _ = formats.KeepPly(pl, f, true)
			}
		}
		keepLastStep(&last, pl)
	}}
	res, g, _ := batch.ReplayParts(rp, ch, new(grammar.Scratch), name, index, hooks)
	pl := res.Played
	if pl.Start == nil {
		return nil, toolError(fmt.Errorf("game %d cannot be replayed: %s [%s]", index, pl.Stop.Message, pl.Stop.Rule))
	}
	ply := -1
	switch {
	case c.IsSet("ply"):
		ply = want
		if ply < 0 {
			return nil, toolError(fmt.Errorf("--ply %d: want 0 or more", ply))
		}
	case c.IsSet("move"):
		if specErr != nil {
			return nil, toolError(specErr)
		}
		if f := spec.Find(pl); f >= 0 {
			found = f
		}
		var err error
		if ply, err = spec.PlyIn(pl, found); err != nil {
			return nil, toolError(err)
		}
	}
	var kept []formats.ShownPly
	for _, k := range []formats.ShownPly{target, last} {
		if k.Pos != nil || k.Step != nil {
			kept = append(kept, k)
		}
	}
	v, err := formats.BuildShowKept(g, res, ply, fmt.Sprintf("game %d", index), kept)
	if err != nil {
		return nil, toolError(err)
	}
	return v, nil
}

// chosenChunk is the first game of a file in any input format that sel
// chooses, not parsed: its chunk of text, or the game itself for a format
// read otherwise (g not nil), and its number; name is the file's name for
// the reader (stdinName for standard input, when set). The games before
// it are split from the text, as the pipeline splits them, and only
// their tags are read: showing the last game of a large file costs a
// read of the file.
func chosenChunk(path string, sel *selection.Selection, stdinName string) (ch grammar.Chunk, g *record.Game, name string, index int, err error) {
	var next batch.Games
	if tablegames.IsTable(path, "") {
		// A table's rows, a huge game's as its chunk.
		n, closer, err := tablegames.Chunks(path, batch.Notation{}, grammar.DefaultLimits())
		if err != nil {
			return grammar.Chunk{}, nil, "", 0, err
		}
		defer closer.Close()
		next, name = n, source.Name(path)
	} else {
		rc, n, err := openInput(path)
		if err != nil {
			return grammar.Chunk{}, nil, "", 0, err
		}
		defer rc.Close()
		br := bufio.NewReaderSize(rc, 1<<16)
		named := path
		if path == "-" && stdinName != "" {
			named, n = stdinName, stdinName
		}
		next, name = batch.GamesOf(batch.RecordFormat(br, named, ""), br, n, grammar.DefaultLimits(), batch.Notation{}), n
	}
	for i := 0; ; {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			if sel.All() {
				return grammar.Chunk{}, nil, "", 0, fmt.Errorf("%s has no game", path)
			}
			return grammar.Chunk{}, nil, "", 0, fmt.Errorf("%s: no game chosen: %s has %s", sel, path, english.Count(i, "game", "games"))
		}
		if err == nil && sel.Past(i+1) {
			return grammar.Chunk{}, nil, "", 0, fmt.Errorf("%s: no game chosen among the first %s of %s", sel, english.Count(i, "game", "games"), path)
		}
		if err != nil {
			return grammar.Chunk{}, nil, "", 0, err
		}
		if g == nil && !ch.IsGame() {
			continue // comments before the first game or between games
		}
		i++
		if !sel.Number(i) {
			continue
		}
		if (g != nil && sel.Tags(g)) || (g == nil && sel.ChunkTags(ch, name)) {
			return ch, g, name, i, nil
		}
	}
}
