package main

// validate's side for CI and the shell: --baseline, --write-baseline,
// --progress, --color and --explain. validate.go calls into this file at a
// handful of points (flags, the report's writer, each game through
// batch.Validation.Through, the end) so that the wiring stays readable on
// its own.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/docs"
	"github.com/ashtapada/ashtapada/internal/english"
	"github.com/ashtapada/ashtapada/internal/progress"
	"github.com/ashtapada/ashtapada/internal/suggest"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/ruleid"
)

// ciFlags are appended to validate's flags.
var ciFlags = []cli.Flag{
	&cli.StringFlag{Name: "baseline", Usage: "fail only on findings not in this baseline file, and list its entries that no longer occur", TakesFile: true},
	&cli.StringFlag{Name: "write-baseline", Usage: "record every finding of this run in `FILE` (fingerprinted by rule, game and the text around it, not by line) and exit 0", TakesFile: true},
	&cli.StringFlag{Name: "progress", Value: modeAuto, Usage: "progress bar on standard error: auto (when it is a terminal), always, never"},
	&cli.StringFlag{Name: "color", Value: modeAuto, Usage: "colour the text report: auto (a terminal, NO_COLOR unset), always, never"},
	&cli.StringFlag{Name: "explain", Usage: "print the documentation page of a rule id and exit"},
}

// explainRule prints the page of a rule id (validate --explain ID). The
// registry (package ruleid) says which ids exist, as for `rules ids`; the
// page is the one scripts/gen-rule-pages generated from that listing.
func explainRule(id string, w io.Writer) error {
	if _, ok := ruleid.Lookup(id); !ok {
		return toolError(fmt.Errorf("--explain: no rule %q%s; rule ids: %s", id, suggest.Phrase(id, ruleid.IDs()), strings.Join(ruleid.IDs(), ", ")))
	}
	page, ok := docs.RulePage(id)
	if !ok {
		// docs' tests make this impossible in a release; say what is known.
		return toolError(fmt.Errorf("--explain: rule %q has no documentation page in this build", id))
	}
	if _, err := io.WriteString(w, page); err != nil {
		return toolError(fmt.Errorf("writing the page of %s: %w", id, err))
	}
	return nil
}

// maxGoneListed bounds the list of baseline entries that no longer occur:
// after a large clean-up the count says enough, and the new baseline file
// shows the rest.
const maxGoneListed = 100

// ciRun is the state of one validate run for these features.
type ciRun struct {
	prog      *progress.Bar
	color     *colorWriter
	base      *report.Baseline
	rec       *report.BaselineRecorder
	writePath string
	stderr    io.Writer
	// read are the files the run read (every result names its file): only
	// their baseline entries can be gone.
	read map[string]bool
	// unregister removes the bar's erasure from the interrupt cleanups.
	unregister func()
}

// startCI reads the flags, opens the baseline, starts the progress bar and
// returns the writer the report should write to (standard output, possibly
// coloured, possibly sharing the terminal with the bar). Errors are usage
// errors: nothing was checked yet.
func startCI(c *cli.Context, stdout, stderr io.Writer) (*ciRun, io.Writer, error) {
	r := &ciRun{stderr: stderr, writePath: c.String("write-baseline"), read: map[string]bool{}}
	if r.writePath == "-" {
		// Standard output carries the report: a file named "-" would
		// surprise more than it helps.
		return nil, nil, errors.New("--write-baseline -: a baseline is written to a file beside the report, not to standard output: give the file's name")
	}
	if err := outputNotInput("--write-baseline", r.writePath, c.Args().Slice()); err != nil {
		return nil, nil, err
	}
	if r.writePath != "" {
		r.rec = report.NewBaselineRecorder()
	}
	if path := c.String("baseline"); path != "" {
		f, err := os.Open(path)
		if err != nil {
			return nil, nil, fmt.Errorf("--baseline: %w", err)
		}
		b, err := report.ReadBaseline(f)
		f.Close()
		if err != nil {
			return nil, nil, fmt.Errorf("--baseline %s: %w", path, err)
		}
		r.base = b
	}
	colour, err := colorEnabled(c.String("color"), stdout, os.Getenv)
	if err != nil {
		return nil, nil, err
	}
	showBar, err := progressEnabled(c.String("progress"), stderr)
	if err != nil {
		return nil, nil, err
	}
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{"-"}
	}
	if showBar && c.String("progress") == modeAuto && slices.Contains(args, "-") && stdinIsTerminal() {
		// Someone types the games: a bar would draw over their line.
		showBar = false
	}
	var out io.Writer = stdout
	if showBar {
		total, known := progress.InputSize(args)
		if !known {
			total = 0
		}
		r.prog = progress.New(stderr, total, terminalWidth(stderr))
		if isTerminal(stdout) && isTerminal(stderr) {
			out = r.prog.Share(stdout)
		}
		// Interrupted: the bar is erased before the process exits.
		r.unregister = atInterrupt(r.prog.Erase)
		r.prog.Start(200 * time.Millisecond)
	}
	if colour && c.String("format") == "text" {
		r.color = newColorWriter(out)
		out = r.color
	}
	return r, out, nil
}

// diag is where validate prints its diagnostics while the run goes on: the
// standard error, through the bar when there is one, so that a message
// never lands in the middle of the bar's line.
func (r *ciRun) diag() io.Writer {
	if r == nil {
		return os.Stderr
	}
	if r.prog == nil {
		return r.stderr
	}
	return r.prog.Share(r.stderr)
}

// progressEnabled decides --progress: auto means standard error is a
// terminal.
func progressEnabled(mode string, stderr io.Writer) (bool, error) {
	return triState("progress", mode, func() bool { return isTerminal(stderr) })
}

// counter is what input readers count their bytes into; nil without a bar.
func (r *ciRun) counter() *atomic.Int64 {
	if r == nil || r.prog == nil {
		return nil
	}
	return r.prog.Counter()
}

// through is the run's batch.Validation.Through: nil when there is no
// bar and no baseline, so that the games' identities, which only a
// baseline reads, are not computed for nothing.
func (r *ciRun) through() func(report.GameID, *replay.Result) *replay.Result {
	if r == nil || r.prog == nil && r.rec == nil && r.base == nil {
		return nil
	}
	return r.game
}

// game passes one game's result through the baseline: it records it for
// --write-baseline, and with --baseline returns the result with only the
// findings the baseline does not hold.
func (r *ciRun) game(id report.GameID, res *replay.Result) *replay.Result {
	if r == nil {
		return res
	}
	if r.prog != nil && res.IsGame() {
		r.prog.AddGame()
	}
	if r.rec != nil {
		r.rec.Add(id, res)
	}
	if r.base != nil {
		r.read[filepath.Clean(res.Summary.File)] = true
		filtered, _ := r.base.Filter(id, res)
		return filtered
	}
	return res
}

// flush writes out a last uncoloured fragment; call it after the report's
// own buffer was flushed.
func (r *ciRun) flush() error {
	if r == nil || r.color == nil {
		return nil
	}
	return r.color.Flush()
}

// finish stops the bar, writes the baseline (when asked and when every
// input was read) and reports the baseline entries that no longer occur.
// complete says whether every input was read and checked: a partial run
// must neither write a baseline nor call findings gone.
func (r *ciRun) finish(complete bool) error {
	if r == nil {
		return nil
	}
	if r.prog != nil {
		r.unregister()
		r.prog.Stop()
	}
	if r.base != nil {
		e, w := r.base.Known()
		fmt.Fprintf(r.stderr, "ashtapada: baseline: %d of %d findings known\n", e+w, r.base.Len())
		if complete {
			// ./a.pgn and a.pgn are one file.
			if gone := r.base.Gone(func(file string) bool { return r.read[filepath.Clean(file)] }); len(gone) > 0 {
				n := 0
				for _, e := range gone {
					n += e.Count
				}
				fmt.Fprintf(r.stderr, "ashtapada: baseline: %s (rewrite it with --write-baseline):\n", english.Count(n, "finding no longer occurs", "findings no longer occur"))
				for i := range gone {
					if i == maxGoneListed {
						fmt.Fprintf(r.stderr, "  ... and %d more entries\n", len(gone)-i)
						break
					}
					fmt.Fprintf(r.stderr, "  %s\n", gone[i].String())
				}
			}
		}
	}
	if r.rec != nil {
		if !complete {
			return fmt.Errorf("--write-baseline %s: not every input was read; the baseline was not written", r.writePath)
		}
		if err := writeFileAtomic(r.writePath, r.rec.Write); err != nil {
			return err
		}
		fmt.Fprintf(r.stderr, "ashtapada: baseline: %s written to %s\n", english.Count(r.rec.Len(), "finding", "findings"), r.writePath)
	}
	return nil
}

// acceptsErrors: after --write-baseline the run succeeded when the baseline
// was written; the findings are now the accepted state (exit 0).
func (r *ciRun) acceptsErrors() bool { return r != nil && r.rec != nil }
