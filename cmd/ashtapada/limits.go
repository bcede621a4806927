package main

import (
	"fmt"
	"runtime"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/grammar"
)

// limitFlags raise (or, with 0, lift) the reader's limits (grammar.Limits,
// docs/robustness.md, "Limits"). The commands that read records take them;
// the defaults are grammar.DefaultLimits.
func limitFlags() []cli.Flag {
	d := grammar.DefaultLimits()
	return []cli.Flag{
		&cli.IntFlag{Name: "max-depth", Value: d.MaxDepth, Usage: fmt.Sprintf("read variations nested up to `N` deep; deeper is a limit error (0: the most the reader nests, %d)", grammar.DepthCeiling)},
		&cli.IntFlag{Name: "max-token", Value: d.MaxToken, Usage: "longest comment, tag value or move, `N` bytes; longer is a limit error (0: no limit)"},
		&cli.IntFlag{Name: "max-game-bytes", Value: d.MaxGameBytes, Usage: "longest game, `N` bytes; the rest of a longer one is skipped unread, a limit error (0: no limit)"},
	}
}

// readLimits are the reader's limits the flags ask for. The command gives
// them to each reader it makes (Splitter.SetLimits, Reader.SetLimits).
func readLimits(c *cli.Context) (grammar.Limits, error) {
	l := grammar.Limits{MaxDepth: c.Int("max-depth"), MaxToken: c.Int("max-token"), MaxGameBytes: c.Int("max-game-bytes")}
	for _, f := range []struct {
		name string
		v    int
	}{{"--max-depth", l.MaxDepth}, {"--max-token", l.MaxToken}, {"--max-game-bytes", l.MaxGameBytes}} {
		if f.v < 0 {
			return l, fmt.Errorf("%s %d: want 0 (no limit) or more", f.name, f.v)
		}
	}
	if l.MaxDepth > grammar.DepthCeiling {
		return l, fmt.Errorf("--max-depth %d: at most %d (deeper nesting would overflow the stack; 0 means %d)", l.MaxDepth, grammar.DepthCeiling, grammar.DepthCeiling)
	}
	return l, nil
}

// capJobs bounds the number of workers: each holds a game in flight, so
// memory is about the workers times the cost of the largest game
// (docs/robustness.md, "Memory"). More workers than 4 per core gain
// nothing; `--jobs 100000000` would only multiply memory and goroutines.
func capJobs(n int) int {
	most := 4 * runtime.GOMAXPROCS(0)
	switch {
	case n < 1:
		return 1
	case n > most:
		return most
	}
	return n
}
