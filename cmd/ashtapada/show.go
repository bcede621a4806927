package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/picture"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/showgame"
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
	g, err := showgame.Chosen(path, sel, c.String("stdin-filename"), inputOptions, tuned.parts)
	if err != nil {
		return toolError(err)
	}
	var at showgame.At
	if c.IsSet("ply") {
		ply := c.Int("ply")
		at.Ply = &ply
	}
	if c.IsSet("move") {
		move := c.String("move")
		at.Move = &move
	}
	v, err := showgame.View(rp, g, at)
	if err != nil {
		return toolError(err)
	}
	out := bufio.NewWriter(c.App.Writer)
	svg := c.String("svg")
	if svg == "-" {
		// The picture alone on standard output, so that `> board.svg`
		// is a valid SVG file.
		if err := picture.WriteSVG(out, v.Diagram); err != nil {
			return toolError(err)
		}
	} else if err := v.Write(out, c.Bool("letters")); err != nil {
		return toolError(err)
	}
	if err := out.Flush(); err != nil {
		return toolError(fmt.Errorf("writing: %w", err))
	}
	if svg != "" && svg != "-" {
		if err := writeFileAtomic(svg, func(w io.Writer) error { return picture.WriteSVG(w, v.Diagram) }); err != nil {
			return toolError(err)
		}
	}
	if len(v.Findings) > 0 {
		return failed()
	}
	return nil
}
