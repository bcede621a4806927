package gametable

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"reflect"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// hugeRows are rows for the tests of rows written alone: a small game, one
// whose moves are kept compact (SetMoves) and one with its lists as
// strings, both over lowHuge.HugeRowPlies, and a small game after them.
func hugeRows(plies int) []*Row {
	s := func(v string) *string { return &v }
	moves := new(Moves)
	var san, uci []string
	for i := range plies {
		m := fmt.Sprintf("N%c%d", 'a'+i%8, 1+i%8)
		u := fmt.Sprintf("g%df%d", 1+i%8, 1+(i+3)%8)
		moves.san.add(m)
		moves.uci.add(u)
		san, uci = append(san, m), append(uci, u)
	}
	compact := &Row{File: "h.pgn", Game: 2, Event: s("huge"), Tags: []KV{{Key: "Variant", Value: "chaturanga"}, {Key: "B", Value: "1"}, {Key: "A", Value: "2"}},
		Profile: "chaturanga", Settings: []KV{{Key: "a", Value: "1"}}, Plies: int64(plies), Movetext: "1. Na1 *\n",
		Findings: []Finding{{File: "h.pgn", Line: 1, Rule: "r", Legal: []string{"a", "b"}, Variation: []int64{1}}}}
	compact.SetMoves(moves)
	lists := &Row{File: "h.pgn", Game: 3, Plies: int64(plies), SAN: san, UCI: uci, Movetext: "*\n", Before: []byte("{x}\n")}
	return []*Row{
		{File: "h.pgn", Game: 1, Plies: 2, SAN: []string{"e4", "e5"}, UCI: []string{"e2e4", "e7e5"}, Movetext: "1. e4 e5 *\n"},
		compact, lists,
		{File: "h.pgn", Game: 4, Movetext: "*\n"},
	}
}

// lowHuge writes the rows of a few thousand plies alone, as a huge
// game's are.
var lowHuge = WriterOptions{HugeRowPlies: 1000}

func writeRows(t *testing.T, o WriterOptions, rows []*Row) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, o)
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestWriteAloneInPieces: a row written alone gives the same bytes whether
// its lists are handed to the library in pieces of 3 values, 16,384 (the
// default) or whole (a page buffer too large for the library: one piece),
// both from compact moves and from a table's raw rows, and when a table is
// copied (merge); and it reads back as the row, each list one page.
func TestWriteAloneInPieces(t *testing.T) {
	defer func(c int) { aloneChunk = c }(aloneChunk)
	// Lists of some 500 KB, over the library's page buffer of 256 KB.
	const plies = 60000
	var want []byte
	for _, chunk := range []int{3, 1 << 14, 1 << 30} {
		aloneChunk = chunk
		got := writeRows(t, lowHuge, hugeRows(plies))
		if want == nil {
			want = got
		} else if !bytes.Equal(got, want) {
			t.Errorf("pieces of %d: the file differs from pieces of 3", chunk)
		}
		// The table's rows as read, written again as merge writes them.
		rd, err := NewReader(bytes.NewReader(got), int64(len(got)))
		if err != nil {
			t.Fatal(err)
		}
		var merged bytes.Buffer
		w := NewWriter(&merged, lowHuge)
		for {
			raw, err := rd.ReadRaw()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := w.WriteRaw(raw); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(merged.Bytes(), want) {
			t.Errorf("pieces of %d: the merged file differs", chunk)
		}
		// And the table copied whole (merge: its huge rows' row groups as
		// they are), twice over.
		var copied bytes.Buffer
		w = NewWriter(&copied, lowHuge)
		for range 2 {
			if err := w.CopyTable(bytes.NewReader(got), int64(len(got))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		twice := writeRows(t, lowHuge, append(hugeRows(plies), hugeRows(plies)...))
		if !bytes.Equal(copied.Bytes(), twice) {
			t.Errorf("pieces of %d: the table copied twice differs from its rows written twice", chunk)
		}
	}
	rd, err := NewReader(bytes.NewReader(want), int64(len(want)))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range hugeRows(plies) {
		got, err := rd.Next()
		if err != nil {
			t.Fatalf("row %d: %v", i+1, err)
		}
		w := normal(r)
		if r.moves != nil {
			w.SAN, w.UCI, w.moves = r.moves.san.strings(), r.moves.uci.strings(), nil
		}
		if !reflect.DeepEqual(normal(got), w) {
			t.Errorf("row %d reads back as another row", i+1)
		}
	}
	// Rows alone have a row group each; each list column one page.
	f, err := parquet.OpenFile(bytes.NewReader(want), int64(len(want)))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.RowGroups()); n != 4 {
		t.Errorf("%d row groups, want 4 (the first game's, one per huge row, the last game's)", n)
	}
	for g, rg := range f.RowGroups()[1:3] {
		for _, k := range listColumns() {
			oi, err := rg.ColumnChunks()[k.index].OffsetIndex()
			if err != nil {
				t.Fatal(err)
			}
			if oi.NumPages() != 1 {
				t.Errorf("row group %d, column %d: %d pages, want 1 (a row spans no pages)", g+2, k.index, oi.NumPages())
			}
		}
	}
}

// TestTextColumnsWithoutStatistics: the text columns carry no least and
// greatest values, which would put a game's movetext into the file
// several times: a row of 1 MB of text that does not compress makes a
// file of little more than 1 MB.
func TestTextColumnsWithoutStatistics(t *testing.T) {
	noise := make([]byte, 1<<19)
	rand.Read(noise)
	text := hex.EncodeToString(noise) // 1 MB
	file := writeRows(t, WriterOptions{}, []*Row{{File: "a.pgn", Game: 1, Movetext: text, Source: []byte(text), Before: []byte(text[:1000]), After: []byte(text[:1000])}})
	// The movetext and the source are stored once each, at most at their
	// size: least and greatest values would add copies of both (in the
	// page headers and the column chunk's metadata). zstd most often
	// takes hex digits to half their size, but not always (one run in
	// about 40 left a column as it was, a file of 1.59 MB): the bound
	// does not count on it.
	if len(file) > 2*len(text)+len(text)/8 {
		t.Errorf("the file of 1 MB of movetext and 1 MB of source is %d bytes", len(file))
	}
	f, err := parquet.OpenFile(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"movetext", "source", "before", "after"} {
		leaf, _ := fileSchema().Lookup(name)
		meta := f.Metadata().RowGroups[0].Columns[leaf.ColumnIndex].MetaData
		if len(meta.Statistics.MinValue)+len(meta.Statistics.MaxValue)+len(meta.Statistics.Min)+len(meta.Statistics.Max) > 0 {
			t.Errorf("column %s has least and greatest values", name)
		}
	}
}

// TestTextReaderReadsText: a text reader gives each row's file and text
// as the full reader does, without the columns it does not need.
func TestTextReaderReadsText(t *testing.T) {
	s := func(v string) *string { return &v }
	rows := append(hugeRows(70000), &Row{File: "b.pgn", Game: 7, Event: s("E"), Result: s("*"), Tags: []KV{{Key: "Z", Value: "1"}, {Key: "A", Value: "2"}, {Key: "Z", Value: "3"}},
		Source: []byte("[Event \"\\xff\"]\n\n1. e4 {\n"), Before: []byte("{a header}\n\n"), After: []byte("{the end}\n")},
		&Row{File: "c.pgn", Game: 1, White: s("w"), Black: s("b"), Movetext: "1. e4 *\n", SAN: []string{"e4"}, UCI: []string{"e2e4"}})
	file := writeRows(t, WriterOptions{}, rows)
	full, err := NewReader(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	text, err := NewTextReader(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		want, err := full.Next()
		if err != nil {
			t.Fatal(err)
		}
		got, err := text.Next()
		if err != nil {
			t.Fatal(err)
		}
		if got.File != want.File || !bytes.Equal(got.Text(), want.Text()) || !bytes.Equal(got.Source, want.Source) {
			t.Errorf("row %d: the text reader gives %q %q, the full one %q %q", i+1, got.File, got.Text(), want.File, want.Text())
		}
		if got.SAN != nil || got.Plies != 0 {
			t.Errorf("row %d: the text reader gives the moves or the verdict", i+1)
		}
	}
	if _, err := text.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("after the last row: %v", err)
	}
}
