package main

// Tables whose pages carry, inside their values, counts the Parquet
// library allocates by (docs/robustness.md, "Parquet input").

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// withPage returns table with the pages of column (in its first row
// group) replaced by one data page of version 2 of values values, its
// levels (definition levels def) and its values (data) uncompressed: the
// page is put after the other column chunks, and the chunk points to it.
func withPage(t *testing.T, table []byte, column string, values int32, enc format.Encoding, def, data []byte) []byte {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(table[len(table)-8:]))
	body := bytes.Clone(table[:len(table)-8-n])
	page := append(bytes.Clone(def), data...)
	header, err := thrift.Marshal(new(thrift.CompactProtocol), &format.PageHeader{
		Type: format.DataPageV2, UncompressedPageSize: int32(len(page)), CompressedPageSize: int32(len(page)),
		DataPageHeaderV2: thrift.New(format.DataPageHeaderV2{NumValues: values, NumRows: values, Encoding: enc,
			DefinitionLevelsByteLength: int32(len(def)), IsCompressed: thrift.New(false)}),
	})
	if err != nil {
		t.Fatal(err)
	}
	at := int64(len(body))
	body = append(append(body, header...), page...)
	found := false
	out := withFooter(t, append(body, table[len(table)-8-n:]...), func(m *format.FileMetaData) {
		for i := range m.RowGroups[0].Columns {
			md := &m.RowGroups[0].Columns[i].MetaData
			if strings.Join(md.PathInSchema, ".") == column {
				md.DataPageOffset, md.DictionaryPageOffset = at, 0
				md.TotalCompressedSize = int64(len(header) + len(page))
				found = true
			}
		}
	})
	if !found {
		t.Fatalf("no column %s", column)
	}
	return out
}

// TestParquetHostileValueCounts: tables whose pages say, inside their
// values, how many values the library is to make (a delta header's count
// of 268 million in a page of two values, in a column a text reader
// leaves out, winner: FuzzReadTable's seed 0a310228836cbdba,
// testdata/hostile/delta-count.parquet; the same in movetext, which every
// reader reads; an RLE run of 2^31 definition levels in Event) are
// refused by merge, convert --from parquet, validate and fmt --check:
// exit 2, each table named as malformed, no crash, and memory stays
// small. Each command gets four copies of each table: the library made a
// gigabyte or more for each, which costs nothing the first time (fresh
// pages of memory) and a gigabyte of memory cleared each time the heap
// gives the freed memory again.
func TestParquetHostileValueCounts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	seed, err := os.ReadFile(filepath.Join("testdata", "hostile", "delta-count.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	good := tableOf(t, dir, "good.parquet", twoGames)
	// A DELTA_BINARY_PACKED header (blocks of 128 values in 4 mini
	// blocks, 2^28 values, a first value of 0) and nothing after it.
	bomb := binary.AppendVarint(binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(nil, 128), 4), 1<<28), 0)
	// An RLE run of 2^31-1 levels of 1, and the games' Event ("t", "t").
	run := append(binary.AppendUvarint(nil, (1<<31-1)<<1), 1)
	events, err := parquet.DeltaLengthByteArray.EncodeByteArray(nil, []byte("tt"), []uint32{0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	tables := []struct {
		name  string
		table []byte
		want  string
	}{
		{"delta-count", seed, "row group 1, column winner: data page 1 (at 1199): its DELTA_LENGTH_BYTE_ARRAY values: a delta header of 268435328 values in a page of 2"},
		{"delta-movetext", withPage(t, good, "movetext", 2, format.DeltaLengthByteArray, nil, bomb),
			"column movetext: data page 1 (at "},
		{"rle-levels", withPage(t, good, "Event", 2, format.DeltaLengthByteArray, run, events),
			"column Event: data page 1 (at "},
	}
	var names []string
	for _, tc := range tables {
		for i := range 4 {
			name := filepath.Join(dir, fmt.Sprintf("%s-%d.parquet", tc.name, i+1))
			if err := os.WriteFile(name, tc.table, 0o644); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
		}
	}
	for _, args := range [][]string{
		{"merge", "-o", filepath.Join(dir, "merged.parquet")},
		{"convert", "--from", "parquet", "--to", "pgn"},
		{"validate"},
		{"fmt", "--check"},
	} {
		code, peakMB, stderr := peakRSS(t, append(args, names...)...)
		crashed(t, args[0], stderr, code)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2:\n%.2000s", args[0], code, stderr)
		}
		// merge checks its parts first and stops at the first it cannot
		// join, convert at the first input it cannot read; validate and
		// fmt go on to the next.
		reported := tables
		if args[0] == "merge" || args[0] == "convert" {
			reported = tables[:1]
		}
		for _, tc := range reported {
			for i := range 4 {
				if args[0] != "validate" && args[0] != "fmt" && i > 0 {
					break
				}
				name := filepath.Join(dir, fmt.Sprintf("%s-%d.parquet", tc.name, i+1))
				for _, want := range []string{name + ": ", "malformed Parquet table", tc.want} {
					if !strings.Contains(stderr, want) {
						t.Errorf("%s: no error with %q:\n%.3000s", args[0], want, stderr)
					}
				}
			}
		}
		if peakMB > 100 {
			t.Errorf("%s of %d tables of a few KB: peak memory %d MB", args[0], len(names), peakMB)
		}
	}
}
