package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/tablegames"
)

// validate is wired from three parts: the configuration read from the
// flags (validate_config.go), the ordered run that reads, splits,
// parses and replays the games on every core (package batch, shared with
// convert, detect and diff), and
// the sink that takes the results in input order and reports them
// (validate_sink.go). CI features (baseline, progress, colour, --explain)
// are in validate_ci.go.
func init() {
	register(&cli.Command{
		Name:      "validate",
		Usage:     "replay every game under its profile and report each violation and warning",
		ArgsUsage: "[FILE|DIR|-] ...",
		Description: "Reads records (a directory is walked for *.pgn, *.pgn.gz, *.pgn.bz2, *.pgn.zst in sorted order; " +
			"no argument or - is standard input), replays every move under the game's profile (its Variant " +
			"and Rules tags, or --rules/--rules-file/--set, which win and are reported as profile_source) " +
			"and reports findings (validate --explain RULE-ID explains one). Variations are checked too (--no-variations skips them). " +
			"Exit status: 0 no errors, 1 error findings, 2 the tool could not do its job (unreadable file, " +
			"bad command line, no game record in the input).",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "report format: " + strings.Join(formats.ReportFormats(), ", ")},
			&cli.BoolFlag{Name: "strict", Usage: "warnings are errors"},
			&cli.IntFlag{Name: "max-errors", Usage: "show the findings of games up to this many errors, then only count the rest (0: no limit)"},
			&cli.IntFlag{Name: "max-findings", Value: replay.DefaultMaxFindings, Usage: "report at most `N` findings of one game; a note counts the rest (0: no limit)"},
			&cli.IntFlag{Name: "max-findings-per-rule", Value: replay.DefaultMaxFindingsPerRule, Usage: "report at most `N` findings of one rule in one game; a note counts the rest (0: no limit)"},
			&cli.BoolFlag{Name: "summary", Usage: "end with counts per profile, rule, outcome and result"},
			&cli.BoolFlag{Name: "no-variations", Usage: "check the main line only, not the variations"},
			&cli.BoolFlag{Name: "variations", Hidden: true, Usage: "check variations (the default; kept for old scripts)"},
			jobsFlag("games parsed and replayed in parallel"),
			&cli.BoolFlag{Name: "verbose", Usage: "text format: also a line for each valid game"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "report only errors: warnings are still counted (--summary) and still fail with --strict"},
			&cli.StringSliceFlag{Name: "select", Usage: "report only the findings of these rules: `ID`, a prefix ending at a dash (result: result-mismatch, result-missing, ...) or ALL; repeatable, or comma-separated (a rule that stops the replay is always reported)"},
			&cli.StringSliceFlag{Name: "ignore", Usage: "leave out the findings of these rules (`ID`, prefix or ALL, as --select; the more specific wins, --ignore between equals): not reported, not counted"},
			&cli.StringFlag{Name: "svg-dir", Usage: "write one SVG diagram per error into this directory (see show)", TakesFile: true},
			&cli.BoolFlag{Name: "hints", Usage: "also warn also-valid-as: a record tagged with a variant that is also valid chess, or an untagged one valid only under a historical profile"},
			shardFlag(), // shard.go
		}, slices.Concat(selectFlags("within each file, as the report numbers them"), configFlags(), profileFlags(), ciFlags, pprofFlags, limitFlags(), notationFlags(), []cli.Flag{maxWindowFlag()})...), // profileflags.go: --rules, --set, --rules-file; limits.go: --max-depth, --max-token, --max-game-bytes; decompress.go: --max-window; notation.go: --notation; validate_ci.go: --baseline, --write-baseline, --progress, --color, --explain; pprof.go: hidden --cpuprofile, --memprofile
		Action: validateAction,
	})
}

// validateAction reads the flags, runs the pipeline into the sink and
// returns the exit status.
func validateAction(c *cli.Context) error {
	notation, err := readNotation(c)
	if err != nil {
		return toolError(err)
	}
	if c.IsSet("explain") {
		return explainRule(c.String("explain"), c.App.Writer)
	}
	opts, err := validateOptionsFrom(c)
	if err != nil {
		return toolError(err)
	}
	sel, err := readSelection(c)
	if err != nil {
		return toolError(err)
	}
	batch.LimitMemory(batch.ValidateMemoryLimit)
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(c.App.ErrWriter, "ashtapada:", err)
		}
	}()
	ci, out, err := startCI(c, c.App.Writer, c.App.ErrWriter)
	if err != nil {
		return toolError(err)
	}
	sink, err := newResultSink(opts, ci, out)
	if err != nil {
		ci.finish(false)
		return toolError(err)
	}
	// An HTML report draws the moves up to each finding (cheap to keep).
	opts.replay.Moves = formats.ReportWantsMoves(sink.rw)
	settings, err := readInputSettings(c, opts)
	if err != nil {
		ci.finish(false)
		return toolError(err)
	}
	sink.settings = settings
	o := batch.Options{Warn: c.App.ErrWriter, Plan: shardPlan(opts.shard), Limits: opts.limits, Notation: notation, Jobs: opts.jobs, Source: inputsCounted(ci.counter()), IDs: true, Select: sel, StdinName: c.String("stdin-filename"), OpenTable: tablegames.OpenTable("", notation, opts.limits)}
	chosen := &chosenSink[*replay.Result]{Sink: sink}
	read := batch.Run(o, opts.inputs, validateStage(settings, opts.hints), chosen)
	err = sink.finish(read)
	if none := chosen.none(sel); none != nil && read.Complete() {
		return toolError(none)
	}
	return err
}

// validateStage is what validate's workers do with each game: replay it
// under its file's settings (and, with --hints, try it under the other
// profiles, package detect).
func validateStage(settings *inputSettings, hints bool) batch.Work[*replay.Result] {
	st := batch.Work[*replay.Result]{
		Worker: func() func(*record.Game, string, int) *replay.Result {
			rp := replayers(settings)
			var h *detect.Hinter
			if hints {
				h = detect.NewHinter(settings.common.replay.Strict)
			}
			return func(g *record.Game, file string, index int) *replay.Result {
				res := rp(file).Game(g, file, index)
				if h != nil {
					h.Add(g, res)
				}
				return res
			}
		},
		Failed: func(file string, index int) *replay.Result {
			return &replay.Result{Summary: replay.Summary{File: file, Game: index, Outcome: replay.OutcomeNone}}
		},
	}
	// A huge game's main line is read in parts (batch.ReplayParts), and --hints
	// replays it again in parts under the other profiles. (validate never
	// sets Config.Steps, which only the commands that write a game in
	// another form need.)
	st.Huge = func() func(grammar.Chunk, *grammar.Scratch, string, int) (*replay.Result, *record.Game) {
		rp := replayers(settings)
		if !hints {
			return func(ch grammar.Chunk, sc *grammar.Scratch, file string, index int) (*replay.Result, *record.Game) {
				res, g, _ := batch.ReplayParts(rp(file), ch, sc, file, index, batch.PartHooks{})
				return res, g
			}
		}
		h := detect.NewHinter(settings.common.replay.Strict)
		return func(ch grammar.Chunk, sc *grammar.Scratch, file string, index int) (*replay.Result, *record.Game) {
			g, _, again, parted := batch.ReadParts(ch, sc, file, index)
			if !parted {
				again = detect.WholeReplay(g, file, index)
			}
			res := again(rp(file), nil)
			h.AddParts(g, res, again)
			return res, g
		}
	}
	return st
}

// replayers gives one worker a replayer for each file's settings, made
// when first needed: most runs have one.
func replayers(settings *inputSettings) func(file string) *replay.Replayer {
	made := map[*fileSettings]*replay.Replayer{}
	return func(file string) *replay.Replayer {
		fs := settings.of(file)
		r, ok := made[fs]
		if !ok {
			r = replay.New(fs.replay)
			made[fs] = r
		}
		return r
	}
}

// defaultJobs is --jobs when not given: every core.
func defaultJobs() int { return runtime.NumCPU() }
