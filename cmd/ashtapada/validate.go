package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
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
			&cli.BoolFlag{Name: "strict", Usage: "warnings are errors"},
			&cli.IntFlag{Name: "max-errors", Usage: "stop after this many error findings (0: no limit)"},
			&cli.BoolFlag{Name: "summary", Usage: "end with counts per profile, rule, outcome and result"},
			&cli.BoolFlag{Name: "variations", Usage: "replay variations too, each from its branch point"},
			&cli.IntFlag{Name: "jobs", Value: runtime.NumCPU(), Usage: "games parsed and replayed in parallel"},
			&cli.BoolFlag{Name: "verbose", Usage: "text format: also a line for each valid game"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "report only errors: warnings are still counted (--summary) and still fail with --strict"},
			&cli.StringFlag{Name: "svg-dir", Usage: "write one SVG diagram per error into this directory (see show)"},
		}, slices.Concat(profileFlags(), ciFlags, pprofFlags, limitFlags())...), // profileflags.go: --rules, --set, --rules-file; limits.go: --max-depth, --max-token, --max-game-bytes; validate_ci.go: --baseline, --write-baseline, --progress, --color, --explain; pprof.go: hidden --cpuprofile, --memprofile
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
	ovs, err := parseSet("--set", c.StringSlice("set"))
	if err != nil {
		return cfg, err
	}
	if err := checkOverrides(cfg.Profile, ovs); err != nil {
		return cfg, fmt.Errorf("--set: %w", err)
	}
	cfg.Overrides, cfg.OverridesFrom = ovs, "--set"
	return cfg, nil
}

// checkOverrides tries ovs on a copy of p's settings (the default profile's
// when p is nil) before any game is read: a misspelt --set must not turn
// into one finding per game.
func checkOverrides(p *rules.Profile, ovs []rules.Override) error {
	if p == nil {
		p, _ = rules.Lookup(rules.DefaultProfile)
	}
	if p == nil {
		return nil
	}
	s := p.Settings
	return s.Apply(ovs)
}

// vjob is a batch of consecutive games of one file on its way through the
// worker pool. The writer waits on out in input order, so results come out
// in order while workers run ahead. Games travel in batches because a
// game takes only microseconds to check: one channel hand-off and one
// goroutine wake-up per game cost more than the splitting (measured in
// docs/performance.md).
type vjob struct {
	chunks []grammar.Chunk
	// games are records read whole by a reader that is not the grammar
	// (JSON), instead of chunks.
	games []*record.Game
	file  string
	index int // the 1-based index in the file of chunks[0]
	out   chan []*replay.Result
	// keys are the games' identities for baselines, set by the worker
	// before it sends the results on out.
	keys []formats.GameKey
	// parsed are the records the worker read, kept for a writer that
	// needs them after the replay (convert); validate drops them.
	parsed []*record.Game
}

// len is the number of games in the batch.
func (j *vjob) len() int { return len(j.chunks) + len(j.games) }

// Batches are cut at batchGames games or batchBytes bytes, whichever comes
// first, so that a file of a few huge games still spreads over the workers.
const (
	batchGames = 64
	batchBytes = 256 << 10
)

func validateAction(c *cli.Context) error {
	// limits.go: --max-depth, --max-token, --max-game-bytes.
	lim, err := readLimits(c)
	if err != nil {
		return toolError(err)
	}
	if c.IsSet("explain") {
		return explainRule(c.String("explain"), os.Stdout)
	}
	cfg, err := validateConfig(c)
	if err != nil {
		return toolError(err)
	}
	limitValidateMemory()
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(os.Stderr, "ashtapada:", err)
		}
	}()
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
	cfg.Moves = formats.ReportWantsMoves(rw)
	jobs := c.Int("jobs")
	if jobs < 1 {
		jobs = 1
	}
	maxErrors := c.Int("max-errors")
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{"-"}
	}

	// The order queue is longer than the work queue so that a worker the
	// system has put aside for a while (a loaded machine) does not stop
	// the others: they run up to 16 batches per worker ahead of the writer.
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
				if !readGames(path, "", lim, work, order, done, noteErr, ci.counter()) {
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
			// The record of a game is dropped once judged (the result
			// holds no pointer into it), so each worker reuses the storage
			// of its records.
			sc := new(grammar.Scratch)
			for j := range work {
				n := j.len()
				res := make([]*replay.Result, n)
				j.keys = make([]formats.GameKey, n)
				for i := 0; i < n; i++ {
					res[i] = validateOne(r, sc, j, i, noteErr)
				}
				j.out <- res
			}
		}()
	}

	tally := replay.NewTally()
	errorsSeen := 0
	var writeErr error
	stopped := false
	svgDir := c.String("svg-dir")
	quiet := c.Bool("quiet")
	for j := range order {
		if stopped {
			// Drain without waiting: a batch queued after the stop may
			// never reach a worker.
			continue
		}
		results := <-j.out
		for i, r := range results {
			res := ci.game(j.keys[i], r)
			tally.Add(res)
			errorsSeen += res.Summary.Errors
			if quiet {
				res.Findings = onlyErrors(res.Findings)
			}
			if svgDir != "" {
				if err := writeFindingSVGs(svgDir, res); err != nil {
					noteErr(err)
				}
			}
			if writeErr = rw.Game(res); writeErr != nil {
				stopped = true
				close(done)
				break
			}
			if maxErrors > 0 && errorsSeen >= maxErrors {
				stopped = true
				close(done)
				break
			}
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

// readGames splits one file into games and queues them; from names the
// record format ("": by extension, then by content). It returns false
// when the writer asked to stop (--max-errors, a write error).
func readGames(path, from string, lim grammar.Limits, work, order chan<- *vjob, done <-chan struct{}, noteErr func(error), counter *atomic.Int64) bool {
	rc, name, err := openInputCounting(path, counter)
	if err != nil {
		noteErr(err)
		return true
	}
	defer rc.Close()
	// LAN and UCI records are read by the same grammar, told their
	// notation; JSON by its own reader (the record formats' registry, by
	// extension or content).
	br := bufio.NewReaderSize(rc, 1<<16)
	head, _ := br.Peek(4096)
	f, ok := formats.LookupRecordFormat(from)
	if from == "" || !ok {
		f = formats.DetectRecordFormat(path, head)
	}
	sp := grammar.NewSplitter(br)
	sp.SetLimits(lim)
	sp.SetNotation(f.Notation)
	next := func() (grammar.Chunk, *record.Game, error) {
		ch, err := sp.Next()
		return ch, nil, err
	}
	if !f.Text {
		rd := f.Read(br, name, lim)
		next = func() (grammar.Chunk, *record.Game, error) {
			g, err := rd.Next()
			return grammar.Chunk{}, g, err
		}
	}
	var j *vjob
	size := 0
	// send queues the batch being filled: first in order, so that the
	// writer knows where its results go, then to the workers.
	send := func() bool {
		if j == nil {
			return true
		}
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
		j, size = nil, 0
		return true
	}
	for index := 1; ; index++ {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			return send()
		}
		if err != nil {
			noteErr(fmt.Errorf("reading %s: %w", name, err))
			return send()
		}
		if j == nil {
			j = &vjob{file: name, index: index, out: make(chan []*replay.Result, 1)}
			if g == nil {
				j.chunks = make([]grammar.Chunk, 0, batchGames)
			}
		}
		if g != nil {
			j.games = append(j.games, g)
			size += len(g.Source) + 64*len(g.Moves)
		} else {
			j.chunks = append(j.chunks, ch)
			size += len(ch.Data)
		}
		if j.len() >= batchGames || size >= batchBytes {
			if !send() {
				return false
			}
		}
	}
}

// validateOne reads and replays one game. A panic is a bug of this
// program, never the record's fault: it is reported as a failure of the
// tool (exit 2) for that game, and the other games are still checked.
func validateOne(r *replay.Replayer, sc *grammar.Scratch, j *vjob, i int, noteErr func(error)) (res *replay.Result) {
	index := j.index + i
	defer func() {
		if p := recover(); p != nil {
			noteErr(fmt.Errorf("%s: game %d: internal error (please report it): %v", j.file, index, p))
			res = &replay.Result{Summary: replay.Summary{File: j.file, Game: index, Outcome: replay.OutcomeNone}}
		}
	}()
	var g *record.Game
	if j.games != nil {
		g = j.games[i]
	} else {
		g = grammar.ParseChunkScratch(j.chunks[i], j.file, sc)
	}
	j.keys[i] = formats.GameKeyOf(g)
	return r.Game(g, j.file, index)
}

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
