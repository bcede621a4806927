package batch

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/formats"
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

// RecordFormat is the format of an input: from when it names one, else the
// registry's guess by extension or content.
func RecordFormat(br *bufio.Reader, path, from string) formats.RecordFormat {
	f, ok := formats.LookupRecordFormat(from)
	if from == "" || !ok {
		head, _ := br.Peek(4096)
		f = formats.DetectRecordFormat(path, head)
	}
	return f
}

// GamesOf returns the reader of the games of br, an input of format f
// named name: the grammar's splitter for text, told its notation, else the
// format's reader of whole records.
func GamesOf(f formats.RecordFormat, br *bufio.Reader, name string, limits grammar.Limits, notation Notation) Games {
	if !f.Text {
		rd := f.Read(br, name, limits)
		return func() (grammar.Chunk, *record.Game, error) {
			g, err := rd.Next()
			return grammar.Chunk{}, g, err
		}
	}
	sp := grammar.NewSplitter(br)
	sp.SetLimits(limits)
	notation.Apply(sp, f.Notation)
	return func() (grammar.Chunk, *record.Game, error) {
		ch, err := sp.Next()
		return ch, nil, err
	}
}

// reader is a run's reading goroutine.
type reader[T any] struct {
	o           *Options
	work, order chan<- *batchOfGames[T]
	done        <-chan struct{}
	seen        int // games read so far, over all inputs
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
	failed := func(err error) bool {
		return r.mark(&batchOfGames[T]{err: err}) && r.mark(&batchOfGames[T]{end: end})
	}
	if r.o.OpenTable != nil {
		next, closer, err := r.o.OpenTable(path)
		if err != nil {
			return failed(err)
		}
		if next != nil {
			defer closer.Close()
			end.Opened = true
			whole := source.Part{Path: part.Path, File: part.File, To: -1}
			return r.games(whole, end, end.Name, next)
		}
	}
	in, err := r.o.Source.Open(path)
	if err != nil {
		return failed(err)
	}
	defer in.Close()
	br := bufio.NewReaderSize(in, 1<<16)
	if format := source.UnreadableFormat(br); format != "" {
		return failed(fmt.Errorf("reading %s: %s; ashtapada reads PGN text, plain or compressed with gzip, bzip2 or zstd", in.Name, format))
	}
	end.Opened = true
	f := RecordFormat(br, r.name(path, path), r.o.From)
	if !f.Text && part.From > 0 {
		// Not text (JSON under another name): read whole by the part
		// that holds its first byte.
		return r.mark(&batchOfGames[T]{end: end})
	}
	name := r.name(path, in.Name)
	return r.games(part, end, name, GamesOf(f, br, name, r.o.Limits, r.o.Notation))
}

// games queues the games of part that next reads, then the mark of the
// part's end; false when the sink asked to stop.
func (r *reader[T]) games(part source.Part, end *FileEnd, name string, next Games) bool {
	most := r.o.Batch
	if most <= 0 {
		most = BatchGames
	}
	var b *batchOfGames[T]
	size := 0
	// send queues the batch being filled: first in order, so that the
	// sink knows where its results go, then to the workers.
	send := func() bool {
		if b == nil {
			return true
		}
		if !r.mark(b) {
			return false
		}
		select {
		case r.work <- b:
		case <-r.done:
			return false
		}
		b, size = nil, 0
		return true
	}
	index := 1
	if r.o.OverInputs {
		index = r.seen + 1
	}
	for {
		ch, g, err := next()
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
			index++ // another part's game, still counted
			r.seen++
			continue
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
			b = &batchOfGames[T]{file: name, index: index, out: make(chan []T, 1)}
			if g == nil {
				b.chunks = make([]grammar.Chunk, 0, most)
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
