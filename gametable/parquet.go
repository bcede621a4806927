package gametable

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/parquet-go/parquet-go"
)

// RowGroupRows is how many games one row group holds. The writer keeps
// one row group in memory, so memory stays flat however many games a file
// has; row groups are cut by count alone so that the same games always
// give the same bytes (a merge of shards equals one run).
const RowGroupRows = 8192

// fileRow is Row as the file declares it: the same columns in the same
// order, with tags and settings as Parquet MAPs (a required map of
// required strings has the same column levels as a repeated group of
// key/value pairs, so rows made from Row are rows of this schema; Row keeps
// the order of the tags, which a Go map would lose). TestRowsRoundTrip
// checks that the two line up.
type fileRow struct {
	File          string            `parquet:"file"`
	Game          int64             `parquet:"game"`
	Event         *string           `parquet:"Event,optional"`
	Site          *string           `parquet:"Site,optional"`
	Date          *string           `parquet:"Date,optional"`
	Round         *string           `parquet:"Round,optional"`
	White         *string           `parquet:"White,optional"`
	Black         *string           `parquet:"Black,optional"`
	Result        *string           `parquet:"Result,optional"`
	Tags          map[string]string `parquet:"tags"`
	Profile       string            `parquet:"profile"`
	ProfileSource string            `parquet:"profile_source"`
	Settings      map[string]string `parquet:"settings"`
	Valid         bool              `parquet:"valid"`
	Outcome       string            `parquet:"outcome"`
	Winner        string            `parquet:"winner"`
	Plies         int64             `parquet:"plies"`
	Errors        int64             `parquet:"errors"`
	Warnings      int64             `parquet:"warnings"`
	SAN           []string          `parquet:"san,list"`
	UCI           []string          `parquet:"uci,list"`
	Movetext      string            `parquet:"movetext"`
	Source        []byte            `parquet:"source,optional"`
	Before        []byte            `parquet:"before,optional"`
	After         []byte            `parquet:"after,optional"`
	Findings      []Finding         `parquet:"findings,list"`
	Line          *int64            `parquet:"line,optional"`
	Column        *int64            `parquet:"column,optional"`
}

// The schemas are built by reflection on first use rather than at
// start-up, which every run of the program pays and few runs need.
var (
	rowSchema  = sync.OnceValue(func() *parquet.Schema { return parquet.SchemaOf(new(Row)) })
	fileSchema = sync.OnceValue(func() *parquet.Schema {
		return parquet.NewSchema("ashtapada_game", parquet.SchemaOf(new(fileRow)))
	})
)

// Schema returns the Parquet schema of the files Writer writes.
func Schema() *parquet.Schema { return fileSchema() }

// Writer writes rows to a Parquet file, zstd-compressed, in row groups of
// RowGroupRows games.
type Writer struct {
	pw   *parquet.Writer
	rows []parquet.Row
	huge int64 // WriterOptions.HugeRowPlies in force
}

// WriterOptions say how a Writer cuts its rows into row groups.
type WriterOptions struct {
	// HugeRowPlies is the number of plies from which a row is written in
	// a row group of its own; zero means DefaultHugeRowPlies. A test sets
	// it low, so that small games take the path of a huge one.
	HugeRowPlies int
}

// NewWriter starts a Parquet file on w.
func NewWriter(w io.Writer, o WriterOptions) *Writer {
	huge := o.HugeRowPlies
	if huge <= 0 {
		huge = DefaultHugeRowPlies
	}
	pw := parquet.NewWriter(w, writerOptions()...)
	return &Writer{pw: pw, rows: make([]parquet.Row, 1), huge: int64(huge)}
}

// writerOptions are the options of every writer of a table: the file's
// and the one writeAlone writes a huge row with, whose column chunks are
// copied into the file as they are, so the two must encode alike.
func writerOptions(more ...parquet.WriterOption) []parquet.WriterOption {
	return append([]parquet.WriterOption{
		fileSchema(),
		parquet.Compression(pageZstd),
		parquet.MaxRowsPerRowGroup(RowGroupRows),
		parquet.CreatedBy("ashtapada", "1", "gametable"),
		// The text columns hold whole games: their least and greatest
		// values say nothing a reader could use, and would put each page's
		// text into the file six times more (four times in its page
		// header, twice in the column chunk's statistics; docs/parquet.md,
		// "Statistics").
		parquet.SkipPageStatistics("movetext"), parquet.SkipPageBounds("movetext"),
		parquet.SkipPageStatistics("source"), parquet.SkipPageBounds("source"),
		parquet.SkipPageStatistics("before"), parquet.SkipPageBounds("before"),
		parquet.SkipPageStatistics("after"), parquet.SkipPageBounds("after"),
	}, more...)
}

// Write adds one game.
func (w *Writer) Write(r *Row) error {
	if r.Plies >= w.huge {
		return w.writeAlone(rowSchema().Deconstruct(w.rows[0][:0], r), r.moves)
	}
	if r.moves != nil {
		// Few moves after all (a huge game stopped early): the lists.
		c := *r
		c.SAN, c.UCI, c.moves = r.moves.san.strings(), r.moves.uci.strings(), nil
		r = &c
	}
	w.rows[0] = rowSchema().Deconstruct(w.rows[0][:0], r)
	if _, err := w.pw.WriteRows(w.rows); err != nil {
		return fmt.Errorf("writing Parquet: %w", err)
	}
	return nil
}

// WriteRaw adds rows read by a Reader's ReadRaw unchanged (merge). They
// are written one by one, as Write does, since the writer's page cuts
// depend on how rows arrive.
func (w *Writer) WriteRaw(rows []parquet.Row) error {
	for i := range rows {
		if rowPlies(rows[i]) >= w.huge {
			if err := w.writeAlone(rows[i], nil); err != nil {
				return err
			}
			continue
		}
		if _, err := w.pw.WriteRows(rows[i : i+1]); err != nil {
			return fmt.Errorf("writing Parquet: %w", err)
		}
	}
	return nil
}

// CopyTable adds the rows of a table Writer wrote (merge), as WriteRaw
// adds them, except that a row group of one huge row (the row group
// writeAlone wrote) is copied as it is: the library copies its compressed
// column chunks without reading the row, which would cost some 50 bytes a
// move.
func (w *Writer) CopyTable(r io.ReaderAt, size int64) error {
	f, err := openTable(r, size)
	if err != nil {
		return err
	}
	return w.copyTable(f)
}

// copyTable is CopyTable once the table is open.
func (w *Writer) copyTable(f *parquet.File) (err error) {
	defer caught(&err)
	rows := make([]parquet.Row, 64)
	for _, rg := range f.RowGroups() {
		if rg.NumRows() == 1 && groupPlies(rg) >= w.huge {
			if err := w.pw.Flush(); err != nil {
				return fmt.Errorf("writing Parquet: %w", err)
			}
			if _, err := w.pw.WriteRowGroup(rg); err != nil {
				return fmt.Errorf("writing Parquet: %w", err)
			}
			continue
		}
		if err := w.copyRows(rg.Rows(), rows); err != nil {
			return err
		}
	}
	return nil
}

// copyRows adds the rows rr reads (WriteRaw), len(buf) at a time.
func (w *Writer) copyRows(rr parquet.Rows, buf []parquet.Row) error {
	defer rr.Close()
	for {
		n, err := rr.ReadRows(buf)
		if n > 0 {
			if werr := w.WriteRaw(buf[:n]); werr != nil {
				return werr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading Parquet: %w", err)
		}
	}
}

// groupPlies is the plies of the first row of rg, from the plies column's
// page index (0 when it has none).
func groupPlies(rg parquet.RowGroup) int64 {
	ci, err := rg.ColumnChunks()[pliesColumn()].ColumnIndex()
	if err != nil || ci.NumPages() == 0 || ci.NullPage(0) {
		return 0
	}
	return ci.MinValue(0).Int64()
}

// Close writes the last row group and the file's footer.
func (w *Writer) Close() error {
	if err := w.pw.Close(); err != nil {
		return fmt.Errorf("writing Parquet: %w", err)
	}
	return nil
}

// Reader reads the rows of a file Writer wrote, row group by row group.
type Reader struct {
	pr   *parquet.Reader
	rows []parquet.Row
	n, i int
	err  error
	// text is set by NewTextReader: rows are read through textSchema.
	text bool
}

// NewReader opens a Parquet file of games. It fails on a file of another
// schema.
func NewReader(r io.ReaderAt, size int64) (*Reader, error) {
	f, err := openTable(r, size)
	if err != nil {
		return nil, err
	}
	return &Reader{pr: parquet.NewReader(f), rows: make([]parquet.Row, 64)}, nil
}

// NewTextReader is NewReader for a reader that needs a row's text only
// (Row.Text, and File): Next gives rows with only the columns of
// textFileRow set, and the others are not read from the file (the lists
// of a huge game would cost some 100 bytes a move).
func NewTextReader(r io.ReaderAt, size int64) (*Reader, error) {
	f, err := openTable(r, size)
	if err != nil {
		return nil, err
	}
	return &Reader{pr: parquet.NewReader(f, textFileSchema()), rows: make([]parquet.Row, 64), text: true}, nil
}

// Check reports whether the file r of size bytes is a table of games a
// Reader can open: its footer, its layout and its schema (merge checks
// every part before it writes anything).
func Check(r io.ReaderAt, size int64) error {
	_, err := openTable(r, size)
	return err
}

// openTable opens the table r of size bytes once its bytes passed
// checkFile, and checks its schema: the columns, their types and
// repetition are the writers' (a table with the right names and other
// types would give rows that are not games).
func openTable(r io.ReaderAt, size int64) (*parquet.File, error) {
	if err := checkFile(r, size); err != nil {
		return nil, fmt.Errorf("reading Parquet: %w", err)
	}
	return openChecked(r, size)
}

// openChecked is openTable once the file passed checkFile.
func openChecked(r io.ReaderAt, size int64) (f *parquet.File, err error) {
	defer caught(&err)
	// A table of games has no Bloom filters: an offset to one is not read.
	f, err = parquet.OpenFile(r, size, parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("reading Parquet: %w: %w", errMalformed, err)
	}
	if err := sameSchema(f.Schema()); err != nil {
		return nil, fmt.Errorf("reading Parquet: %w", err)
	}
	return f, nil
}

// textFileRow is fileRow with only the columns of a row's text, and
// textRow is Row so (with the tags in their order): the one is the schema
// a text reader reads a table through, the other the row its values make
// (as fileRow and Row, they line up column for column:
// TestTextReaderReadsText).
type textFileRow struct {
	File     string            `parquet:"file"`
	Event    *string           `parquet:"Event,optional"`
	Site     *string           `parquet:"Site,optional"`
	Date     *string           `parquet:"Date,optional"`
	Round    *string           `parquet:"Round,optional"`
	White    *string           `parquet:"White,optional"`
	Black    *string           `parquet:"Black,optional"`
	Result   *string           `parquet:"Result,optional"`
	Tags     map[string]string `parquet:"tags"`
	Movetext string            `parquet:"movetext"`
	Source   []byte            `parquet:"source,optional"`
	Before   []byte            `parquet:"before,optional"`
	After    []byte            `parquet:"after,optional"`
	Line     *int64            `parquet:"line,optional"`
	Column   *int64            `parquet:"column,optional"`
}

type textRow struct {
	File     string  `parquet:"file"`
	Event    *string `parquet:"Event,optional"`
	Site     *string `parquet:"Site,optional"`
	Date     *string `parquet:"Date,optional"`
	Round    *string `parquet:"Round,optional"`
	White    *string `parquet:"White,optional"`
	Black    *string `parquet:"Black,optional"`
	Result   *string `parquet:"Result,optional"`
	Tags     []KV    `parquet:"tags"`
	Movetext string  `parquet:"movetext"`
	Source   []byte  `parquet:"source,optional"`
	Before   []byte  `parquet:"before,optional"`
	After    []byte  `parquet:"after,optional"`
	Line     *int64  `parquet:"line,optional"`
	Column   *int64  `parquet:"column,optional"`
}

var (
	textFileSchema = sync.OnceValue(func() *parquet.Schema {
		return parquet.NewSchema("ashtapada_game", parquet.SchemaOf(new(textFileRow)))
	})
	textRowSchema = sync.OnceValue(func() *parquet.Schema { return parquet.SchemaOf(new(textRow)) })
)

// ReadRaw returns the next rows as stored, or io.EOF.
func (r *Reader) ReadRaw() ([]parquet.Row, error) {
	if r.i < r.n {
		out := r.rows[r.i:r.n]
		r.i = r.n
		return out, nil
	}
	n := r.fill()
	r.i = n
	if n == 0 {
		return nil, r.err
	}
	return r.rows[:n], nil
}

// fill reads the next rows into r.rows and returns how many it read; the
// error that ended them is kept in r.err (io.EOF at the end), and the
// reader reads no more after one: a table that failed once is not read
// on from a place its reader no longer knows.
func (r *Reader) fill() (n int) {
	r.n, r.i = 0, 0
	if r.err != nil {
		return 0
	}
	n, r.err = r.read()
	r.n = n
	return n
}

// read is fill's call of the library.
func (r *Reader) read() (n int, err error) {
	defer caught(&err)
	n, err = r.pr.ReadRows(r.rows)
	if err != nil && !errors.Is(err, io.EOF) {
		err = fmt.Errorf("reading Parquet: %w", err)
	}
	return n, err
}

// Next returns the next game's row, or io.EOF.
func (r *Reader) Next() (*Row, error) {
	if r.i >= r.n && r.fill() == 0 {
		return nil, r.err
	}
	row, err := r.reconstruct(r.rows[r.i])
	if err != nil {
		r.err, r.n = err, 0
		return nil, err
	}
	if cap(r.rows[r.i]) > 1<<16 {
		// A huge game's values, which the next read would keep.
		r.rows[r.i] = nil
	}
	r.i++
	return row, nil
}

// reconstruct makes the Row of a row's values.
func (r *Reader) reconstruct(vals parquet.Row) (row *Row, err error) {
	defer caught(&err)
	row = new(Row)
	if !r.text {
		if err := rowSchema().Reconstruct(row, vals); err != nil {
			return nil, fmt.Errorf("reading Parquet row: %w", err)
		}
		return row, nil
	}
	var t textRow
	if err := textRowSchema().Reconstruct(&t, vals); err != nil {
		return nil, fmt.Errorf("reading Parquet row: %w", err)
	}
	*row = Row{File: t.File, Event: t.Event, Site: t.Site, Date: t.Date, Round: t.Round, White: t.White, Black: t.Black, Result: t.Result,
		Tags: t.Tags, Movetext: t.Movetext, Source: t.Source, Before: t.Before, After: t.After,
		Line: t.Line, Column: t.Column}
	return row, nil
}

// Close releases the reader.
func (r *Reader) Close() (err error) {
	defer caught(&err)
	return r.pr.Close()
}
