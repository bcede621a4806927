package batch

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/report"
	"github.com/ashtapada/ashtapada/selection"
	"github.com/ashtapada/ashtapada/source"
)

// Options say how a run reads its inputs and how far it runs ahead. The
// zero value reads every input whole, on all cores, with the reader's
// default notation; Limits is the caller's to set (grammar.DefaultLimits).
type Options struct {
	// Jobs is the number of workers (0: runtime.GOMAXPROCS).
	Jobs int
	// Warn is where warnings about the inputs go (nil: standard error).
	Warn io.Writer
	// Source opens each input (its Counter, when set, counts the bytes
	// read, for a progress bar).
	Source source.Options
	// Limits bound what the grammar reads of one game.
	Limits grammar.Limits
	// Parts says from which size a game's main line is read in parts,
	// and in parts of how many nodes (Work.Huge; zero: the grammar's
	// defaults).
	Parts grammar.ReadOptions
	// Notation is the notation of the moves of PGN input.
	Notation Notation
	// From names the record format read; "" chooses it per file, by
	// extension, then by content (formats.DetectRecordFormat).
	From string
	// OpenTable, when set, opens an input that is a table of games rather
	// than text (Parquet), or returns a nil Games for one that is not. A
	// table is read whole by one part of a shard: its chunks' offsets are
	// those of a row's text, not of the file's bytes.
	OpenTable func(path string) (Games, io.Closer, error)
	// Plan cuts the inputs between processes (source.Plan for one shard);
	// nil reads every input whole. The files after this process's part
	// are not read at all, nor those before it unless OverInputs.
	Plan func(files []string) ([]source.Part, error)
	// OverInputs numbers the games over all the inputs, else within each
	// file. With Plan, the files before this process's part are read too,
	// only to count their games (nothing of them reaches the sink), so that
	// each game has the number one run over all the inputs gives it.
	OverInputs bool
	// StdinName, when set, is the name standard input ("-") goes by: in
	// reports, in the games' file, and for its format by extension (an
	// editor that pipes a buffer names its file).
	StdinName string
	// Select chooses the games the work is done on, by their numbers (as
	// OverInputs numbers them) and their tags; nil chooses every game.
	// The others are read only as far as their numbers and tags, and the
	// sink never sees them. A file is read no further than its last
	// chosen number.
	Select *selection.Selection
	// IDs: the workers compute each game's identity (report.GameIDOf),
	// delivered with its result.
	IDs bool
	// Keep: the records outlive the work (a result points into its record),
	// so the workers do not reuse the storage of their records.
	Keep bool
	// Batch is the most games in a batch (0: BatchGames, or
	// OneWorkerBatchGames with one worker); Ahead the
	// batches per worker read ahead of the sink (0: 16). Work whose results
	// are large reads less far ahead.
	Batch, Ahead int
}

// warnings is where warnings about the inputs go.
func (o *Options) warnings() io.Writer {
	if o.Warn == nil {
		return os.Stderr
	}
	return o.Warn
}

// Work is what a run does with each game on the workers.
type Work[T any] struct {
	// Worker returns the function one worker applies to each game, in its
	// file (as reports name it) at its index; it is called once per
	// worker, so that each has its own state (a replayer).
	Worker func() func(g *record.Game, file string, index int) T
	// Huge, when set, returns the function one worker applies instead to a
	// game read from a chunk that Options.Parts reads in parts: it reads
	// the game itself (HugeGame.Source), its main line in parts, so that a
	// huge game is never held whole, and returns its result and its record
	// as the reading left it (for the game's identity).
	Huge func() func(h HugeGame, file string, index int) (T, *record.Game)
	// Failed stands for the result of a game whose work panicked.
	Failed func(file string, index int) T
	// Detached: the results hold none of the games' text (no string that
	// shares the bytes of a chunk, as the record's do). Without
	// Options.Keep and Options.IDs, which hold on to those bytes, the
	// memory the text was read into is then used again once a batch's
	// results are delivered.
	Detached bool
	// Again, when set, is Worker's work for a run whose sink keeps
	// nothing of a result once its Game returns (set it only for such a
	// sink): its function is also given old, the result of a game
	// delivered before (the zero T when there is none), to use again for
	// this one. It is used on the terms the text's memory is used again
	// on (Detached, without Options.Keep or Options.IDs), Worker
	// otherwise; a delivered batch's results then go back to the workers
	// with their list, which is not cleared.
	Again func() func(old T, g *record.Game, file string, index int) T
	// Plies: the work reads a game's main line only through its walk
	// (replay), which takes a main line read for it alone
	// (record.Game.Plies): the records the workers read for it may hold
	// plies instead of nodes (grammar.Scratch.Plies), when the reader
	// takes the game so and the work does not keep its records
	// (Options.Keep).
	Plies bool
}

// Sink takes what a run delivers, in input order. Each method returns
// false to stop the run (the output cannot be written, or the caller
// stops at its first error).
type Sink[T any] interface {
	// Game takes one game's result, with its identity when Options.IDs.
	Game(id report.GameID, res T) bool
	// FileEnd follows the last game of each input file.
	FileEnd(f FileEnd) bool
	// ToolError takes an input that could not be listed, opened or read
	// (after the games read before it), or a game whose work panicked
	// (an error wrapping ErrInternal, before the game's Failed result).
	ToolError(err error) bool
}

// A Primer is a Sink that is given, before the first game of this
// process's part of the inputs (Options.Plan with Options.OverInputs), the
// result of the game just before it, the one a run over all the inputs
// would have delivered just before: index is its number. A sink that
// writes one document of all the games primes its writer with it (its
// output dropped), so that what the writer puts between two games (PGN's
// blank line, no byte-order mark but before a run's first game) is what
// one run writes, and the outputs of the parts concatenate into one run's.
// Prime is not called when no game comes before the part, nor when the
// part has no game; a game before it whose work panicked is reported by
// its own part, not here. Prime returns false to stop the run.
type Primer[T any] interface {
	Prime(index int, res T) bool
}

// FileEnd describes an input file once its games were delivered.
type FileEnd struct {
	Name   string // as reports name it (source.Name)
	Games  int    // the games found in it (in this part of a shard; up to the last Options.Select may choose)
	Opened bool   // it was opened and read as games
	Named  bool   // named as an argument, not found in a directory
	// Elsewhere: the file has games in other parts of the shard (before
	// or after this part's range), so that a part holding none of them
	// does not take the file for one without games.
	Elsewhere bool
}

// Outcome is what a run tells its caller at the end.
type Outcome struct {
	// ToolErrors counts the inputs or games that could not be done (an
	// unreadable file, a bug of the program): the run is then incomplete.
	ToolErrors int
	// Stopped: the sink asked to stop.
	Stopped bool
	// DirWithoutRecords: a directory argument held no record file.
	DirWithoutRecords bool
}

// Complete reports whether every input was read and every game done.
func (o Outcome) Complete() bool { return o.ToolErrors == 0 && !o.Stopped }

// ErrInternal marks the error of a game whose work panicked: a bug of the
// program, which callers report as a failure of the tool.
var ErrInternal = errors.New("internal error")

// Batches are cut at BatchGames games or batchBytes bytes, whichever comes
// first, so that a file of a few huge games still spreads over the
// workers.
// With one worker there is nothing to spread: its batches are cut at
// OneWorkerBatchGames games, so that the reader, woken each time a batch
// is taken from its full queue, is woken less often.
const (
	BatchGames          = 64
	OneWorkerBatchGames = 4 * BatchGames
	batchBytes          = 256 << 10
)

// Run does w on every game of the inputs (arguments as a user gives them:
// files, directories, "-" for standard input; source.Expand) and hands the
// results to s in input order.
func Run[T any](o Options, inputs []string, w Work[T], s Sink[T]) Outcome {
	if o.Jobs <= 0 {
		o.Jobs = runtime.GOMAXPROCS(0)
	}
	ahead := o.Ahead
	if ahead <= 0 {
		ahead = 16
	}
	// again: the results delivered are used again (Work.Again), on the
	// terms the splitter's slabs are.
	again := w.Again != nil && w.Detached && !o.Keep && !o.IDs
	// One worker is the sink's own goroutine: each batch is worked on
	// where its results are delivered, so that neither a batch nor its
	// results wait on a channel for a goroutine to wake (a futex call
	// each on a machine with an idle core).
	oneWorker := o.Jobs == 1
	// The order queue is longer than the work queue so that a worker the
	// system has put aside for a while (a loaded machine) does not stop
	// the others: they run up to ahead batches per worker ahead of the
	// sink.
	// With one worker, two of its larger batches in the order queue hold
	// as many games as a work queue does: the reader, which splits far
	// faster than the games are worked on, keeps it full.
	var work, order chan *batchOfGames[T]
	if !oneWorker {
		work = make(chan *batchOfGames[T], min(4, ahead)*o.Jobs)
		order = make(chan *batchOfGames[T], ahead*o.Jobs)
	} else {
		order = make(chan *batchOfGames[T], 2)
	}
	// lists and resultLists are the chunk lists and result lists of
	// batches delivered, for the next batches (batchOfGames.release). A
	// list is made only when none waits, so that there are never more than
	// the batches in flight (the order queue's, the one the reader fills
	// and the one the sink delivers), and each queue has room for them
	// all: with less, the lists given back while the reader ran ahead
	// were let go and as many made again.
	inFlight := cap(order) + 2
	lists := make(chan []grammar.Chunk, inFlight)
	resultLists := make(chan []T, inFlight)
	var inline *worker[T]
	if oneWorker {
		inline = newWorker(&o, w, resultLists, again)
	}
	done := make(chan struct{})
	var slabs chan []byte
	if w.Detached && !o.Keep && !o.IDs {
		slabs = make(chan []byte, freeSlabs)
	}
	var out Outcome

	go func() {
		if work != nil {
			defer close(work)
		}
		defer close(order)
		r := reader[T]{o: &o, work: work, order: order, done: done, lists: lists, slabs: slabs}
		if _, ok := s.(Primer[T]); ok && o.OverInputs && o.Plan != nil {
			r.prime = true
		}
		out.DirWithoutRecords = r.inputs(inputs)
	}()
	var wg sync.WaitGroup
	workers := o.Jobs
	if inline != nil {
		workers = 0
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := newWorker(&o, w, resultLists, again)
			for b := range work {
				b.out <- wk.results(b)
			}
		}()
	}
	// results are the results of b, from its worker or, with one worker,
	// worked on here.
	results := func(b *batchOfGames[T]) []T {
		if inline != nil {
			return inline.results(b)
		}
		return <-b.out
	}

	stop := func() {
		out.Stopped = true
		close(done)
	}
	for b := range order {
		if out.Stopped {
			// Drain without waiting: a batch queued after the stop may
			// never reach a worker.
			continue
		}
		switch {
		case b.err != nil:
			out.ToolErrors++
			if !s.ToolError(b.err) {
				stop()
			}
		case b.end != nil:
			if !s.FileEnd(*b.end) {
				stop()
			}
		case b.prime:
			res := results(b)
			if b.skip == nil && b.errs == nil && !s.(Primer[T]).Prime(b.index, res[0]) {
				stop()
			}
		default:
			res := results(b)
			for i, r := range res {
				if b.skip != nil && b.skip[i] {
					continue // not chosen by its tags
				}
				if b.errs != nil && b.errs[i] != nil {
					out.ToolErrors++
					if !s.ToolError(b.errs[i]) {
						stop()
						break
					}
				}
				var id report.GameID
				if b.ids != nil {
					id = b.ids[i]
				}
				if !s.Game(id, r) {
					stop()
					break
				}
			}
			b.release(lists, slabs)
			// Each result was handed on by value: the list is used
			// again, cleared (it keeps nothing of them alive) unless the
			// results are used again too, which the sink is done with.
			if !again {
				clear(res)
			}
			select {
			case resultLists <- res[:0]:
			default:
			}
		}
	}
	wg.Wait()
	return out
}

// batchOfGames is a batch of consecutive games of one file on its way
// through the workers, or a mark in the input order (the end of a file, an
// error of the inputs) that no worker sees. The sink's goroutine waits on
// out in input order, so results come out in order while workers run
// ahead (out is nil when the sink's goroutine is the one worker).
type batchOfGames[T any] struct {
	chunks []grammar.Chunk
	// slabs are the splitter's slabs that hold no chunk of a later batch
	// (grammar.Splitter.Spent), to be used again once the results are
	// delivered (Work.Detached).
	slabs [][]byte
	// games are records read whole by a reader that is not the grammar
	// (JSON, a table's rows), instead of chunks.
	games []*record.Game
	file  string
	index int // the index of chunks[0] (or games[0])
	out   chan []T
	// ids are the games' identities (Options.IDs), errs the bugs met (nil
	// when none), both set by the worker before it sends on out.
	ids  []report.GameID
	errs []error
	// skip marks the games whose tags Options.Select does not choose (nil
	// when none is skipped), set by the worker with the results.
	skip []bool

	end *FileEnd // a mark: the end of a file
	err error    // a mark: an error of the inputs
	// prime: the one game of the batch is the one before this process's
	// part, for the sink's Prime (Primer).
	prime bool
}

// freeSlabs is the most slabs kept: about those of the batches in flight
// with one worker (three or four a batch of its size).
const freeSlabs = 16

// release gives b's chunk list to lists for another batch, when there is
// room, once every result of b was delivered, and its slabs to slabs (nil
// unless the results hold none of the text). The list is cleared first:
// the chunks' bytes are theirs (what the games' results hold may point
// into them), and a list kept for reuse must not keep them alive.
func (b *batchOfGames[T]) release(lists chan<- []grammar.Chunk, slabs chan<- []byte) {
	for _, sl := range b.slabs {
		select {
		case slabs <- sl:
		default:
		}
	}
	b.slabs = nil
	l := b.chunks
	b.chunks = nil
	if l == nil {
		return
	}
	clear(l)
	select {
	case lists <- l[:0]:
	default:
	}
}

// len is the number of games in the batch.
func (b *batchOfGames[T]) len() int { return len(b.chunks) + len(b.games) }

// worker is one of a run's workers, with its own state.
type worker[T any] struct {
	o      *Options
	do     func(*record.Game, string, int) T
	huge   func(HugeGame, string, int) (T, *record.Game)
	failed func(string, int) T
	sc     *grammar.Scratch // nil when the work keeps its records
	// again is Work.Again's function, when the results delivered are
	// used again (do is then nil).
	again func(T, *record.Game, string, int) T
	// lists are result lists the sink is done with, for the next batches.
	lists <-chan []T
}

// newWorker returns a worker of the run with options o doing w, taking
// its result lists from lists when one with room waits there; with
// again, the results in them are used again (Work.Again).
func newWorker[T any](o *Options, w Work[T], lists <-chan []T, again bool) *worker[T] {
	wk := &worker[T]{o: o, failed: w.Failed, lists: lists}
	if again {
		wk.again = w.Again()
	} else {
		wk.do = w.Worker()
	}
	if w.Huge != nil {
		wk.huge = w.Huge()
	}
	// Unless the work keeps them, the record of a game is dropped once
	// done (the result holds no pointer into it), so each worker reuses
	// the storage of its records.
	if !o.Keep {
		wk.sc = &grammar.Scratch{Plies: w.Plies}
	}
	return wk
}

// results does the work on every game of b and returns the results.
func (w *worker[T]) results(b *batchOfGames[T]) []T {
	n := b.len()
	var res []T
	select {
	case l := <-w.lists:
		if cap(l) >= n {
			res = l[:n]
		}
	default:
	}
	if res == nil {
		res = make([]T, n)
	}
	if w.o.IDs {
		b.ids = make([]report.GameID, n)
	}
	for i := range n {
		res[i] = w.game(b, i, &res[i])
	}
	return res
}

// game parses game i of b and does the work on it, with *old a result
// delivered before for Work.Again (by its address: a result may be a
// large value, which would be copied at every game for nothing without
// Again). A panic is a bug of the program, never the record's fault: it
// is reported as a failure of the tool for that game, and the other games
// are still done.
func (w *worker[T]) game(b *batchOfGames[T], i int, old *T) (res T) {
	index := b.index + i
	defer func() {
		if v := recover(); v != nil {
			if b.errs == nil {
				b.errs = make([]error, b.len())
			}
			b.errs[i] = fmt.Errorf("%s: game %d: %w (please report it): %v", b.file, index, ErrInternal, v)
			res = w.failed(b.file, index)
		}
	}()
	if b.games != nil {
		return w.record(b, i, index, old)
	}
	ch := b.chunks[i]
	if w.huge != nil && w.o.Parts.InParts(ch) {
		return w.parted(b, i, index, ch)
	}
	// One game's work, where every game of text but a huge one goes: the
	// other kinds are functions of their own, so that this one has few
	// enough defers and returns for the compiler to open-code its defers
	// (a deferred call kept on the stack and run by the runtime costs a
	// few tens of nanoseconds a game).
	defer HoldGameMemory(len(ch.Data), WholePerGameByte)()
	var g *record.Game
	if w.sc != nil {
		g = grammar.ParseChunkScratch(ch, b.file, w.sc)
	} else {
		g = grammar.ParseChunk(ch, b.file)
	}
	if !w.o.Select.Tags(g) {
		return w.skip(b, i)
	}
	if w.o.IDs {
		b.ids[i] = report.GameIDOf(g, ch.Data, ch.Pos)
	}
	if w.again != nil {
		return w.again(*old, g, b.file, index)
	}
	return w.do(g, b.file, index)
}

// record is game for a game read whole as a record (not text).
func (w *worker[T]) record(b *batchOfGames[T], i, index int, old *T) T {
	g := b.games[i]
	if !w.o.Select.Tags(g) {
		return w.skip(b, i)
	}
	defer HoldGameMemory(len(g.Source), WholePerGameByte)()
	if w.o.IDs {
		b.ids[i] = report.GameIDOf(g, g.Source, g.Pos)
	}
	if w.again != nil {
		return w.again(*old, g, b.file, index)
	}
	return w.do(g, b.file, index)
}

// parted is game for a chunk whose main line is read in parts.
func (w *worker[T]) parted(b *batchOfGames[T], i, index int, ch grammar.Chunk) T {
	if !w.o.Select.ChunkTags(ch, b.file) {
		return w.skip(b, i)
	}
	defer HoldGameMemory(len(ch.Data), PartedPerGameByte)()
	sc := w.sc
	if sc == nil {
		// The work keeps its records: the last part's nodes get
		// storage of their own.
		sc = new(grammar.Scratch)
	}
	res, g := w.huge(HugeGame{Chunk: ch, Scratch: sc, Read: w.o.Parts}, b.file, index)
	if w.o.IDs {
		b.ids[i] = report.GameIDOf(g, ch.Data, ch.Pos)
	}
	return res
}

// skip marks game i of b as one the selection does not choose; its result
// is the zero value, never delivered.
func (w *worker[T]) skip(b *batchOfGames[T], i int) (zero T) {
	if b.skip == nil {
		b.skip = make([]bool, b.len())
	}
	b.skip[i] = true
	return zero
}
