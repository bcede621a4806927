package main

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/tablegames"
)

// validate is wired from three parts: the configuration read from the
// flags (validate_config.go) and from each input's ashtapada.toml
// (validate_files.go), the validation itself, which replays the games on
// every core and reports them in input order (batch.Validate), and the
// CI features (baseline, progress, colour, --explain: validate_ci.go),
// which the validation is given as a pass for each result and a writer
// for its report and its messages.
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
			&cli.StringFlag{Name: "format", Value: "text", Usage: "report format: " + strings.Join(report.Formats(), ", ")},
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

// validateAction reads the flags, runs the validation (batch.Validate)
// and returns the exit status.
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
	ci, report, err := startCI(c, c.App.Writer, c.App.ErrWriter)
	if err != nil {
		return toolError(err)
	}
	common, files, err := readInputSettings(c, opts)
	if err != nil {
		ci.finish(false)
		return toolError(err)
	}
	v := batch.Validation{
		Settings: common, Files: files, Hints: opts.hints,
		Format: opts.format, Report: reportOptions(c, opts, ci),
		Quiet: opts.quiet, Summary: opts.summary, MaxErrors: opts.maxErrors, SVGDir: opts.svgDir,
		Through: ci.through(), Diag: ci.diag(),
	}
	o := batch.Options{Warn: c.App.ErrWriter, Plan: shardPlan(opts.shard), Limits: opts.limits, Parts: tuned.parts, Notation: notation, Jobs: opts.jobs, Source: inputsCounted(ci.counter()), Select: sel, StdinName: c.String("stdin-filename"), OpenTable: tablegames.OpenTable("", notation, opts.limits, tuned.parts)}
	out, err := batch.Validate(o, opts.inputs, v, report)
	err = validateEnd(opts, ci, out, err)
	if !sel.All() && out.Chosen == 0 && out.Found > 0 && out.Complete() {
		return toolError(noneChosen(sel, out.Found))
	}
	return err
}

// reportOptions are what the report is told of the run: the baseline its
// games were compared with, and what its header names (the HTML report's).
func reportOptions(c *cli.Context, opts *validateOptions, ci *ciRun) report.Options {
	return report.Options{
		Verbose: opts.verbose, Baseline: ci.base,
		Run: report.RunInfo{
			Inputs: opts.inputs, StdinName: c.String("stdin-filename"), Date: opts.date, Version: c.App.Version,
			BaselineFile: c.String("baseline"), WroteBaseline: c.String("write-baseline"),
		},
	}
}

// validateEnd ends a validation: the CI features' end (the colour's last
// fragment, the baseline), the note of what --max-errors left out, and the
// exit status: 2 when something was not checked (or nothing at all was),
// 1 for error findings, else 0. reportErr is the report's write error.
func validateEnd(opts *validateOptions, ci *ciRun, out batch.ValidateOutcome, reportErr error) error {
	if err := ci.flush(); err != nil && reportErr == nil {
		reportErr = fmt.Errorf("writing the report: %w", err)
	}
	if note := report.LeftOutNote(opts.maxErrors, out.Shown, out.Left.Findings, out.Left.Errors, out.Left.Games); note != "" {
		fmt.Fprintln(ci.diag(), "ashtapada: "+note)
	}
	// The baseline is written, and its gone entries listed, only when every
	// input was read and checked.
	unchecked := out.Unwritten
	if err := ci.finish(out.Complete() && reportErr == nil && unchecked == 0); err != nil {
		unchecked++
		fmt.Fprintln(ci.stderr, "ashtapada:", err)
	}
	switch {
	case reportErr != nil && errors.Is(reportErr, syscall.EPIPE):
		// The reader of the report went away (`| head`): not an error
		// worth a message, as with other filters.
		return &exitError{code: exitBrokenPipe}
	case reportErr != nil:
		return toolError(reportErr)
	case out.ToolErrors > 0 || unchecked > 0:
		// Something was not checked: never 0, and not 1 either, since the
		// findings that were printed do not cover every input.
		return &exitError{code: 2}
	case out.Games == 0 && !manyShards(opts.shard): // shard.go: a part may hold no game
		return toolError(noGamesError(opts.inputs, out.DirWithoutRecords))
	case out.Errors > 0 && !ci.acceptsErrors():
		return failed()
	}
	return nil
}

// defaultJobs is --jobs when not given: every core.
func defaultJobs() int { return runtime.NumCPU() }
