package gametable

import (
	"fmt"
	"slices"

	"github.com/parquet-go/parquet-go"

	"github.com/ashtapada/ashtapada/formats"
	"github.com/ashtapada/ashtapada/replay"
)

// A huge game (millions of plies, read in parts: cmd/ashtapada/parts.go)
// would cost hundreds of MB as a Row: a string and a Parquet value per
// move in two lists, 16 + 24 bytes each, and as many again while the row
// is taken apart into its columns. Its moves are kept instead in one
// buffer per list (Moves), and its row is written a column at a time,
// each list's values made only while that column is written.

// HugeRowPlies is the number of plies from which a row is written in a
// row group of its own, whatever it was made from: the writer then needs
// no row but the one it writes (Writer.writeAlone), and the bytes of a
// file depend on its rows alone (a merge of shards writes what one run
// writes). A variable for the tests.
var HugeRowPlies = 1 << 16

// Moves is a main line's moves in SAN and UCI, kept compact (Row.SetMoves).
type Moves struct {
	san, uci packed
}

// packed is a list of strings one after another in one buffer.
type packed struct {
	b   []byte
	end []uint32 // where each string ends in b
}

func (p *packed) add(s string) {
	p.b = append(p.b, s...)
	p.end = append(p.end, uint32(len(p.b)))
}

func (p *packed) len() int { return len(p.end) }

// at is string i, as bytes of the buffer (not copied).
func (p *packed) at(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = p.end[i-1]
	}
	return p.b[start:p.end[i]]
}

// Add appends the moves of pl, a main line as played or one part of it
// (replay.PartWalk), in SAN and UCI as Play gives them.
func (m *Moves) Add(pl *replay.Played) {
	if pl == nil {
		return
	}
	for i := range pl.Len() {
		m.san.add(pl.SAN(i))
		m.uci.add(formats.UCI(pl.Move(i)))
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
var listColumns = func() (cols [2]struct {
	index              int
	firstRep, rep, def byte
}) {
	// The levels are the ones the schema gives a row of two moves.
	vals := rowSchema.Deconstruct(nil, &Row{SAN: []string{"a", "b"}, UCI: []string{"a", "b"}})
	for k, name := range []string{"san", "uci"} {
		leaf, ok := fileSchema.Lookup(name, "list", "element")
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
}()

// strings is the list as strings.
func (p *packed) strings() []string {
	if p.len() == 0 {
		return nil
	}
	out := make([]string, p.len())
	for i := range out {
		out[i] = string(p.at(i))
	}
	return out
}

// pliesColumn is the leaf column of Row.Plies.
var pliesColumn = func() int {
	leaf, ok := fileSchema.Lookup("plies")
	if !ok {
		panic("gametable: no column plies")
	}
	return leaf.ColumnIndex
}()

// rowPlies is the plies column of a row as stored.
func rowPlies(row parquet.Row) int64 {
	for _, v := range row {
		if v.Column() == pliesColumn {
			return v.Int64()
		}
	}
	return 0
}

// writeAlone writes the row of values vals in a row group of its own, one
// column at a time: the row group before it is ended first, and its own
// after it. moves, when not nil, are its SAN and UCI lists (vals has them
// empty), whose values are made one column at a time.
func (w *Writer) writeAlone(vals parquet.Row, moves *Moves) error {
	if err := w.pw.Flush(); err != nil {
		return fmt.Errorf("writing Parquet: %w", err)
	}
	cols := w.pw.ColumnWriters()
	var list []parquet.Value
	// A row's values are in column order.
	for start := 0; start < len(vals); {
		col := vals[start].Column()
		end := start + 1
		for end < len(vals) && vals[end].Column() == col {
			end++
		}
		v := vals[start:end]
		start = end
		if moves != nil {
			for k, p := range []*packed{&moves.san, &moves.uci} {
				if lc := listColumns[k]; lc.index == col && p.len() > 0 {
					list = slices.Grow(list[:0], p.len())
					for i := range p.len() {
						rep := lc.rep
						if i == 0 {
							rep = lc.firstRep
						}
						list = append(list, parquet.ByteArrayValue(p.at(i)).Level(int(rep), int(lc.def), col))
					}
					v = list
				}
			}
		}
		if _, err := cols[col].WriteRowValues(v); err != nil {
			return fmt.Errorf("writing Parquet: %w", err)
		}
	}
	if err := w.pw.Flush(); err != nil {
		return fmt.Errorf("writing Parquet: %w", err)
	}
	return nil
}
