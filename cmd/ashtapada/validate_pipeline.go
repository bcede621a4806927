package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/ashtapada/ashtapada/detect"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
)

// pipeline reads the inputs on one core, splits them into games and
// batches them to jobs workers that parse and replay; the results reach
// the deliver function in input order, whatever the number of workers.
type pipeline struct {
	cfg replay.Config
	// shard is --shard K/N ("" for every input whole).
	shard string
	// hints: each worker also checks the also-valid-as hints (--hints).
	hints    bool
	limits   grammar.Limits
	notation movesNotation // --notation
	jobs     int
	counter  *atomic.Int64 // bytes read, for the progress bar (nil: none)
	diag     io.Writer     // where tool errors are printed as they happen

	errMu    sync.Mutex
	toolErrs int
}

// readOutcome is what the pipeline tells the sink at the end.
type readOutcome struct {
	// toolErrs counts the inputs or games that could not be checked (an
	// unreadable file, a bug of this program): the run is then incomplete.
	toolErrs int
	// stopped: the sink asked to stop (it could not write the report).
	stopped bool
	// dirWithoutRecords: a directory argument held no record file.
	dirWithoutRecords bool
}

// complete: every input was read and every game checked.
func (o readOutcome) complete() bool { return o.toolErrs == 0 && !o.stopped }

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
	// ids are the games' identities for baselines, set by the worker
	// before it sends the results on out.
	ids []formats.GameID
}

// len is the number of games in the batch.
func (j *vjob) len() int { return len(j.chunks) + len(j.games) }

// Batches are cut at batchGames games or batchBytes bytes, whichever comes
// first, so that a file of a few huge games still spreads over the workers.
const (
	batchGames = 64
	batchBytes = 256 << 10
)

func (p *pipeline) noteErr(err error) {
	p.errMu.Lock()
	p.toolErrs++
	p.errMu.Unlock()
	fmt.Fprintln(p.diag, "ashtapada:", err)
}

// run checks every game of the inputs and hands each result to deliver, in
// input order; deliver returns false to stop the run (the report cannot be
// written).
func (p *pipeline) run(inputs []string, deliver func(formats.GameID, *replay.Result) bool) readOutcome {
	// The order queue is longer than the work queue so that a worker the
	// system has put aside for a while (a loaded machine) does not stop
	// the others: they run up to 16 batches per worker ahead of the writer.
	work := make(chan *vjob, 4*p.jobs)
	order := make(chan *vjob, 16*p.jobs)
	done := make(chan struct{})
	var out readOutcome

	go func() {
		defer close(work)
		defer close(order)
		// Every input is listed first: --shard K/N cuts the inputs' bytes,
		// file after file, into N parts (shard.go).
		var files []string
		argOf := map[string]string{}
		for _, arg := range inputs {
			// What could not be listed is an error at the end (exit 2);
			// what was found is still checked.
			fs, err := expandInputs([]string{arg})
			if err != nil {
				p.noteErr(err)
			}
			if err == nil && len(fs) == 0 {
				out.dirWithoutRecords = true
			}
			for _, f := range fs {
				if _, seen := argOf[f]; !seen {
					argOf[f] = arg
				}
			}
			files = append(files, fs...)
		}
		parts, err := planShardFlag(files, p.shard)
		if err != nil {
			p.noteErr(err)
			return
		}
		for _, part := range parts {
			path := part.path
			games, opened, ok := p.readGames(part, work, order, done)
			if !ok {
				return
			}
			// A file named on the command line that holds no game is a
			// warning of its own; inside a directory it is not (a
			// directory may hold a README.pgn of comments).
			if games == 0 && opened && path == argOf[path] && part.from == 0 {
				j := &vjob{file: path, out: make(chan []*replay.Result, 1), ids: []formats.GameID{{}}}
				j.out <- []*replay.Result{replay.NoGames(displayName(path), p.cfg.Strict)}
				select {
				case order <- j:
				case <-done:
					return
				}
			}
		}
	}()
	var wg sync.WaitGroup
	for i := 0; i < p.jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := replay.New(p.cfg)
			// The record of a game is dropped once judged (the result
			// holds no pointer into it), so each worker reuses the storage
			// of its records.
			sc := new(grammar.Scratch)
			var hints *detect.Hinter
			if p.hints {
				hints = detect.NewHinter(p.cfg.Strict)
			}
			for j := range work {
				n := j.len()
				res := make([]*replay.Result, n)
				j.ids = make([]formats.GameID, n)
				for i := 0; i < n; i++ {
					res[i] = p.validateOne(r, hints, sc, j, i)
				}
				j.out <- res
			}
		}()
	}

	for j := range order {
		if out.stopped {
			// Drain without waiting: a batch queued after the stop may
			// never reach a worker.
			continue
		}
		results := <-j.out
		for i, r := range results {
			if !deliver(j.ids[i], r) {
				out.stopped = true
				close(done)
				break
			}
		}
	}
	wg.Wait()
	p.errMu.Lock()
	out.toolErrs = p.toolErrs
	p.errMu.Unlock()
	return out
}

// displayName is what reports call an input.
func displayName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

// readGames splits one file into games and queues them, returning how many
// games it found and whether the file could be opened and read as text. ok
// is false when the sink asked to stop.
func (p *pipeline) readGames(part inputPart, work, order chan<- *vjob, done <-chan struct{}) (games int, opened, ok bool) {
	path := part.path
	rc, name, err := openInputCounting(path, p.counter)
	if err != nil {
		p.noteErr(err)
		return 0, false, true
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 1<<16)
	if format := unreadableFormat(br); format != "" {
		p.noteErr(fmt.Errorf("reading %s: %s; ashtapada reads PGN text, plain or compressed with gzip, bzip2 or zstd", name, format))
		return 0, false, true
	}
	// LAN and UCI records are read by the same grammar, told their
	// notation; JSON by its own reader (the record formats' registry, by
	// extension or content).
	head, _ := br.Peek(4096)
	f := formats.DetectRecordFormat(path, head)
	if !f.Text && part.from > 0 {
		return 0, true, true // JSON under another name: read whole by the part with its first byte
	}
	sp := grammar.NewSplitter(br)
	sp.SetLimits(p.limits)
	p.notation.apply(sp, f.Notation)
	next := func() (grammar.Chunk, *record.Game, error) {
		ch, err := sp.Next()
		return ch, nil, err
	}
	if !f.Text {
		rd := f.Read(br, name, p.limits)
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
	index := 1
	for {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			return games, true, send()
		}
		if err != nil {
			p.noteErr(fmt.Errorf("reading %s: %w", name, err))
			return games, true, send()
		}
		if g == nil && !ch.IsGame() {
			continue // comments before the first game or between games
		}
		if g == nil && part.past(ch.Pos.Offset) {
			return games, true, send() // the rest is another shard's
		}
		if g == nil && !part.has(ch.Pos.Offset) {
			index++ // another shard's game, still counted
			continue
		}
		games++
		if j == nil {
			j = &vjob{file: name, index: index, out: make(chan []*replay.Result, 1)}
			if g == nil {
				j.chunks = make([]grammar.Chunk, 0, batchGames)
			}
		}
		index++
		if g != nil {
			j.games = append(j.games, g)
			size += len(g.Source) + 64*len(g.Moves)
		} else {
			j.chunks = append(j.chunks, ch)
			size += len(ch.Data)
		}
		if j.len() >= batchGames || size >= batchBytes {
			if !send() {
				return games, true, false
			}
		}
	}
}

// validateOne reads and replays one game. A panic is a bug of this
// program, never the record's fault: it is reported as a failure of the
// tool (exit 2) for that game, and the other games are still checked.
func (p *pipeline) validateOne(r *replay.Replayer, hints *detect.Hinter, sc *grammar.Scratch, j *vjob, i int) (res *replay.Result) {
	index := j.index + i
	defer func() {
		if v := recover(); v != nil {
			p.noteErr(fmt.Errorf("%s: game %d: internal error (please report it): %v", j.file, index, v))
			res = &replay.Result{Summary: replay.Summary{File: j.file, Game: index, Outcome: replay.OutcomeNone}}
		}
	}()
	var g *record.Game
	if j.games != nil {
		g = j.games[i]
		j.ids[i] = formats.GameIDOf(g, g.Source, g.Pos)
	} else {
		ch := j.chunks[i]
		g = grammar.ParseChunkScratch(ch, j.file, sc)
		j.ids[i] = formats.GameIDOf(g, ch.Data, ch.Pos)
	}
	res = r.Game(g, j.file, index)
	if hints != nil {
		hints.Add(g, res)
	}
	return res
}
