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

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/rules"
)

func init() {
	register(&cli.Command{
		Name:      "detect",
		Usage:     "find the rule profiles and settings under which each game is valid",
		ArgsUsage: "[FILE|DIR|-] ...",
		Description: "Replays every game under every built-in profile (and each --rules-file profile), ignoring\n" +
			"its Variant and Rules tags, and reports the profiles it fits, where it breaks the others,\n" +
			"the smallest --set changes that make it fit (within --max-changes), and for each fit the\n" +
			"move that decides each setting (docs/detect.md). Exit status: 0 every game fits some\n" +
			"profile, 1 some game fits none, 2 the tool could not do its job.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "report format: " + strings.Join(formats.DetectFormats(), ", ")},
			&cli.StringSliceFlag{Name: "rules", Usage: "try only the profile `NAME` (repeatable; default: every built-in profile)"},
			&cli.StringSliceFlag{Name: "rules-file", Usage: "also try the rule profile in the profile file `FILE` (repeatable)"},
			&cli.StringSliceFlag{Name: "set", Usage: "start every candidate from `key=value` (repeatable); the evidence still tries its other values"},
			&cli.IntFlag{Name: "max-changes", Value: detect.DefaultMaxChanges, Usage: "largest fix searched, in --set pairs"},
			&cli.IntFlag{Name: "max-replays", Value: detect.DefaultMaxReplays, Usage: "replays of one profile's first-error search"},
			&cli.BoolFlag{Name: "no-evidence", Usage: "skip the per-setting evidence (faster)"},
			&cli.BoolFlag{Name: "all-fixes", Usage: "search a fix for every profile, not only around the best ones"},
			&cli.BoolFlag{Name: "verbose", Usage: "text format: name the undetermined settings"},
			&cli.IntFlag{Name: "jobs", Value: runtime.NumCPU(), Usage: "games detected in parallel"},
		}, slices.Concat(limitFlags(), pprofFlags)...),
		Action: detectAction,
	})
}

// djob is a batch of consecutive games of one file; the writer takes the
// batches in input order.
type djob struct {
	chunks []grammar.Chunk
	file   string
	index  int
	last   bool // the file's last batch: its summary follows
	out    chan []*detect.Game
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
	stopProfiles, err := startProfiles(c)
	if err != nil {
		return toolError(err)
	}
	defer func() {
		if err := stopProfiles(); err != nil {
			fmt.Fprintln(os.Stderr, "ashtapada:", err)
		}
	}()
	stdout := bufio.NewWriterSize(os.Stdout, 1<<16)
	defer stdout.Flush()
	rw, err := formats.NewDetectReport(c.String("format"), stdout, c.Bool("verbose"))
	if err != nil {
		return toolError(err)
	}
	jobs := max(c.Int("jobs"), 1)
	args := c.Args().Slice()
	if len(args) == 0 {
		args = []string{"-"}
	}
	work := make(chan *djob, 4*jobs)
	order := make(chan *djob, 16*jobs)
	var toolErrs []error
	var errMu sync.Mutex
	noteErr := func(err error) {
		errMu.Lock()
		toolErrs = append(toolErrs, err)
		errMu.Unlock()
		fmt.Fprintln(os.Stderr, "ashtapada:", err)
	}
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
				detectRead(path, lim, work, order, noteErr)
			}
		}
	}()
	var wg sync.WaitGroup
	for i := 0; i < jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := detect.New(opts)
			sc := new(grammar.Scratch)
			for j := range work {
				res := make([]*detect.Game, len(j.chunks))
				for i := range j.chunks {
					res[i] = detectOne(d, sc, j, i, noteErr)
				}
				j.out <- res
			}
		}()
	}
	total := detect.NewSummary("")
	var file *detect.Summary
	unfitted := 0
	var writeErr error
	for j := range order {
		games := <-j.out
		if writeErr != nil {
			continue
		}
		if file == nil {
			file = detect.NewSummary(j.file)
		}
		for _, g := range games {
			file.Add(g)
			total.Add(g)
			if !g.Fitted() {
				unfitted++
			}
			if writeErr = rw.Game(g); writeErr != nil {
				break
			}
		}
		if j.last && writeErr == nil {
			writeErr = rw.File(file)
			file = nil
		}
	}
	wg.Wait()
	if writeErr == nil {
		writeErr = rw.Close(total)
	}
	if err := stdout.Flush(); err != nil && writeErr == nil {
		writeErr = err
	}
	switch {
	case writeErr != nil:
		return toolError(fmt.Errorf("writing the report: %w", writeErr))
	case len(toolErrs) > 0:
		return &exitError{code: 2}
	case unfitted > 0:
		return failed()
	}
	return nil
}

// detectRead splits one file into games and queues them in batches.
func detectRead(path string, lim grammar.Limits, work, order chan<- *djob, noteErr func(error)) {
	rc, name, err := openInput(path)
	if err != nil {
		noteErr(err)
		return
	}
	defer rc.Close()
	sp := grammar.NewSplitter(rc)
	sp.SetLimits(lim)
	var j *djob
	send := func(last bool) {
		if j == nil {
			if !last {
				return
			}
			// An empty file still gets its summary line.
			j = &djob{file: name, out: make(chan []*detect.Game, 1)}
			j.out <- nil
			j.last = true
			order <- j
			j = nil
			return
		}
		j.last = last
		order <- j
		if len(j.chunks) == 0 {
			j.out <- nil
		} else {
			work <- j
		}
		j = nil
	}
	for index := 1; ; index++ {
		ch, err := sp.Next()
		if errors.Is(err, io.EOF) {
			send(true)
			return
		}
		if err != nil {
			noteErr(fmt.Errorf("reading %s: %w", name, err))
			send(true)
			return
		}
		if j == nil {
			j = &djob{file: name, index: index, out: make(chan []*detect.Game, 1), chunks: make([]grammar.Chunk, 0, 16)}
		}
		j.chunks = append(j.chunks, ch)
		// Small batches: a game costs dozens of replays here.
		if len(j.chunks) >= 16 {
			send(false)
		}
	}
}

// detectOne reads and detects one game; a panic is a bug of this program,
// reported as a failure of the tool for that game (exit 2).
func detectOne(d *detect.Detector, sc *grammar.Scratch, j *djob, i int, noteErr func(error)) (g *detect.Game) {
	index := j.index + i
	defer func() {
		if p := recover(); p != nil {
			noteErr(fmt.Errorf("%s: game %d: internal error (please report it): %v", j.file, index, p))
			g = &detect.Game{File: j.file, Game: index, Fits: []string{}, Verdict: "not checked: internal error"}
		}
	}()
	rec := grammar.ParseChunkScratch(j.chunks[i], j.file, sc)
	return d.Game(rec, j.file, index)
}
