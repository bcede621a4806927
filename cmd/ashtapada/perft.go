package main

import (
	"bufio"
	"fmt"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	register(&cli.Command{
		Name:      "perft",
		Usage:     "count move paths to a depth, for testing the move generator against other engines",
		ArgsUsage: "DEPTH",
		Description: "Counts the leaves of the legal-move tree (perft). Game-end rules do not prune it and\n" +
			"turns alternate normally. --divide prints each root move with its count, sorted, then the total.\n" +
			"The profile is fide unless --rules or --rules-file names another.",
		Flags: append(profileFlags(),
			&cli.StringFlag{Name: "fen", Usage: "start from `FEN` instead of the profile's initial array"},
			&cli.BoolFlag{Name: "divide", Usage: "print the count under each root move"},
			&cli.BoolFlag{Name: "time", Usage: "print nodes per second on standard error"},
		),
		Action: perftAction,
	})
}

func perftAction(c *cli.Context) error {
	// urfave/cli stops reading flags at the first argument; the usage
	// `perft DEPTH --divide` puts the switches after the depth, so they are
	// picked out here.
	divide, timing := c.Bool("divide"), c.Bool("time")
	var args []string
	for _, a := range c.Args().Slice() {
		switch a {
		case "--divide", "-divide":
			divide = true
		case "--time", "-time":
			timing = true
		default:
			args = append(args, a)
		}
	}
	if len(args) != 1 {
		return toolError(fmt.Errorf("perft: want one argument, the depth (got %d)", len(args)))
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 0 || depth > 20 {
		return toolError(fmt.Errorf("perft: depth %q: want a whole number from 0 to 20", args[0]))
	}
	prof, err := rules.Select(c.String("rules"), c.String("rules-file"), c.StringSlice("set"))
	if err != nil {
		return toolError(fmt.Errorf("perft: %w", err))
	}
	s := &prof.Settings
	pos := rules.NewPosition(s)
	if f := c.String("fen"); f != "" {
		if pos, err = rules.ParseFEN(s, f); err != nil {
			return toolError(fmt.Errorf("perft: %w", err))
		}
	}
	start := time.Now()
	var total uint64
	// A full or closed standard output is an exit status, not a lost count:
	// the buffer keeps its first write error, which Flush returns.
	w := bufio.NewWriter(c.App.Writer)
	if divide {
		for _, e := range rules.Divide(pos, depth) {
			name := e.Move.UCI()
			if e.Move.ConvSquare != rules.NoSquare {
				name += "/" + e.Move.ConvSquare.String() + "=" + e.Move.ConvKind.Letter()
			}
			fmt.Fprintf(w, "%s: %d\n", name, e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintln(w)
		if depth == 0 {
			total = 1
		}
	} else {
		total = rules.Perft(pos, depth)
	}
	fmt.Fprintln(w, total)
	if err := w.Flush(); err != nil {
		if isBrokenPipe(err) {
			return err // the reader went away (`| head`): stop quietly (signals.go)
		}
		return toolError(fmt.Errorf("perft: writing to standard output: %w", err))
	}
	if timing {
		el := time.Since(start)
		fmt.Fprintf(c.App.ErrWriter, "%d nodes in %v: %.0f nodes/s\n", total, el.Round(time.Millisecond), float64(total)/el.Seconds())
	}
	return nil
}
