package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/source"
)

// --max-window: the largest dictionary (xz) or window (zstd) a compressed
// input may declare (source.Options.MaxWindow; docs/robustness.md,
// "Compressed input").

// maxWindowFlag is --max-window, given to every command that reads records.
func maxWindowFlag() cli.Flag {
	return &cli.Int64Flag{
		Name:  "max-window",
		Value: source.DefaultMaxWindow,
		Usage: "largest dictionary (xz) or window (zstd) of a compressed input, `N` bytes; an input declaring more is refused (0: no limit)",
	}
}

// applyMaxWindow sets the window limit of inputOptions from the command's
// --max-window; newApp runs it before every command that has the flag.
func applyMaxWindow(c *cli.Context) error {
	n := c.Int64("max-window")
	if n < 0 {
		return toolError(fmt.Errorf("--max-window %d: want 0 (no limit) or more", n))
	}
	inputOptions.MaxWindow = n
	if n == 0 {
		inputOptions.MaxWindow = -1 // source's "no limit"
	}
	return nil
}
