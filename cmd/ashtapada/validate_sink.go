package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/source"
)

// resultSink takes the results in input order: it passes them through the
// baseline, counts them, writes the report (and the SVGs of --svg-dir) and
// decides the exit status at the end.
type resultSink struct {
	opts *validateOptions
	ci   *ciRun
	// settings are each file's (readInputSettings): the findings it
	// reports and its strictness.
	settings *inputSettings
	stdout   *bufio.Writer
	rw       formats.ReportWriter
	tally    *replay.Tally

	games    int        // games checked (results that are games)
	errors   int        // error findings after the baseline
	shown    int        // error findings shown (for --max-errors)
	toolErrs int        // failures of the sink itself (an SVG that could not be written)
	svg      *svgWriter // --svg-dir's pictures, named uniquely across the run
	writeErr error
	// Findings past --max-errors: counted, not shown.
	leftFindings, leftErrors, leftGames int
}

func newResultSink(opts *validateOptions, ci *ciRun, out io.Writer) (*resultSink, error) {
	stdout := bufio.NewWriterSize(out, 1<<16)
	rw, err := formats.NewReport(opts.format, stdout, formats.ReportOptions{Verbose: opts.verbose})
	if err != nil {
		return nil, err
	}
	return &resultSink{opts: opts, ci: ci, stdout: stdout, rw: rw, tally: replay.NewTally()}, nil
}

// Game takes one result; false asks the pipeline to stop (the report can
// no longer be written).
func (s *resultSink) Game(id formats.GameID, res *replay.Result) bool {
	// The findings --select and --ignore leave out are not there at all:
	// neither counted, nor reported, nor written to a baseline.
	res = s.settings.of(res.Summary.File).rules.Apply(res)
	res = s.ci.game(id, res)
	s.tally.Add(res)
	if res.IsGame() {
		s.games++
	}
	s.errors += res.Summary.Errors
	if s.opts.quiet {
		res.Findings = onlyErrors(res.Findings)
	}
	if s.opts.format == "sarif" {
		// SARIF's partialFingerprints: the baseline's fingerprint.
		for i := range res.Findings {
			res.Findings[i].Fingerprint = id.Fingerprint(&res.Findings[i])
		}
	}
	if s.opts.maxErrors > 0 && s.shown >= s.opts.maxErrors {
		// Past --max-errors the games are still checked (the exit status
		// and the baseline need them all), but only counted.
		if len(res.Findings) > 0 {
			s.leftFindings += len(res.Findings)
			s.leftErrors += res.Summary.Errors
			s.leftGames++
		}
		return true
	}
	s.shown += res.Summary.Errors
	if s.opts.svgDir != "" {
		if s.svg == nil {
			s.svg = newSVGWriter(s.opts.svgDir)
		}
		if err := s.svg.write(res); err != nil {
			s.toolErrs++
			fmt.Fprintln(s.ci.diag(), "ashtapada:", err)
		}
	}
	if err := s.rw.Game(res); err != nil {
		s.writeErr = err
		return false
	}
	return true
}

// FileEnd: a file named on the command line that holds no game is a
// warning of its own; inside a directory it is not (a directory may hold a
// README.pgn of comments).
func (s *resultSink) FileEnd(f batch.FileEnd) bool {
	if f.Games == 0 && f.Opened && f.Named && !f.Elsewhere {
		return s.Game(formats.GameID{}, replay.NoGames(f.Name, s.settings.of(f.Name).replay.Strict))
	}
	return true
}

// ToolError reports an input that could not be read, or a bug met on a
// game: the run goes on with the other inputs and games.
func (s *resultSink) ToolError(err error) bool {
	fmt.Fprintln(s.ci.diag(), "ashtapada:", err)
	return true
}

// finish ends the report and returns the exit status: 2 when something
// was not checked (or nothing at all was), 1 for error findings, else 0.
func (s *resultSink) finish(read batch.Outcome) error {
	var sum *replay.Tally
	if s.opts.summary {
		sum = s.tally
	}
	if err := s.rw.Close(sum); err != nil && s.writeErr == nil {
		s.writeErr = err
	}
	if err := s.stdout.Flush(); err != nil && s.writeErr == nil {
		s.writeErr = err
	}
	if err := s.ci.flush(); err != nil && s.writeErr == nil {
		s.writeErr = err
	}
	if s.leftFindings > 0 {
		fmt.Fprintf(s.ci.diag(), "ashtapada: --max-errors %d: stopped showing findings after %s; %s (%s) in %s left out\n",
			s.opts.maxErrors, english.Count(s.shown, "error", "errors"), english.Count(s.leftFindings, "more finding", "more findings"),
			english.Count(s.leftErrors, "error", "errors"), english.Count(s.leftGames, "game", "games"))
	}
	// The baseline is written, and its gone entries listed, only when every
	// input was read and checked.
	complete := read.Complete() && s.writeErr == nil && s.toolErrs == 0
	if err := s.ci.finish(complete); err != nil {
		s.toolErrs++
		fmt.Fprintln(s.ci.stderr, "ashtapada:", err)
	}
	switch {
	case s.writeErr != nil && errors.Is(s.writeErr, syscall.EPIPE):
		// The reader of the report went away (`| head`): not an error
		// worth a message, as with other filters.
		return &exitError{code: exitBrokenPipe}
	case s.writeErr != nil:
		return toolError(fmt.Errorf("writing the report: %w", s.writeErr))
	case read.ToolErrors > 0 || s.toolErrs > 0:
		// Something was not checked: never 0, and not 1 either, since the
		// findings that were printed do not cover every input.
		return &exitError{code: 2}
	case s.games == 0 && !manyShards(s.opts.shard): // shard.go: a part may hold no game
		return toolError(noGamesError(s.opts.inputs, read.DirWithoutRecords))
	case s.errors > 0 && !s.ci.acceptsErrors():
		return failed()
	}
	return nil
}

// noGamesError says that nothing was checked: no input held a game.
func noGamesError(inputs []string, dirWithoutRecords bool) error {
	names := make([]string, len(inputs))
	for i, in := range inputs {
		names[i] = source.Name(in)
	}
	msg := fmt.Sprintf("no game record in %s: nothing was checked", strings.Join(names, ", "))
	if dirWithoutRecords {
		msg += fmt.Sprintf(" (a directory is searched for files named *%s)", strings.Join(source.RecordExtensions(), ", *"))
	}
	return noGames(msg)
}

// noGames is the error of a run that found no game; errNoGames matches it
// (errors.Is), so that a command that writes a file says it did not.
type noGames string

func (e noGames) Error() string        { return string(e) }
func (e noGames) Is(target error) bool { return target == errNoGames }

var errNoGames = noGames("")

// onlyErrors drops the warnings of a game's findings (for --quiet), after
// they were counted and recorded in a baseline.
func onlyErrors(fs []replay.Finding) []replay.Finding {
	kept := fs[:0]
	for _, f := range fs {
		if f.IsError() {
			kept = append(kept, f)
		}
	}
	return kept
}
