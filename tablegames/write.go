package tablegames

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/ashtapada/ashtapada/batch"
	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/grammar"
	"github.com/ashtapada/ashtapada/record"
	"github.com/ashtapada/ashtapada/replay"
	"github.com/ashtapada/ashtapada/source"
)

// WriteOptions say how a Writer reads its inputs and judges their games.
type WriteOptions struct {
	// Replay is what every game is judged under. Its Steps is set
	// whatever it says: a row's san and uci columns are the main line as
	// played.
	Replay replay.Config
	// From is the format every input is read in (a record format's name,
	// or parquet for a table), or "" for each input's own, found by its
	// name and content.
	From string
	// Notation is the notation of the moves of PGN input.
	Notation batch.Notation
	// Source opens the inputs: decompression, standard input, the window
	// limit.
	Source source.Options
	// Parts says from which size a game is read and played in parts
	// (hugeRow), and Table how the table cuts its rows into row groups.
	Parts grammar.ReadOptions
	Table gametable.WriterOptions
}

// Writer writes games as the rows of one table, a row per game in the
// order of the parts given to it. The rows keep a file whole: the text
// that is no game before a game goes with that game's row, and the text
// after a file's last game with the last row (gametable.Row.After).
type Writer struct {
	o    WriteOptions
	rp   *replay.Replayer
	bw   *bufio.Writer
	tw   *gametable.Writer
	rows int // rows written
	// pending is the last game's row, held until the next game or the end
	// of its part says whether text that is no game follows the file's
	// last game.
	pending *gametable.Row
}

// NewWriter returns a Writer of a table to w. The table is buffered and
// ends only with Close: a caller that refuses a table of no rows (Rows)
// leaves it unclosed, and w has been given nothing of it.
func NewWriter(w io.Writer, o WriteOptions) *Writer {
	cfg := o.Replay
	cfg.Steps = true
	bw := bufio.NewWriterSize(w, 1<<16)
	return &Writer{o: o, rp: replay.New(cfg), bw: bw, tw: gametable.NewWriter(bw, o.Table)}
}

// Rows is the number of rows written so far.
func (w *Writer) Rows() int { return w.rows }

// Close writes the end of the table (its last row group and its footer)
// and flushes it to the writer beneath.
func (w *Writer) Close() error {
	if err := w.tw.Close(); err != nil {
		return err
	}
	if err := w.bw.Flush(); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// WritePart writes the rows of one part of the inputs (source.Plan; a
// whole file is a part too). PGN is read chunk by chunk, so that each row
// keeps its movetext as read; other formats have no source text and are
// read whole. A game too large to be read whole is an error that stops
// the writing, since its row would not hold the game.
func (w *Writer) WritePart(p source.Part) error {
	format, err := w.inputFormat(p.Path)
	if err != nil {
		return err
	}
	// A part of a file that is not PGN after all (its format, from From
	// or its content) is read whole by the part that holds its first
	// byte, by no other.
	if format != "pgn" && p.From > 0 {
		return nil
	}
	if format == "pgn" {
		in, err := w.o.Source.Open(p.Path)
		if err != nil {
			return err
		}
		defer in.Close()
		name := in.Name
		o := batch.Options{Limits: grammar.DefaultLimits(), Parts: w.o.Parts, Notation: w.o.Notation}
		trailer, err := batch.ReadRange(in, name, p.From, p.To, o, func(ch grammar.Chunk, index int, gap []byte) error {
			return w.hold(RowOf(w.rp, ch, w.o.Parts, name, index, gap))
		})
		if err != nil {
			return err
		}
		return w.flush(trailer)
	}
	if format == "parquet" {
		return w.table(p.Path)
	}
	next, closer, err := w.records(p.Path, format)
	if err != nil {
		return err
	}
	defer closer.Close()
	name := source.Name(p.Path)
	for index := 1; ; index++ {
		g, err := next()
		if errors.Is(err, io.EOF) {
			return w.flush(nil)
		}
		if err != nil {
			return err
		}
		if err := w.hold(wholeRow(w.rp, g, name, index, "", nil, record.Pos{})); err != nil {
			return err
		}
	}
}

// inputFormat is From, or the format of the input at path by its name and
// content.
func (w *Writer) inputFormat(path string) (string, error) {
	if w.o.From != "" {
		return w.o.From, nil
	}
	if isTableFile(path) {
		return "parquet", nil
	}
	if path == "-" {
		return "pgn", nil
	}
	in, err := w.o.Source.Open(path)
	if err != nil {
		return "", err
	}
	defer in.Close()
	head, _ := bufio.NewReaderSize(in, 4096).Peek(4096)
	return formats.DetectRecordFormat(path, head).Name, nil
}

// records reads the games of an input in a record format read whole (not
// PGN, not a table), by the reader the formats' registry has for it.
func (w *Writer) records(path, format string) (func() (*record.Game, error), io.Closer, error) {
	in, err := w.o.Source.Open(path)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReaderSize(in, 1<<16)
	f, ok := formats.LookupRecordFormat(format)
	if format == "" || !ok {
		head, _ := br.Peek(4096)
		f = formats.DetectRecordFormat(path, head)
	}
	gr := f.Read(br, in.Name, grammar.DefaultLimits())
	if rd, ok := gr.(*grammar.Reader); ok {
		// The formats the grammar reads: their moves in Notation.
		w.o.Notation.Apply(rd, f.Notation)
	}
	return gr.Next, in, nil
}

// table writes the rows of a table read for its text: a huge game's row
// (a movetext Options.Parts reads in parts) is read and played in parts, as a huge game of a PGN file (hugeRow), and keeps its movetext
// as the table has it; the other rows are records read whole.
func (w *Writer) table(path string) error {
	next, closer, err := Chunks(path, w.o.Notation, grammar.DefaultLimits(), w.o.Parts)
	if err != nil {
		return err
	}
	defer closer.Close()
	for index := 1; ; index++ {
		ch, g, err := next()
		if errors.Is(err, io.EOF) {
			return w.flush(nil)
		}
		if err != nil {
			return err
		}
		if g == nil {
			err = w.hold(hugeRow(w.rp, ch, w.o.Parts, path, index, nil))
		} else {
			// Written in canonical form: no place in an input.
			err = w.hold(wholeRow(w.rp, g, path, index, "", nil, record.Pos{}))
		}
		if err != nil {
			return err
		}
	}
}

// RowOf is the row of the game of ch, judged by rp, whose configuration
// sets Steps (a row's san and uci columns are the main line as played);
// before is the text that holds no game just before it. A huge game (one
// parts reads in parts) is read and played in parts and its moves kept
// compact (gametable.Moves), never a record held whole. A game too large
// to be read at all (ch.Truncated) is an error: its row would not hold
// the game. The game's verdict comes with its row.
func RowOf(rp *replay.Replayer, ch grammar.Chunk, parts grammar.ReadOptions, name string, index int, before []byte) (*gametable.Row, *replay.Result, error) {
	if parts.InParts(ch) {
		return hugeRow(rp, ch, parts, name, index, before)
	}
	g := grammar.ParseChunk(ch, name)
	return wholeRow(rp, g, name, index, gametable.MovetextOf(g, ch.Pos.Offset), before, ch.Pos)
}

// wholeRow is the row of g, a record read whole; at is where its chunk
// starts in the input (Row.Place), not valid for a record read from no
// text.
func wholeRow(rp *replay.Replayer, g *record.Game, name string, index int, movetext string, before []byte, at record.Pos) (*gametable.Row, *replay.Result, error) {
	if g.Truncated {
		se := g.SyntaxError()
		return nil, nil, fmt.Errorf("%s: game %d at line %d is too large to be read whole (%d:%d: %s): not converted", name, index, g.Pos.Line, se.Pos.Line, se.Pos.Col, se.Message)
	}
	res := rp.Game(g, name, index)
	r := gametable.Build(g, res, gametable.Play(res), movetext, before)
	if at.IsValid() {
		r.Place(at, gametable.MovetextPos(g))
	}
	return r, res, nil
}

// hugeRow is the row of a huge game (grammar.SourceOf): its main line is
// read and played in parts, and its moves are kept compact
// (gametable.Moves), not as a record and two lists of strings.
func hugeRow(rp *replay.Replayer, ch grammar.Chunk, parts grammar.ReadOptions, name string, index int, before []byte) (*gametable.Row, *replay.Result, error) {
	movetext, first := "", true
	var movetextAt record.Pos
	parts.Through = func(g *record.Game, nodes []record.Node) {
		if first {
			// The movetext starts at the first part's first node.
			c := *g
			c.Moves, first = nodes, false
			movetext = gametable.MovetextShared(&c, ch.Pos.Offset)
			movetextAt = gametable.MovetextPos(&c)
		}
	}
	src := grammar.SourceOf(ch, name, new(grammar.Scratch), parts)
	g := src.Head
	if g.Unreadable() != nil {
		// Not replayed: its row keeps its source, and the record as the
		// grammar reads it whole (which stops at the error). A Recovered
		// one is replayed in parts up to its error, as read whole.
		g := grammar.ParseChunk(ch, name)
		return wholeRow(rp, g, name, index, gametable.MovetextOf(g, ch.Pos.Offset), before, ch.Pos)
	}
	if !src.Parted() {
		// Read whole after all (one part).
		if first {
			movetext = gametable.MovetextShared(g, ch.Pos.Offset)
			movetextAt = gametable.MovetextPos(g)
		}
		res := rp.Game(g, name, index)
		r := gametable.Build(g, res, gametable.Play(res), movetext, before)
		r.Place(ch.Pos, movetextAt)
		return r, res, nil
	}
	moves := new(gametable.Moves)
	// The record as the reading leaves it, its last part in Moves (the
	// row keeps the source of a record passed through: Build).
	end := *g
	res := rp.Replay(src, name, index, replay.Each{
		Part: func(_ []record.Node, pl *replay.Played) { moves.Add(pl) },
		Last: func(nodes []record.Node, pl *replay.Played) { end.Moves = nodes; moves.Add(pl) },
	})
	r := gametable.Build(&end, res, gametable.PlaySettings(res), movetext, before)
	r.Place(ch.Pos, movetextAt)
	r.SetMoves(moves)
	return r, res, nil
}

// hold writes the row held back and holds r back in its place (flush).
func (w *Writer) hold(r *gametable.Row, _ *replay.Result, err error) error {
	if err != nil {
		return err
	}
	if err := w.flush(nil); err != nil {
		return err
	}
	w.pending = r
	return nil
}

// flush writes the row held back (a file's last game takes the text that
// is no game after it, trailer: gametable.Row.After).
func (w *Writer) flush(trailer []byte) error {
	r := w.pending
	if r == nil {
		return nil
	}
	w.pending = nil
	r.SetAfter(trailer)
	w.rows++
	return w.tw.Write(r)
}
