package gametable

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"
)

// fuzzRows are the rows of FuzzReadTable's seed table: one of each kind a
// table holds (a game with its lists and findings, one kept as its
// source, text that is no game before and after).
func fuzzRows() []*Row {
	s := func(v string) *string { return &v }
	return []*Row{
		{File: "a.pgn", Game: 1, Event: s("E"), Result: s("1-0"), Tags: []KV{{Key: "ECO", Value: "C20"}},
			Profile: "fide", ProfileSource: "default", Settings: []KV{{Key: "a", Value: "1"}},
			Valid: true, Outcome: "checkmate", Winner: "white", Plies: 2,
			SAN: []string{"e4", "e5"}, UCI: []string{"e2e4", "e7e5"}, Movetext: "1. e4 e5 1-0\n",
			Findings: []Finding{{File: "a.pgn", Line: 3, Rule: "r", Legal: []string{"Ke2"}, Variation: []int64{1}}},
			Before:   []byte("{header}\n\n")},
		{File: "a.pgn", Game: 2, Result: s("*"), Source: []byte("[Result \"*\"]\n\n1. e4 {\n"), After: []byte("{end}\n")},
	}
}

// footerFlips are seeds made from table: one bit flipped at a few places
// of its footer (the file's metadata, which the reader trusts most).
func footerFlips(table []byte) [][]byte {
	n := int(binary.LittleEndian.Uint32(table[len(table)-8:]))
	start := len(table) - 8 - n
	var out [][]byte
	for _, at := range []int{start, start + n/4, start + n/2, start + 3*n/4, len(table) - 9} {
		for _, bit := range []byte{1, 4, 0x80} {
			b := bytes.Clone(table)
			b[at] ^= bit
			out = append(out, b)
		}
	}
	return out
}

// FuzzReadTable: a Reader, a text Reader and Writer.CopyTable on any bytes
// end in an error or in io.EOF, never in a panic or a hang; an error says
// it is about Parquet; the seed table itself reads back whole. Its seeds
// are the table, single bits flipped in its footer, and the table without
// CRCs.
func FuzzReadTable(f *testing.F) {
	var buf bytes.Buffer
	w := NewWriter(&buf, WriterOptions{})
	for _, r := range fuzzRows() {
		if err := w.Write(r); err != nil {
			f.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		f.Fatal(err)
	}
	table := buf.Bytes()
	f.Add(table)
	for _, b := range footerFlips(table) {
		f.Add(b)
	}
	// The table without CRCs: a page's bytes changed in it reach the
	// library's decoders, which a page's checksum keeps them from.
	f.Add(withoutChecksums(f, table))
	f.Fuzz(func(t *testing.T, data []byte) {
		good := bytes.Equal(data, table)
		for _, text := range []bool{false, true} {
			open := NewReader
			if text {
				open = NewTextReader
			}
			rd, err := open(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				checkTableError(t, err)
				if good {
					t.Fatalf("the seed table: %v", err)
				}
				continue
			}
			rows := 0
			for {
				_, err := rd.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					checkTableError(t, err)
					if good {
						t.Fatalf("the seed table: %v", err)
					}
					break
				}
				rows++
			}
			rd.Close()
			if good && rows != len(fuzzRows()) {
				t.Fatalf("the seed table: %d rows, want %d", rows, len(fuzzRows()))
			}
		}
		tw := NewWriter(io.Discard, WriterOptions{})
		if err := tw.CopyTable(bytes.NewReader(data), int64(len(data))); err != nil {
			checkTableError(t, err)
			if good {
				t.Fatalf("the seed table: %v", err)
			}
		}
	})
}

func checkTableError(t *testing.T, err error) {
	t.Helper()
	if !strings.Contains(err.Error(), "Parquet") {
		t.Fatalf("an error that does not say it is about Parquet: %v", err)
	}
}
