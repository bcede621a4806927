package gametable

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/parquet-go/parquet-go"

	"github.com/ashtapada/ashtapada/notation"
	"github.com/ashtapada/ashtapada/replay"
)

// A huge game (millions of plies, read in parts: grammar.SourceOf)
// would cost hundreds of MB as a Row: a string and a Parquet value per
// move in two lists, 16 + 24 bytes each, and as many again while the row
// is taken apart into its columns. Its moves are kept instead in one
// buffer per list (Moves), and its row is written a column at a time,
// each list's values made only while that column is written.

// DefaultHugeRowPlies is the number of plies from which a row is written
// in a row group of its own (WriterOptions.HugeRowPlies), whatever it was
// made from: the writer then needs no row but the one it writes
// (Writer.writeAlone), and the bytes of a file depend on its rows alone (a
// merge of shards writes what one run writes, with the same options).
const DefaultHugeRowPlies = 1 << 16

// Moves is a main line's moves in SAN and UCI, kept compact (Row.SetMoves).
type Moves struct {
	san, uci packed
}

// packed is a list of strings one after another in one buffer, each
// after its length as a uvarint (one byte for a move), read in order
// (next): a move costs its bytes and one more.
type packed struct {
	b []byte
	n int
}

func (p *packed) add(s string) {
	p.b = binary.AppendUvarint(p.b, uint64(len(s)))
	p.b = append(p.b, s...)
	p.n++
}

func (p *packed) len() int { return p.n }

// next returns the string that starts at offset off of the buffer (as
// bytes of it, not copied) and the offset of the string after it; the
// first string starts at 0.
func (p *packed) next(off int) ([]byte, int) {
	n, k := binary.Uvarint(p.b[off:])
	off += k
	return p.b[off : off+int(n)], off + int(n)
}

// Add appends the moves of pl, a main line as played or one part of it
// (replay.Each), in SAN and UCI as Play gives them.
func (m *Moves) Add(pl *replay.Played) {
	if pl == nil {
		return
	}
	for i := range pl.Len() {
		m.san.add(pl.SAN(i))
		m.uci.add(notation.UCI(pl.Move(i)))
	}
}

// Len is the number of moves.
func (m *Moves) Len() int { return m.san.len() }

// SetMoves gives the row its moves as m holds them, instead of its SAN
// and UCI lists (which it clears): Writer writes them as it writes the
// lists.
func (r *Row) SetMoves(m *Moves) {
	r.SAN, r.UCI, r.moves = nil, nil, m
}

// listColumns are the leaf columns of the san and uci lists, and the
// levels of their elements: first the first element's repetition level,
// then the others'; the definition level is the same for all.
var listColumns = sync.OnceValue(func() (cols [2]listColumn) {
	// The levels are the ones the schema gives a row of two moves.
	vals := rowSchema().Deconstruct(nil, &Row{SAN: []string{"a", "b"}, UCI: []string{"a", "b"}})
	for k, name := range []string{"san", "uci"} {
		leaf, ok := fileSchema().Lookup(name, "list", "element")
		if !ok {
			panic(fmt.Sprintf("gametable: no column %s.list.element", name))
		}
		cols[k].index = leaf.ColumnIndex
		var seen []parquet.Value
		for _, v := range vals {
			if v.Column() == leaf.ColumnIndex {
				seen = append(seen, v)
			}
		}
		if len(seen) != 2 {
			panic(fmt.Sprintf("gametable: %d values for a list of 2 in column %s", len(seen), name))
		}
		cols[k].firstRep, cols[k].rep, cols[k].def = byte(seen[0].RepetitionLevel()), byte(seen[1].RepetitionLevel()), byte(seen[0].DefinitionLevel())
	}
	return cols
})

// listColumn is where a list's elements are and their levels.
type listColumn struct {
	index              int
	firstRep, rep, def byte
}

// strings is the list as strings.
func (p *packed) strings() []string {
	if p.len() == 0 {
		return nil
	}
	out := make([]string, p.len())
	off := 0
	for i := range out {
		var b []byte
		b, off = p.next(off)
		out[i] = string(b)
	}
	return out
}

// pliesColumn is the leaf column of Row.Plies.
var pliesColumn = sync.OnceValue(func() int {
	leaf, ok := fileSchema().Lookup("plies")
	if !ok {
		panic("gametable: no column plies")
	}
	return leaf.ColumnIndex
})

// rowPlies is the plies column of a row as stored.
func rowPlies(row parquet.Row) int64 {
	col := pliesColumn()
	for _, v := range row {
		if v.Column() == col {
			return v.Int64()
		}
	}
	return 0
}

// aloneChunk is how many values of a list writeAlone hands the library
// at a time: the library copies the values of what it is given once more
// (24 bytes a value), so a list of millions is given in pieces. A
// variable for the tests.
var aloneChunk = 1 << 14

// maxAlonePage is the largest page buffer writeAlone gives its writer
// (the library keeps the size in an int32); a list whose column would not
// fit is written in one piece.
const maxAlonePage = 1 << 30

// writeAlone writes the row of values vals in a row group of its own: the
// row group before it is ended first. moves, when not nil, are its SAN and
// UCI lists (vals has them empty).
//
// The row is written by a writer of its own into a file in memory, one
// column at a time, each column ended (encoded and compressed) before the
// next is written; then that file's row group is copied into the table as
// it is (the library copies the compressed column chunks without reading
// them back). So what the library keeps of a list while the row is written
// is its encoded column, not a Parquet value per move, and nothing of the
// row is kept once it is written. A row may not span two pages, and the
// library ends a page when its buffer is full after a write: the row's
// writer gets a page buffer larger than its largest list column, so that a
// list given in pieces is one page, as it is when given whole.
func (w *Writer) writeAlone(vals parquet.Row, moves *Moves) error {
	if err := w.pw.Flush(); err != nil {
		return fmt.Errorf("writing Parquet: %w", err)
	}
	var file bytes.Buffer
	if err := writeRowFile(&file, vals, moves); err != nil {
		return fmt.Errorf("writing Parquet: %w", err)
	}
	f, err := parquet.OpenFile(bytes.NewReader(file.Bytes()), int64(file.Len()))
	if err != nil {
		return fmt.Errorf("writing Parquet: reading back a row written alone: %w", err)
	}
	for _, rg := range f.RowGroups() {
		if _, err := w.pw.WriteRowGroup(rg); err != nil {
			return fmt.Errorf("writing Parquet: %w", err)
		}
	}
	return nil
}

// writeRowFile writes vals (with moves, as writeAlone) as a Parquet file
// of one row on out.
func writeRowFile(out io.Writer, vals parquet.Row, moves *Moves) error {
	// The columns of vals: a row's values are in column order.
	type span struct{ col, start, end int }
	var spans []span
	for start := 0; start < len(vals); {
		col := vals[start].Column()
		end := start + 1
		for end < len(vals) && vals[end].Column() == col {
			end++
		}
		spans = append(spans, span{col, start, end})
		start = end
	}
	lists := func(col int) *packed {
		if moves != nil {
			for k, p := range []*packed{&moves.san, &moves.uci} {
				if listColumns()[k].index == col && p.len() > 0 {
					return p
				}
			}
		}
		return nil
	}
	// The page buffer: larger than the largest column of the row, as the
	// library sizes a byte-array list column (its bytes, four for each
	// value's offset and two for its levels).
	need := int64(0)
	for _, sp := range spans {
		var n, b int64
		if p := lists(sp.col); p != nil {
			n, b = int64(p.len()), int64(len(p.b))
		} else {
			n = int64(sp.end - sp.start)
			for _, v := range vals[sp.start:sp.end] {
				if !v.IsNull() && v.Kind() == parquet.ByteArray {
					b += int64(len(v.ByteArray()))
				}
			}
		}
		need = max(need, b+8*n+64)
	}
	// The library cuts a page at 98% of the buffer. A larger buffer costs
	// memory: the library gives each column of one value a buffer for as
	// many values as the page buffer would hold (if only for a moment:
	// each column is ended before the next is written).
	page := int64(parquet.DefaultPageBufferSize)
	want := need + need/16 + (1 << 20)
	chunked := want < maxAlonePage
	if chunked {
		page = max(page, want)
	}
	pw := parquet.NewWriter(out, writerOptions(parquet.PageBufferSize(int(page)))...)
	cols := pw.ColumnWriters()
	var list []parquet.Value
	for _, sp := range spans {
		v := vals[sp.start:sp.end]
		cw := cols[sp.col]
		var err error
		if p := lists(sp.col); p != nil {
			err = writeList(cw, sp.col, p, chunked, &list)
		} else if chunked && len(v) > aloneChunk {
			for i := 0; i < len(v) && err == nil; i += aloneChunk {
				_, err = cw.WriteRowValues(v[i:min(i+aloneChunk, len(v))])
			}
		} else {
			_, err = cw.WriteRowValues(v)
		}
		if err == nil {
			// The column's page now, and its buffers let go.
			err = cw.Flush()
		}
		if err != nil {
			return err
		}
	}
	return pw.Close()
}

// writeList writes the list p to cw, the writer of the list column col
// (listColumns), as one row's values, aloneChunk at a time when chunked
// (else whole); list is the buffer for the values.
func writeList(cw *parquet.ColumnWriter, col int, p *packed, chunked bool, list *[]parquet.Value) error {
	lc := listColumns()[0]
	if listColumns()[1].index == col {
		lc = listColumns()[1]
	}
	step := p.len()
	if chunked {
		step = aloneChunk
	}
	off := 0
	for start := 0; start < p.len(); start += step {
		end := min(start+step, p.len())
		*list = slices.Grow((*list)[:0], end-start)
		for i := start; i < end; i++ {
			rep := lc.rep
			if i == 0 {
				rep = lc.firstRep
			}
			var b []byte
			b, off = p.next(off)
			*list = append(*list, parquet.ByteArrayValue(b).Level(int(rep), int(lc.def), col))
		}
		if _, err := cw.WriteRowValues(*list); err != nil {
			return err
		}
	}
	return nil
}
