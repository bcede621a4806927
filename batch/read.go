package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/formats"
	// PGN, the grammar's format, is read by every program that runs
	// games through batch, whatever else it registers: the registry's
	// fallback (formats.DetectRecordFormat) must exist, or a program that
	// imports batch without formats/all would find no reader at all.
	_ "github.com/ashtapada/ashtapada/formats/pgn"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/source"
)

// Games reads one input's games in order: a chunk of text for the
// grammar's formats (parsed by the caller), or a whole record for the
// others (JSON, a table's rows). Text that holds no game comes out too
// (Chunk.IsGame false): callers skip it. io.EOF ends the input.
type Games func() (grammar.Chunk, *record.Game, error)

// Notation is the notation of the moves of PGN input: record.SAN (the
// zero value) or one of the books' notations, and whether a game the
// notation cannot read is guessed in the others (Strict stops the guess).
type Notation struct {
	Moves  record.Notation
	Strict bool
}

// Apply tells a reader (grammar.Splitter or grammar.Reader) of an input
// in record format notation format the notation of its moves: n's for
// PGN; LAN and UCI files are in their own.
func (n Notation) Apply(r interface {
	SetNotation(record.Notation)
	SetGuess(bool)
}, format record.Notation) {
	if format == record.SAN {
		format = n.Moves
	}
	r.SetNotation(format)
	r.SetGuess(!n.Strict)
}

// RecordFormat is the format of an input: from when it names one read
// game by game, else the registry's guess by extension or content.
func RecordFormat(br *bufio.Reader, path, from string) formats.RecordFormat {
	f, ok := formats.LookupRecordFormat(from)
	if from == "" || !ok || f.Read == nil { // a table (Parquet) is tablegames'
		head, _ := br.Peek(4096)
		f = formats.DetectRecordFormat(path, head)
	}
	return f
}

// GamesOf returns the reader of the games of br, an input of format f
// named name: the grammar's splitter for text, told its notation, else the
// format's reader of whole records.
func GamesOf(f formats.RecordFormat, br *bufio.Reader, name string, limits grammar.Limits, notation Notation) Games {
	next, _ := gamesOf(f, br, name, limits, notation)
	return next
}

// gamesOf is GamesOf with its splitter (nil for a format read as whole
// records), whose Next the games' reader calls.
func gamesOf(f formats.RecordFormat, br *bufio.Reader, name string, limits grammar.Limits, notation Notation) (Games, *grammar.Splitter) {
	if !f.Text {
		rd := f.Read(br, name, limits)
		return func() (grammar.Chunk, *record.Game, error) {
			g, err := rd.Next()
			return grammar.Chunk{}, g, err
		}, nil
	}
	sp := grammar.NewSplitter(br)
	sp.SetLimits(limits)
	notation.Apply(sp, f.Notation)
	return func() (grammar.Chunk, *record.Game, error) {
		ch, err := sp.Next()
		return ch, nil, err
	}, sp
}

// ReadRange reads the games of r, the text of one input named name, whose
// first byte lies in [from, to) (to < 0: to its end): one part of a shard
// (source.Part), or one bundle of a pipeline that cuts its inputs the same
// way. It gives each of them to each, in order, with its chunk (parsing it
// is each's business), its index counting from 1 within the input (the
// games before the range counted too), and gap, the text that holds no
// game just before it (since the game before, whichever range has that;
// nil for none), valid during the call only. The games before the range
// are split, not parsed, and reading stops at the first game past it;
// text that holds no game (grammar.Chunk.IsGame) is neither a game nor
// counted. The moves are read in o.Notation, within o.Limits.
//
// trailer is the text that holds no game after the input's last game when
// that game is in the range (nil otherwise), so that the range's last game
// can keep it: text after the range is read on as far as the next game, to
// know whether there is one. An error of each stops the reading and is
// returned as it is; an error reading r is wrapped with name.
func ReadRange(r io.Reader, name string, from, to int64, o Options, each func(ch grammar.Chunk, index int, gap []byte) error) (trailer []byte, err error) {
	part := source.Part{From: from, To: to}
	sp := grammar.NewSplitter(r)
	sp.SetLimits(o.Limits)
	o.Notation.Apply(sp, record.SAN)
	index := 0
	var gap []byte
	lastOurs := false // the last game read is the range's
	for {
		ch, err := sp.Next()
		if errors.Is(err, io.EOF) {
			if lastOurs && len(gap) > 0 {
				return gap, nil
			}
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		if !ch.IsGame() {
			gap = append(gap, ch.Data...)
			continue
		}
		if part.Past(ch.Pos.Offset) {
			return nil, nil
		}
		index++
		g := gap
		gap = gap[:0]
		if lastOurs = part.Has(ch.Pos.Offset); !lastOurs {
			continue
		}
		if len(g) == 0 {
			g = nil
		}
		if err := each(ch, index, g); err != nil {
			return nil, err
		}
	}
}

// reader is a run's reading goroutine.
type reader[T any] struct {
	o           *Options
	work, order chan<- *batchOfGames[T]
	done        <-chan struct{}
	// lists are the chunk lists of batches the sink is done with
	// (Run's lists), for the reader's next batches; slabs, when the work's
	// results hold none of the games' text (Work.Detached), the
	// splitters' slabs of such batches (grammar.Splitter.Recycle).
	lists <-chan []grammar.Chunk
	slabs <-chan []byte
	seen  int // games read so far, over all inputs
	// prime: the sink is a Primer (Options.OverInputs, Options.Plan), so
	// the last game read before this process's part is kept in prev,
	// until the part's first game is read (primed).
	prime, primed bool
	prev          *batchOfGames[T]
}

// inputs lists the inputs, then reads the files of this process's part
// of them in order; it reports whether a directory held no record file.
func (r *reader[T]) inputs(args []string) (dirWithoutRecords bool) {
	// Every input is listed first: a shard cuts the inputs' bytes, file
	// after file, into parts.
	type listed struct {
		arg   string
		files []string
		err   error
	}
	var all []string
	var ls []listed
	for _, arg := range args {
		files, err := source.Expand([]string{arg}, r.o.warnings())
		ls = append(ls, listed{arg, files, err})
		all = append(all, files...)
	}
	plan := r.o.Plan
	if plan == nil {
		plan = func(files []string) ([]source.Part, error) { return source.Plan(files, source.Shard{K: 0, N: 1}, nil) }
	}
	parts, err := plan(all)
	if err != nil {
		r.mark(&batchOfGames[T]{err: err})
		return false
	}
	partOf := make(map[int]source.Part, len(parts)) // by index in all
	for _, part := range parts {
		partOf[part.File] = part
	}
	last := -1 // the index in all of the last file of the part
	if len(parts) > 0 {
		last = parts[len(parts)-1].File
	}
	i := 0
	for _, a := range ls {
		// What could not be listed is an error at the end; what was
		// found is still done.
		if a.err != nil && !r.mark(&batchOfGames[T]{err: a.err}) {
			return dirWithoutRecords
		}
		if a.err == nil && len(a.files) == 0 {
			dirWithoutRecords = true
		}
		for _, path := range a.files {
			part, ok := partOf[i]
			i++
			if !ok && r.o.OverInputs && i-1 < last && !r.count(path) {
				return dirWithoutRecords
			}
			if ok && !r.file(part, path == a.arg) {
				return dirWithoutRecords
			}
		}
	}
	return dirWithoutRecords
}

// name is what an input goes by: Options.StdinName for standard input
// when set, else name.
func (r *reader[T]) name(path, name string) string {
	if path == "-" && r.o.StdinName != "" {
		return r.o.StdinName
	}
	return name
}

// mark queues a mark in the input order; false when the sink asked to
// stop.
func (r *reader[T]) mark(b *batchOfGames[T]) bool {
	select {
	case r.order <- b:
		return true
	case <-r.done:
		return false
	}
}

// file splits one file (or the part of it that the shard reads) into games
// and queues them, then the mark of its end; false when the sink asked to
// stop.
func (r *reader[T]) file(part source.Part, named bool) bool {
	path := part.Path
	// Only the part holding a file's first byte may find it holds no game.
	end := &FileEnd{Name: r.name(path, source.Name(path)), Named: named && part.From == 0}
	next, sp, name, cut, closer, err := r.open(path)
	if err != nil {
		return r.mark(&batchOfGames[T]{err: err}) && r.mark(&batchOfGames[T]{end: end})
	}
	defer closer.Close()
	end.Opened = true
	if !cut {
		if part.From > 0 {
			// Read whole by the part that holds its first byte: here
			// its games are only counted, when games are numbered over
			// the inputs.
			if r.o.OverInputs && !r.countGames(name, next) {
				return false
			}
			return r.mark(&batchOfGames[T]{end: end})
		}
		part = source.Part{Path: part.Path, File: part.File, To: -1}
	}
	if sp != nil && r.slabs != nil {
		sp.Recycle(r.slabs)
	}
	return r.games(part, end, name, next, sp)
}

// open opens the file at path and returns the reader of its games (with
// its splitter, for text) and the name they go by. cut reports whether
// its games can be given to different parts of a shard by their first
// byte: text whose offsets are the file's, not a table (whose chunks'
// offsets are those of a row's text) nor a format read as whole records
// (JSON under another name).
func (r *reader[T]) open(path string) (next Games, sp *grammar.Splitter, name string, cut bool, closer io.Closer, err error) {
	if r.o.OpenTable != nil {
		next, closer, err := r.o.OpenTable(path)
		if err != nil {
			return nil, nil, "", false, nil, err
		}
		if next != nil {
			return next, nil, r.name(path, source.Name(path)), false, closer, nil
		}
	}
	in, err := r.o.Source.Open(path)
	if err != nil {
		return nil, nil, "", false, nil, err
	}
	br := bufio.NewReaderSize(in, 1<<16)
	if format := source.UnreadableFormat(br); format != "" {
		in.Close()
		return nil, nil, "", false, nil, fmt.Errorf("reading %s: %s; ashtapada reads PGN text, plain or compressed with gzip, bzip2 or zstd", in.Name, format)
	}
	f := RecordFormat(br, r.name(path, path), r.o.From)
	name = r.name(path, in.Name)
	next, sp = gamesOf(f, br, name, r.o.Limits, r.o.Notation)
	return next, sp, name, f.Text, in, nil
}

// count reads a file that lies before this process's part of the inputs,
// to count its games (Options.OverInputs); false when the sink asked to
// stop. Nothing of it is delivered but an error reading it, which the
// sink may take to stop, as it would in a run over all the inputs.
func (r *reader[T]) count(path string) bool {
	next, _, name, _, closer, err := r.open(path)
	if err != nil {
		return r.mark(&batchOfGames[T]{err: err})
	}
	defer closer.Close()
	return r.countGames(name, next)
}

// countGames counts the games next reads (count), keeping the last one for
// the sink's Prime.
func (r *reader[T]) countGames(name string, next Games) bool {
	for {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			return r.mark(&batchOfGames[T]{err: fmt.Errorf("reading %s: %w", name, err)})
		}
		if g == nil && !ch.IsGame() {
			continue
		}
		r.seen++
		r.before(name, r.seen, ch, g)
	}
}

// before keeps game index, read before this process's part, as the one
// the sink's Prime is given, until the part's first game is read.
func (r *reader[T]) before(name string, index int, ch grammar.Chunk, g *record.Game) {
	if !r.prime || r.primed {
		return
	}
	b := &batchOfGames[T]{file: name, index: index, prime: true}
	if g != nil {
		b.games = []*record.Game{g}
	} else {
		b.chunks = []grammar.Chunk{ch}
	}
	r.prev = b
}

// primeSink queues, before this process's first game, the game kept as
// the one before it (before); false when the sink asked to stop.
func (r *reader[T]) primeSink() bool {
	if !r.prime || r.primed {
		return true
	}
	r.primed = true
	b := r.prev
	r.prev = nil
	if b == nil {
		return true
	}
	return r.queue(b)
}

// queue queues b, a batch of games: first in order, so that the sink
// knows where its results go, then to the workers (unless the sink's
// goroutine is the one worker); false when the sink asked to stop.
func (r *reader[T]) queue(b *batchOfGames[T]) bool {
	if r.work == nil {
		return r.mark(b)
	}
	b.out = make(chan []T, 1)
	if !r.mark(b) {
		return false
	}
	select {
	case r.work <- b:
		return true
	case <-r.done:
		return false
	}
}

// games queues the games of part that next reads (cut by sp, when it is
// text), then the mark of the part's end; false when the sink asked to
// stop.
func (r *reader[T]) games(part source.Part, end *FileEnd, name string, next Games, sp *grammar.Splitter) bool {
	most := r.o.Batch
	switch {
	case most > 0:
	case r.work == nil:
		most = OneWorkerBatchGames
	default:
		most = BatchGames
	}
	var b *batchOfGames[T]
	size := 0
	// send queues the batch being filled.
	send := func() bool {
		if b == nil {
			return true
		}
		if r.slabs != nil && sp != nil {
			// Every chunk of the slabs the splitter is done with is in
			// this batch or one before it (or was dropped), so they
			// are free once this batch's results are delivered.
			b.slabs = sp.Spent()
		}
		if !r.queue(b) {
			return false
		}
		b, size = nil, 0
		return true
	}
	index := 1
	if r.o.OverInputs {
		index = r.seen + 1
	}
	var ch grammar.Chunk
	for {
		g, err := nextTo(next, sp, &ch)
		if errors.Is(err, io.EOF) {
			return send() && r.mark(&batchOfGames[T]{end: end})
		}
		if err != nil {
			return send() && r.mark(&batchOfGames[T]{err: fmt.Errorf("reading %s: %w", name, err)}) && r.mark(&batchOfGames[T]{end: end})
		}
		if g == nil && !ch.IsGame() {
			continue // comments before the first game or between games
		}
		if g == nil && part.Past(ch.Pos.Offset) {
			end.Elsewhere = true
			return send() && r.mark(&batchOfGames[T]{end: end}) // the rest is another part's
		}
		if g == nil && !part.Has(ch.Pos.Offset) {
			end.Elsewhere = true
			r.before(name, index, ch, nil)
			index++ // another part's game, still counted
			r.seen++
			continue
		}
		if !r.primeSink() {
			return false
		}
		end.Games++
		r.seen++
		if sel := r.o.Select; !sel.Number(index) {
			// Not chosen: counted, not read. A batch's games are
			// numbered on from its first, so the batch ends here.
			if !send() {
				return false
			}
			if sel.Past(index) {
				return r.mark(&batchOfGames[T]{end: end}) // nothing further is chosen
			}
			index++
			continue
		}
		if b != nil && (g == nil) != (len(b.games) == 0) {
			// A batch holds chunks or records, not both (a table's rows
			// are records, a huge game's a chunk).
			if !send() {
				return false
			}
		}
		if b == nil {
			b = &batchOfGames[T]{file: name, index: index}
			if g == nil {
				b.chunks = r.chunkList(most)
			}
		}
		index++
		if g != nil {
			b.games = append(b.games, g)
			size += len(g.Source) + 64*len(g.Moves)
		} else {
			b.chunks = append(b.chunks, ch)
			size += len(ch.Data)
		}
		if b.len() >= most || size >= batchBytes {
			if !send() {
				return false
			}
		}
	}
}

// nextTo reads the next game of next, whose splitter is sp (gamesOf), into
// *ch when it is text. It asks the splitter itself: a chunk is two dozen
// words, and next's closure would copy it once more on its way.
func nextTo(next Games, sp *grammar.Splitter, ch *grammar.Chunk) (*record.Game, error) {
	if sp != nil {
		var err error
		*ch, err = sp.Next()
		return nil, err
	}
	var g *record.Game
	var err error
	*ch, g, err = next()
	return g, err
}

// chunkList is an empty list for a batch of at most most chunks: one the
// sink is done with when there is one, else a new one. Each list is some
// 40 KB with one worker, an eighth of the bytes the splitter's chunks of
// a batch take; reused, the collector runs that much less often.
func (r *reader[T]) chunkList(most int) []grammar.Chunk {
	select {
	case l := <-r.lists:
		if cap(l) >= most {
			return l
		}
	default:
	}
	return make([]grammar.Chunk, 0, most)
}
