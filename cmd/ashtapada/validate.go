package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	register(&cli.Command{
		Name:      "validate",
		Usage:     "replay every game under its profile and report each violation and warning",
		ArgsUsage: "[FILE|DIR|-] ...",
		Description: "Reads records (a directory is walked for *.pgn, *.pgn.gz, *.pgn.bz2, *.pgn.zst in sorted order;\n" +
			"no argument or - is standard input), replays every move under the game's profile (its Variant\n" +
			"and Rules tags, or --rules/--rules-file/--set, which win and are reported as profile_source)\n" +
			"and reports findings (docs/findings.md). Exit status: 0 no errors, 1 error findings,\n" +
			"2 the tool could not do its job (unreadable file, bad command line).",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "report format: " + strings.Join(formats.ReportFormats(), ", ")},
			&cli.StringFlag{Name: "rules", Usage: "judge every game by this profile, whatever its tags say"},
			&cli.StringSliceFlag{Name: "set", Usage: "override a setting, key=value (repeatable; wins over the Rules tag)"},
			&cli.StringFlag{Name: "rules-file", Usage: "judge every game by this profile file"},
			&cli.BoolFlag{Name: "strict", Usage: "warnings are errors"},
			&cli.IntFlag{Name: "max-errors", Usage: "stop after this many error findings (0: no limit)"},
			&cli.BoolFlag{Name: "summary", Usage: "end with counts per profile, rule, outcome and result"},
			&cli.BoolFlag{Name: "variations", Usage: "replay variations too, each from its branch point"},
			&cli.IntFlag{Name: "jobs", Value: runtime.NumCPU(), Usage: "games parsed and replayed in parallel"},
			&cli.BoolFlag{Name: "verbose", Usage: "text format: also a line for each valid game"},
			&cli.StringFlag{Name: "svg-dir", Usage: "write one SVG diagram per error into this directory (see show)"},
		}, ciFlags...), // validate_ci.go: --baseline, --write-baseline, --progress, --color, --explain
		Action: validateAction,
	})
}

// validateConfig turns the profile flags into a replay configuration. Bad
// flags are a usage error (exit 2): nothing was checked.
func validateConfig(c *cli.Context) (replay.Config, error) {
	cfg := replay.Config{Strict: c.Bool("strict"), Variations: c.Bool("variations")}
	name, file := c.String("rules"), c.String("rules-file")
	if name != "" || file != "" {
		p, err := rules.Select(name, file, nil)
		if err != nil {
			return cfg, err
		}
		cfg.Profile = p
	}
	ovs, err := replay.ParseSet(c.StringSlice("set"))
	if err != nil {
		return cfg, err
	}
	// Check keys and values now, against the chosen profile or fide: a
	// misspelt --set must not turn into one finding per game.
	base := cfg.Profile
	if base == nil {
		base, _ = rules.Lookup("fide")
	}
	if base != nil {
		s := base.Settings
		if err := s.Apply(ovs); err != nil {
			return cfg, fmt.Errorf("--set: %w", err)
		}
	}
	cfg.Overrides = ovs
	return cfg, nil
}

// vjob is one game on its way through the worker pool. The writer waits on
// out in input order, so results come out in order while workers run ahead.
type vjob struct {
	chunk grammar.Chunk
	file  string
	index int
	out   chan *replay.Result
	// key is the game's identity for baselines, set by the worker before
	// it sends the result on out.
	key formats.GameKey
}

func validateAction(c *cli.Context) error {
	if c.IsSet("explain") {
		return explainRule(c.String("explain"), os.Stdout)
	}
	cfg, err := validateConfig(c)
	if err != nil {
		return toolError(err)
	}
	ci, reportOut, err := startCI(c, os.Stdout, os.Stderr)
	if err != nil {
		return toolError(err)
	}
	stdout := bufio.NewWriterSize(reportOut, 1<<16)
	defer stdout.Flush()
	rw, err := formats.NewReport(c.String("format"), stdout, formats.ReportOptions{Verbose: c.Bool("verbose")})
	if err != nil {
		return toolError(err)
	}
	jobs := c.Int("jobs")
	if jobs < 1 {
		jobs = 1
	}
	maxErrors := c.Int("max-errors")
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{"-"}
	}

	work := make(chan *vjob, 4*jobs)
	order := make(chan *vjob, 16*jobs)
	done := make(chan struct{})
	var toolErrs []error
	var errMu sync.Mutex
	noteErr := func(err error) {
		errMu.Lock()
		toolErrs = append(toolErrs, err)
		errMu.Unlock()
		fmt.Fprintln(ci.diag(), "ashtapada:", err)
	}

	// The reader splits files into games on one core; workers parse and
	// replay; the writer below takes results in input order.
	go func() {
		defer close(work)
		defer close(order)
		for _, arg := range args {
			files, err := expandInputs([]string{arg})
			if err != nil {
				noteErr(err)
				continue
			}
			for _, path := range files {
				if !readGames(path, work, order, done, noteErr, ci.counter()) {
					return
				}
			}
		}
	}()
	var wg sync.WaitGroup
	for i := 0; i < jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := replay.New(cfg)
			for j := range work {
				j.out <- validateOne(r, j, noteErr)
			}
		}()
	}

	tally := replay.NewTally()
	errorsSeen := 0
	var writeErr error
	stopped := false
	for j := range order {
		if stopped {
			// Drain without waiting: a game queued after the stop may never
			// reach a worker.
			continue
		}
		res := ci.game(j.key, <-j.out)
		tally.Add(res)
		errorsSeen += res.Summary.Errors
		if dir := c.String("svg-dir"); dir != "" {
			if err := writeFindingSVGs(dir, res); err != nil {
				noteErr(err)
			}
		}
		if writeErr = rw.Game(res); writeErr != nil {
			stopped = true
			close(done)
			continue
		}
		if maxErrors > 0 && errorsSeen >= maxErrors {
			stopped = true
			close(done)
		}
	}
	wg.Wait()
	var sum *replay.Tally
	if c.Bool("summary") {
		sum = tally
	}
	if err := rw.Close(sum); err != nil && writeErr == nil {
		writeErr = err
	}
	if err := stdout.Flush(); err != nil && writeErr == nil {
		writeErr = err
	}
	if err := ci.flush(); err != nil && writeErr == nil {
		writeErr = err
	}
	// The baseline is written, and its gone entries listed, only when every
	// input was read and checked.
	if err := ci.finish(!stopped && writeErr == nil && len(toolErrs) == 0); err != nil {
		noteErr(err)
	}
	switch {
	case writeErr != nil:
		return toolError(fmt.Errorf("writing the report: %w", writeErr))
	case len(toolErrs) > 0:
		// Something was not checked: never 0, and not 1 either, since the
		// findings that were printed do not cover every input.
		return &exitError{code: 2}
	case errorsSeen > 0 && !ci.acceptsErrors():
		return failed()
	}
	return nil
}

// readGames splits one file into games and queues them. It returns false
// when the writer asked to stop (--max-errors, a write error).
func readGames(path string, work, order chan<- *vjob, done <-chan struct{}, noteErr func(error), counter *atomic.Int64) bool {
	rc, name, err := openInputCounting(path, counter)
	if err != nil {
		noteErr(err)
		return true
	}
	defer rc.Close()
	sp := grammar.NewSplitter(rc)
	for index := 1; ; index++ {
		ch, err := sp.Next()
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			noteErr(fmt.Errorf("reading %s: %w", name, err))
			return true
		}
		j := &vjob{chunk: ch, file: name, index: index, out: make(chan *replay.Result, 1)}
		select {
		case order <- j:
		case <-done:
			return false
		}
		select {
		case work <- j:
		case <-done:
			return false
		}
	}
}

// validateOne reads and replays one game. A panic is a bug of this
// program, never the record's fault: it is reported as a failure of the
// tool (exit 2) for that game, and the other games are still checked.
func validateOne(r *replay.Replayer, j *vjob, noteErr func(error)) (res *replay.Result) {
	defer func() {
		if p := recover(); p != nil {
			noteErr(fmt.Errorf("%s: game %d: internal error (please report it): %v", j.file, j.index, p))
			res = &replay.Result{Summary: replay.Summary{File: j.file, Game: j.index, Outcome: replay.OutcomeNone}}
		}
	}()
	g := grammar.ParseChunk(j.chunk, j.file)
	j.key = formats.GameKeyOf(g)
	return r.Game(g, j.file, j.index)
}
