package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/source"
)

// pipeline is the one way the commands that read many games (validate,
// convert, detect, diff) read them: one goroutine reads the inputs,
// splits them into games and batches them to jobs workers; each worker
// parses a game and does the command's work on it (a stage: replay,
// detection, comparison); the results, the ends of the files and the
// errors of the inputs reach the command's sink in input order, whatever
// the number of workers, so that every command's output is the same for
// any --jobs.
type pipeline struct {
	warn     io.Writer // where warnings about the inputs go (nil: standard error)
	limits   grammar.Limits
	notation movesNotation // --notation: the moves' notation in PGN input
	jobs     int
	counter  *atomic.Int64 // bytes read, for the progress bar (nil: none)
	// shard is --shard K/N ("" for every input whole, shard.go): the
	// reader reads only the games of part K. Games are then still numbered
	// within each file, but not over the inputs (overInputs): the files of
	// other parts are not read at all (convert --shard runs shard.go's
	// sequential loop instead, converter.run).
	shard string
	// parquet: .parquet inputs (and --from parquet) are read as tables of
	// games (convert, parquet.go).
	parquet bool
	// from names the record format read (convert --from); "" chooses it
	// per file, by extension, then by content.
	from string
	// overInputs numbers the games over all the inputs (convert); else
	// within each file (validate's findings, detect's reports).
	overInputs bool
	// ids: the worker computes each game's identity (validate's baselines).
	ids bool
	// keep: the records outlive the stage (convert --to svg and html
	// write them after the replay; the other formats are rendered on the
	// workers), so the workers do not reuse the storage of their records.
	keep bool
	// batch is the most games in a batch (0: batchGames); ahead the
	// batches per worker read ahead of the sink (0: 16). A stage whose
	// results are large (convert's positions) reads less far ahead.
	batch, ahead int
}

// warnings is where warnings about the inputs go: the application's
// standard error, which tests replace.
func (p *pipeline) warnings() io.Writer {
	if p.warn == nil {
		return os.Stderr
	}
	return p.warn
}

// stage is what a command does with each game on the workers.
type stage[T any] struct {
	// worker returns the function one worker applies to each game, in
	// its file (the display name) at its index; it is called once per
	// worker, so that each has its own replayer.
	worker func() func(g *record.Game, file string, index int) T
	// huge, when set, returns the function one worker applies instead to
	// a game of grammar.PartedBytes or more that it reads from a chunk: it reads
	// the game itself, its main line in parts (grammar.ParseChunkParts),
	// so that a huge game is never held whole, and returns its result and
	// its record (validate, parts.go).
	huge func() func(ch grammar.Chunk, sc *grammar.Scratch, file string, index int) (T, *record.Game)
	// failed stands for the result of a game whose work panicked: a bug
	// of this program, reported as an error of the tool (exit 2), with
	// every other game still done.
	failed func(file string, index int) T
}

// sink takes what the pipeline delivers, in input order. Each method
// returns false to stop the run (the output cannot be written, or the
// command stops at its first error).
type sink[T any] interface {
	// game takes one game's result.
	game(id formats.GameID, res T) bool
	// fileEnd follows the last game of each input file.
	fileEnd(f fileEnd) bool
	// toolError takes an input that could not be listed, opened or read
	// (after the games read before it), or a game whose work panicked.
	toolError(err error) bool
}

// fileEnd describes an input file once its games were delivered.
type fileEnd struct {
	name   string // as reports name it ("<stdin>" for -)
	games  int    // the games found in it
	opened bool   // it was opened and read as text
	named  bool   // named on the command line, not found in a directory
	// elsewhere: the file has games in other parts of --shard K/N (before
	// or after this part's range), so that a part holding none of them
	// does not take the file for one without games.
	elsewhere bool
}

// readOutcome is what the pipeline tells the command at the end.
type readOutcome struct {
	// toolErrs counts the inputs or games that could not be done (an
	// unreadable file, a bug of this program): the run is then incomplete.
	toolErrs int
	// stopped: the sink asked to stop.
	stopped bool
	// dirWithoutRecords: a directory argument held no record file.
	dirWithoutRecords bool
}

// complete: every input was read and every game done.
func (o readOutcome) complete() bool { return o.toolErrs == 0 && !o.stopped }

// jobsFlag is --jobs of every command on the pipeline; readJobs reads it.
func jobsFlag(usage string) cli.Flag {
	return &cli.IntFlag{Name: "jobs", Usage: usage, DefaultText: "the number of cores", Action: func(_ *cli.Context, n int) error {
		if n < 1 {
			return fmt.Errorf("--jobs %d: want 1 or more workers", n)
		}
		return nil
	}}
}

// readJobs is --jobs, all cores when not given, bounded by capJobs.
func readJobs(c *cli.Context) int {
	if !c.IsSet("jobs") {
		return capJobs(defaultJobs())
	}
	return capJobs(c.Int("jobs"))
}

// vjob is a batch of consecutive games of one file on its way through the
// worker pool, or a mark in the input order (the end of a file, an error
// of the inputs) that no worker sees. The sink's goroutine waits on out in
// input order, so results come out in order while workers run ahead.
// Games travel in batches because a game takes only microseconds to
// check: one channel hand-off and one goroutine wake-up per game cost more
// than the splitting (docs/performance.md, "Where the time went, and what
// each change bought").
type vjob[T any] struct {
	chunks []grammar.Chunk
	// games are records read whole by a reader that is not the grammar
	// (JSON), instead of chunks.
	games []*record.Game
	file  string
	index int // the index of chunks[0] (or games[0])
	out   chan []T
	// ids are the games' identities (pipeline.ids), errs the bugs met
	// (nil when none), both set by the worker before it sends on out.
	ids  []formats.GameID
	errs []error

	end *fileEnd // a mark: the end of a file
	err error    // a mark: an error of the inputs
}

// len is the number of games in the batch.
func (j *vjob[T]) len() int { return len(j.chunks) + len(j.games) }

// Batches are cut at batchGames games or batchBytes bytes, whichever comes
// first, so that a file of a few huge games still spreads over the workers.
const (
	batchGames = 64
	batchBytes = 256 << 10
)

// runPipeline does st on every game of the inputs (the arguments as
// given: files, directories, "-") and hands the results to s in input
// order.
func runPipeline[T any](p *pipeline, inputs []string, st stage[T], s sink[T]) readOutcome {
	ahead := p.ahead
	if ahead <= 0 {
		ahead = 16
	}
	// The order queue is longer than the work queue so that a worker the
	// system has put aside for a while (a loaded machine) does not stop
	// the others: they run up to ahead batches per worker ahead of the
	// sink.
	work := make(chan *vjob[T], min(4, ahead)*p.jobs)
	order := make(chan *vjob[T], ahead*p.jobs)
	done := make(chan struct{})
	var out readOutcome

	go func() {
		defer close(work)
		defer close(order)
		r := reader[T]{p: p, work: work, order: order, done: done}
		// Every input is listed first: --shard K/N cuts the inputs'
		// bytes, file after file, into N parts (shard.go).
		type listed struct {
			arg   string
			files []string
			err   error
		}
		var args []listed
		var all []string
		for _, arg := range inputs {
			files, err := source.Expand([]string{arg}, p.warnings())
			args = append(args, listed{arg, files, err})
			all = append(all, files...)
		}
		parts, err := planShardFlag(all, p.shard)
		if err != nil {
			r.mark(&vjob[T]{err: err})
			return
		}
		partOf := make(map[int]source.Part, len(parts)) // by index in all
		for _, part := range parts {
			partOf[part.File] = part
		}
		i := 0
		for _, a := range args {
			// What could not be listed is an error at the end (exit 2);
			// what was found is still done.
			if a.err != nil && !r.mark(&vjob[T]{err: a.err}) {
				return
			}
			if a.err == nil && len(a.files) == 0 {
				out.dirWithoutRecords = true
			}
			for _, path := range a.files {
				part, ok := partOf[i]
				i++
				if ok && !r.file(part, path == a.arg) {
					return
				}
			}
		}
	}()
	var wg sync.WaitGroup
	for range p.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do := st.worker()
			var huge func(grammar.Chunk, *grammar.Scratch, string, int) (T, *record.Game)
			if st.huge != nil {
				huge = st.huge()
			}
			// Unless the stage keeps them, the record of a game is dropped
			// once done (the result holds no pointer into it), so each
			// worker reuses the storage of its records.
			var sc *grammar.Scratch
			if !p.keep {
				sc = new(grammar.Scratch)
			}
			for j := range work {
				n := j.len()
				res := make([]T, n)
				if p.ids {
					j.ids = make([]formats.GameID, n)
				}
				for i := range n {
					res[i] = doOne(p, do, huge, st.failed, sc, j, i)
				}
				j.out <- res
			}
		}()
	}

	stop := func() {
		out.stopped = true
		close(done)
	}
	for j := range order {
		if out.stopped {
			// Drain without waiting: a batch queued after the stop may
			// never reach a worker.
			continue
		}
		switch {
		case j.err != nil:
			out.toolErrs++
			if !s.toolError(j.err) {
				stop()
			}
		case j.end != nil:
			if !s.fileEnd(*j.end) {
				stop()
			}
		default:
			results := <-j.out
			for i, r := range results {
				if j.errs != nil && j.errs[i] != nil {
					out.toolErrs++
					if !s.toolError(j.errs[i]) {
						stop()
						break
					}
				}
				var id formats.GameID
				if j.ids != nil {
					id = j.ids[i]
				}
				if !s.game(id, r) {
					stop()
					break
				}
			}
		}
	}
	wg.Wait()
	return out
}

// displayName is what reports call an input.
func displayName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

// reader is the pipeline's reading goroutine.
type reader[T any] struct {
	p           *pipeline
	work, order chan<- *vjob[T]
	done        <-chan struct{}
	seen        int // games read so far, over all inputs
}

// mark queues a mark in the input order; false when the sink asked to
// stop.
func (r *reader[T]) mark(j *vjob[T]) bool {
	select {
	case r.order <- j:
		return true
	case <-r.done:
		return false
	}
}

// file splits one file (or the part of it that --shard reads) into games
// and queues them, then the mark of its end; false when the sink asked to
// stop.
func (r *reader[T]) file(part source.Part, named bool) bool {
	path := part.Path
	// Only the part holding a file's first byte may find it holds no game.
	end := &fileEnd{name: displayName(path), named: named && part.From == 0}
	if r.p.parquet && isParquetInput(path, r.p.from) {
		next, closer, err := openParquetChunks(path, r.p.notation, r.p.limits) // parquet.go
		if err != nil {
			return r.mark(&vjob[T]{err: err}) && r.mark(&vjob[T]{end: end})
		}
		defer closer.Close()
		end.opened = true
		// A table is read whole, by one part (shard.go), and its chunks'
		// offsets are those of a row's text, not of the file's bytes.
		whole := source.Part{Path: part.Path, File: part.File, To: -1}
		return r.games(whole, end, displayName(path), next)
	}
	rc, name, err := openInputCounting(path, r.p.counter)
	if err != nil {
		return r.mark(&vjob[T]{err: err}) && r.mark(&vjob[T]{end: end})
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 1<<16)
	if format := source.UnreadableFormat(br); format != "" {
		err := fmt.Errorf("reading %s: %s; ashtapada reads PGN text, plain or compressed with gzip, bzip2 or zstd", name, format)
		return r.mark(&vjob[T]{err: err}) && r.mark(&vjob[T]{end: end})
	}
	end.opened = true
	f := recordFormat(br, path, r.p.from)
	if !f.Text && part.From > 0 {
		// Not text (JSON under another name): read whole by the part
		// that holds its first byte.
		return r.mark(&vjob[T]{end: end})
	}
	return r.games(part, end, name, gameChunksOf(f, br, name, r.p.limits, r.p.notation))
}

// games queues the games of part that next reads, then the mark of the
// part's end; false when the sink asked to stop.
func (r *reader[T]) games(part source.Part, end *fileEnd, name string, next func() (grammar.Chunk, *record.Game, error)) bool {
	batch := r.p.batch
	if batch <= 0 {
		batch = batchGames
	}
	var j *vjob[T]
	size := 0
	// send queues the batch being filled: first in order, so that the
	// sink knows where its results go, then to the workers.
	send := func() bool {
		if j == nil {
			return true
		}
		if !r.mark(j) {
			return false
		}
		select {
		case r.work <- j:
		case <-r.done:
			return false
		}
		j, size = nil, 0
		return true
	}
	index := 1
	if r.p.overInputs {
		index = r.seen + 1
	}
	for {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			return send() && r.mark(&vjob[T]{end: end})
		}
		if err != nil {
			return send() && r.mark(&vjob[T]{err: fmt.Errorf("reading %s: %w", name, err)}) && r.mark(&vjob[T]{end: end})
		}
		if g == nil && !ch.IsGame() {
			continue // comments before the first game or between games
		}
		if g == nil && part.Past(ch.Pos.Offset) {
			end.elsewhere = true
			return send() && r.mark(&vjob[T]{end: end}) // the rest is another part's
		}
		if g == nil && !part.Has(ch.Pos.Offset) {
			end.elsewhere = true
			index++ // another part's game, still counted
			r.seen++
			continue
		}
		end.games++
		r.seen++
		if j != nil && (g == nil) != (len(j.games) == 0) {
			// A batch holds chunks or records, not both (a table's rows
			// are records, a huge game's a chunk: openParquetChunks).
			if !send() {
				return false
			}
		}
		if j == nil {
			j = &vjob[T]{file: name, index: index, out: make(chan []T, 1)}
			if g == nil {
				j.chunks = make([]grammar.Chunk, 0, batch)
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
		if j.len() >= batch || size >= batchBytes {
			if !send() {
				return false
			}
		}
	}
}

// gameChunks returns the reader of one input's games: chunks of text for
// the grammar's formats (to be parsed by the caller: the pipeline's
// workers, or show for the one game it shows), whole records for the
// others (JSON). The format is from (--from), else the registry's guess by
// extension or content; LAN, UCI and the books' notations are read by the
// same grammar, told their notation (PGN's is notation's, --notation).
// Text that holds no game comes out too (Chunk.IsGame false): callers skip
// it.
func gameChunks(br *bufio.Reader, path, name, from string, limits grammar.Limits, notation movesNotation) func() (grammar.Chunk, *record.Game, error) {
	return gameChunksOf(recordFormat(br, path, from), br, name, limits, notation)
}

// recordFormat is the format of an input: from (--from), else the
// registry's guess by extension or content.
func recordFormat(br *bufio.Reader, path, from string) formats.RecordFormat {
	f, ok := formats.LookupRecordFormat(from)
	if from == "" || !ok {
		head, _ := br.Peek(4096)
		f = formats.DetectRecordFormat(path, head)
	}
	return f
}

// gameChunksOf is gameChunks for an input of format f.
func gameChunksOf(f formats.RecordFormat, br *bufio.Reader, name string, limits grammar.Limits, notation movesNotation) func() (grammar.Chunk, *record.Game, error) {
	if !f.Text {
		rd := f.Read(br, name, limits)
		return func() (grammar.Chunk, *record.Game, error) {
			g, err := rd.Next()
			return grammar.Chunk{}, g, err
		}
	}
	sp := grammar.NewSplitter(br)
	sp.SetLimits(limits)
	notation.apply(sp, f.Notation)
	return func() (grammar.Chunk, *record.Game, error) {
		ch, err := sp.Next()
		return ch, nil, err
	}
}

// errInternal marks the error of a game whose work panicked.
var errInternal = errors.New("internal error")

// doOne parses game i of a batch and does the stage's work on it. A panic
// is a bug of this program, never the record's fault: it is reported as a
// failure of the tool (exit 2) for that game, and the other games are
// still done.
func doOne[T any](p *pipeline, do func(*record.Game, string, int) T, huge func(grammar.Chunk, *grammar.Scratch, string, int) (T, *record.Game), failed func(string, int) T, sc *grammar.Scratch, j *vjob[T], i int) (res T) {
	index := j.index + i
	defer func() {
		if v := recover(); v != nil {
			if j.errs == nil {
				j.errs = make([]error, j.len())
			}
			j.errs[i] = fmt.Errorf("%s: game %d: %w (please report it): %v", j.file, index, errInternal, v)
			res = failed(j.file, index)
		}
	}()
	var g *record.Game
	if j.games != nil {
		g = j.games[i]
		defer holdGameMemory(len(g.Source), limitPerGameByte)()
		if p.ids {
			j.ids[i] = formats.GameIDOf(g, g.Source, g.Pos)
		}
	} else {
		ch := j.chunks[i]
		if huge != nil && len(ch.Data) >= grammar.PartedBytes && !ch.Truncated {
			defer holdGameMemory(len(ch.Data), partedPerGameByte)()
			hs := sc
			if hs == nil {
				// The stage keeps its records (convert --to svg): the
				// last part's nodes get storage of their own.
				hs = new(grammar.Scratch)
			}
			res, g := huge(ch, hs, j.file, index)
			if p.ids {
				j.ids[i] = formats.GameIDOf(g, ch.Data, ch.Pos)
			}
			return res
		}
		defer holdGameMemory(len(ch.Data), limitPerGameByte)()
		if sc != nil {
			g = grammar.ParseChunkScratch(ch, j.file, sc)
		} else {
			g = grammar.ParseChunk(ch, j.file)
		}
		if p.ids {
			j.ids[i] = formats.GameIDOf(g, ch.Data, ch.Pos)
		}
	}
	return do(g, j.file, index)
}
