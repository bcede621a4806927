package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/rules"
	"github.com/ashtapada/ashtapada/tablegames"
)

func init() {
	register(&cli.Command{
		Name:      "detect",
		Usage:     "find the rule profiles and settings under which each game is valid",
		ArgsUsage: "[FILE|DIR|-] ...",
		Description: "Replays every game under every built-in profile (and each --rules-file profile), ignoring\n" +
			"its Variant and Rules tags, and reports in one line per game the profiles it fits, the\n" +
			"smallest --set changes that make it fit (within --max-changes), and the settings its moves\n" +
			"decide, with those moves; --verbose adds where it breaks every other profile and the\n" +
			"evidence for each setting (docs/detect.md). Exit status: 0 every game fits some\n" +
			"profile, 1 some game fits none, 2 the tool could not do its job.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "report format: " + strings.Join(report.DetectFormats(), ", ")},
			&cli.StringSliceFlag{Name: "rules", Usage: "try only the profile `NAME` (repeatable; default: every built-in profile)"},
			&cli.StringSliceFlag{Name: "rules-file", Usage: "also try the rule profile in the profile file `FILE` (repeatable)"},
			&cli.StringSliceFlag{Name: "set", Usage: "start every candidate from `key=value` (repeatable); the evidence still tries its other values"},
			&cli.IntFlag{Name: "max-changes", Value: detect.DefaultMaxChanges, Usage: "largest fix searched, in --set pairs"},
			&cli.IntFlag{Name: "max-replays", Value: detect.DefaultMaxReplays, Usage: "replays of one profile's whole fix search for one game (natural fixes, their subsets, first-error search)"},
			&cli.BoolFlag{Name: "no-evidence", Usage: "skip the per-setting evidence (faster)"},
			&cli.BoolFlag{Name: "all-fixes", Usage: "search a fix for every profile, not only around the best ones"},
			&cli.BoolFlag{Name: "verbose", Usage: "text format: under each game's line, its verdict under every profile with the evidence for each setting"},
			&cli.BoolFlag{Name: "hints", Usage: "text format: flag a game whose Variant tag names a profile it does not fit, when it fits another"},
			jobsFlag("games detected in parallel"),
		}, slices.Concat(selectFlags("within each file, as the report numbers them"), limitFlags(), pprofFlags, []cli.Flag{maxWindowFlag()})...),
		Action: detectAction,
	})
}

func detectOptions(c *cli.Context) (detect.Options, error) {
	opts := detect.Options{MaxChanges: c.Int("max-changes"), MaxReplays: c.Int("max-replays"), NoEvidence: c.Bool("no-evidence"), AllFixes: c.Bool("all-fixes")}
	if opts.MaxChanges < 1 || opts.MaxReplays < 1 {
		return opts, fmt.Errorf("--max-changes and --max-replays must be at least 1")
	}
	names, files := c.StringSlice("rules"), c.StringSlice("rules-file")
	var ps []*rules.Profile
	for _, n := range names {
		p, err := rules.Lookup(n)
		if err != nil {
			return opts, err
		}
		ps = append(ps, p)
	}
	if len(names) == 0 {
		ps = rules.Profiles()
	}
	for _, f := range files {
		p, err := rules.LoadFile(f)
		if err != nil {
			return opts, err
		}
		ps = append(ps, p)
	}
	ovs, err := parseSet("--set", c.StringSlice("set"))
	if err != nil {
		return opts, err
	}
	if len(ovs) > 0 {
		for i, p := range ps {
			if ps[i], err = p.With(ovs, "--set"); err != nil {
				return opts, fmt.Errorf("--set: %w", err)
			}
		}
	}
	opts.Profiles = ps
	return opts, nil
}

func detectAction(c *cli.Context) error {
	lim, err := readLimits(c)
	if err != nil {
		return toolError(err)
	}
	opts, err := detectOptions(c)
	if err != nil {
		return toolError(err)
	}
	batch.LimitMemory(batch.StreamMemoryLimit) // detect streams its games (batch.Run)
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(c.App.ErrWriter, "ashtapada:", err)
		}
	}()
	stdout := bufio.NewWriterSize(c.App.Writer, 1<<16)
	defer stdout.Flush()
	rw, err := report.NewDetect(c.String("format"), stdout, report.DetectOptions{Verbose: c.Bool("verbose"), Hints: c.Bool("hints")})
	if err != nil {
		return toolError(err)
	}
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{"-"}
	}
	sel, err := readSelection(c)
	if err != nil {
		return toolError(err)
	}
	s := &detectSink{rw: rw, total: detect.NewSummary(""), stderr: c.App.ErrWriter}
	chosen := &chosenSink[*detect.Game]{Sink: s}
	// Small batches: a game costs dozens of replays here.
	o := batch.Options{Limits: lim, Jobs: readJobs(c), Batch: 16, Warn: c.App.ErrWriter, Source: inputOptions, Select: sel, StdinName: c.String("stdin-filename"), OpenTable: tablegames.OpenTable("", batch.Notation{}, lim)}
	st := batch.Work[*detect.Game]{
		Worker: func() func(*record.Game, string, int) *detect.Game {
			d := detect.New(opts)
			return func(g *record.Game, file string, index int) *detect.Game { return d.Game(record.Whole(g), file, index) }
		},
		Failed: func(file string, index int) *detect.Game {
			return &detect.Game{File: file, Game: index, Fits: []string{}, Verdict: "not checked: internal error"}
		},
		// A huge game is never held whole: read through once,
		// then read again in parts for each of its replays.
		Huge: func() func(grammar.Chunk, *grammar.Scratch, string, int) (*detect.Game, *record.Game) {
			d := detect.New(opts)
			return func(ch grammar.Chunk, sc *grammar.Scratch, file string, index int) (*detect.Game, *record.Game) {
				src := batch.HugeSource(ch, sc, file)
				return d.Game(src, file, index), src.Head
			}
		},
	}
	read := batch.Run(o, args, st, chosen)
	writeErr := s.writeErr
	if writeErr == nil {
		writeErr = rw.Close(s.total)
	}
	if err := stdout.Flush(); err != nil && writeErr == nil {
		writeErr = err
	}
	switch {
	case writeErr != nil:
		return toolError(fmt.Errorf("writing the report: %w", writeErr))
	case read.ToolErrors > 0:
		return &exitError{code: 2}
	case chosen.none(sel) != nil:
		return toolError(chosen.none(sel))
	case s.games == 0:
		return toolError(noGamesError(args, read.DirWithoutRecords))
	case s.unfitted > 0:
		return failed()
	}
	return nil
}

// detectSink writes detect's report in input order: each game, and each
// file's summary after its last game.
type detectSink struct {
	rw       report.DetectWriter
	total    *detect.Summary
	file     *detect.Summary // of the file being reported
	games    int             // games reported
	unfitted int             // games that fit no profile
	writeErr error
	stderr   io.Writer // the application's standard error
}

func (s *detectSink) Game(_ report.GameID, g *detect.Game) bool {
	if s.file == nil {
		s.file = detect.NewSummary(g.File)
	}
	s.file.Add(g)
	s.total.Add(g)
	s.games++
	if !g.Fitted() {
		s.unfitted++
	}
	s.writeErr = s.rw.Game(g)
	return s.writeErr == nil
}

// FileEnd writes the summary of a file that could be read, even one with
// no game.
func (s *detectSink) FileEnd(f batch.FileEnd) bool {
	if !f.Opened {
		return true
	}
	if s.file == nil {
		s.file = detect.NewSummary(f.Name)
	}
	s.writeErr = s.rw.File(s.file)
	s.file = nil
	return s.writeErr == nil
}

func (s *detectSink) ToolError(err error) bool {
	fmt.Fprintln(s.stderr, "ashtapada:", err)
	return true
}
