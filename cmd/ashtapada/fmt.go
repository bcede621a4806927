package main

import (
	"os"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/fmtfiles"
	"github.com/ashtapada/ashtapada/replay"
)

func init() {
	register(&cli.Command{
		Name:      "fmt",
		Usage:     "write records in canonical form, like gofmt",
		ArgsUsage: "[FILE|DIR|-]...",
		Description: "Without flags, the canonical text goes to standard output. A game with a syntax error\n" +
			"is reported on standard error and passed through byte for byte; the games around it are\n" +
			"formatted, and the file counts as not canonical. Exit status: 0, or 1 with --check when\n" +
			"a file is not canonical, 2 when a file cannot be read or written or holds a game that\n" +
			"could not be read.",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "l", Usage: "list files whose formatting differs from canonical form"},
			&cli.BoolFlag{Name: "d", Usage: "show the differences as a unified diff"},
			&cli.BoolFlag{Name: "w", Usage: "rewrite files in place (temporary file, then rename)"},
			&cli.BoolFlag{Name: "check", Usage: "exit 1 if any file is not in canonical form"},
			&cli.BoolFlag{Name: "san", Usage: "also write every move in the profile's canonical SAN, as the replay reads it (a2a3 -> a3, 0-0 -> O-O, a mate marked + -> #)"},
		}, slices.Concat(limitFlags(), profileFlags(), configFlags(), notationFlags(), []cli.Flag{maxWindowFlag()})...),
		Action: runFmt,
	})
}

func runFmt(c *cli.Context) error {
	// fmt streams (at most two games held, pgn.FormatEach): a soft
	// limit keeps the collector from letting a huge game's garbage grow
	// to four times what is live (GOGC=400, main).
	batch.LimitMemory(batch.StreamMemoryLimit)
	lim, err := readLimits(c)
	if err != nil {
		return toolError(err)
	}
	notation, err := readNotation(c)
	if err != nil {
		return toolError(err)
	}
	opt := fmtfiles.Options{
		List: c.Bool("l"), Diff: c.Bool("d"), Write: c.Bool("w"), Check: c.Bool("check"),
		Stdout: c.App.Writer, Stderr: c.App.ErrWriter, Source: inputOptions, Limits: lim, Parts: tuned.parts, Notation: notation,
	}
	if opt.Stdout == nil {
		opt.Stdout = os.Stdout
	}
	if opt.Stderr == nil {
		opt.Stderr = os.Stderr
	}
	if c.Bool("san") {
		cfg, err := validateConfig(c)
		if err != nil {
			return toolError(err)
		}
		cfg.Steps = true
		opt.SAN = replay.New(cfg)
	}
	return fmtFiles(c.Args().Slice(), opt)
}

// fmtFiles formats every input (fmtfiles.Format) and returns the worst
// status at the end, as gofmt does: 2 when a file could not be read or
// written or holds a game fmt could not read (passed through as written,
// and reported), else 1 when --san left moves as written or, with
// --check, when a file is not canonical.
func fmtFiles(args []string, opt fmtfiles.Options) error {
	out, err := fmtfiles.Format(args, opt)
	switch {
	case err != nil:
		return err // the reader went away (`| head`): stop quietly (signals.go)
	case out.Failed:
		return &exitError{code: 2}
	case out.Unplayed > 0, opt.Check && out.Differ:
		return failed()
	}
	return nil
}
