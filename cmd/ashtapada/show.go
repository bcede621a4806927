package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	register(&cli.Command{
		Name:      "show",
		Usage:     "the board at a ply: diagram, FEN, side to move, profile state, legal moves",
		ArgsUsage: "FILE",
		Description: "Shows game --game N after --ply N (0: the start) or after --move 14b (14w, 14b; 14 is white's). " +
			"Without either, the end of the main line, or the position before the first move that cannot be played, " +
			"with that move marked. --svg FILE also draws the diagram as SVG.",
		Flags: append(profileFlags(),
			&cli.IntFlag{Name: "game", Value: 1, Usage: "the game (1-based)"},
			&cli.IntFlag{Name: "ply", Value: -1, Usage: "show the position after this ply (0: the start position)"},
			&cli.StringFlag{Name: "move", Usage: "show the position after this move: 14w, 14b (14 is white's)"},
			&cli.StringFlag{Name: "svg", Usage: "also write the diagram as SVG to `FILE` (- : only the SVG, to standard output)", TakesFile: true},
			&cli.BoolFlag{Name: "letters", Usage: "draw men as letters instead of chess figurines"},
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
	g, err := nthGame(path, c.Int("game"), rp, c.App.ErrWriter)
	if err != nil {
		return toolError(err)
	}
	// One walk: the positions shown and the findings come from it.
	res := rp.Game(g, path, c.Int("game"))
	pl := res.Played
	if pl.Start == nil {
		return toolError(fmt.Errorf("game %d cannot be replayed: %s [%s]", c.Int("game"), pl.Stop.Message, pl.Stop.Rule))
	}
	ply := -1
	switch {
	case c.IsSet("ply"):
		ply = c.Int("ply")
		if ply < 0 {
			return toolError(fmt.Errorf("--ply %d: want 0 or more", ply))
		}
	case c.IsSet("move"):
		ply, err = formats.PlyOfMove(pl, c.String("move"))
		if err != nil {
			return toolError(err)
		}
	}
	v, err := formats.BuildShow(g, res, ply, fmt.Sprintf("game %d", c.Int("game")))
	if err != nil {
		return toolError(err)
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

// nthGame reads game n (1-based) of a file in any input format.
func nthGame(path string, n int, rp *replay.Replayer, errw io.Writer) (*record.Game, error) {
	if n < 1 {
		return nil, fmt.Errorf("--game %d: games are numbered from 1", n)
	}
	next, closer, err := openGames(path, "", movesNotation{})
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	for i := 1; ; i++ {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("--game %d: %s has %d games", n, path, i-1)
		}
		if err != nil {
			return nil, err
		}
		if i == n {
			return g, nil
		}
	}
}

// writeFindingSVGs writes one SVG per error finding of a game into dir, for
// `validate --svg-dir DIR`: DIR/<file base>-g<game>-p<ply>-<rule>.svg, each
// written atomically. Findings without a position (a game whose profile is
// unknown) have nothing to draw and are skipped.
func writeFindingSVGs(dir string, res *replay.Result) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--svg-dir: %w", err)
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		if !f.IsError() || f.FEN == "" {
			continue
		}
		base := strings.TrimSuffix(filepath.Base(f.File), filepath.Ext(f.File))
		if base == "" || base == "." || strings.HasPrefix(base, "<") {
			base = "stdin"
		}
		name := fmt.Sprintf("%s-g%d-p%d-%s.svg", base, f.Game, f.Ply, f.Rule)
		err := writeFileAtomic(filepath.Join(dir, name), func(w io.Writer) error {
			return formats.WriteFindingSVG(w, f)
		})
		if err != nil {
			return err
		}
	}
	return nil
}
