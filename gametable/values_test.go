package gametable

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

// fuzzSeed returns the bytes of a seed of FuzzReadTable's corpus.
func fuzzSeed(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzReadTable", name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		t.Fatalf("%s is not a seed of one value", name)
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return []byte(s)
}

// allocated returns the bytes f allocates (the heap's total, which counts
// what is freed again too).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// readErrors reads table with Check, a Reader, a text Reader and
// CopyTable, and returns their errors and what reading allocated.
func readErrors(table []byte) ([]error, uint64) {
	var errs []error
	n := allocated(func() {
		errs = append(errs, Check(bytes.NewReader(table), int64(len(table))))
		_, more := readAll(table)
		errs = append(errs, more...)
	})
	return errs, n
}

// refusedAll fails t unless every error of readErrors has each of want.
func refusedAll(t *testing.T, errs []error, want ...string) {
	t.Helper()
	for i, err := range errs {
		how := []string{"Check", "Reader", "text Reader", "CopyTable"}[i]
		for _, w := range append(want, "malformed Parquet table") {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want an error with %q", how, err, w)
			}
		}
	}
}

// TestDeltaCountRefused: a table whose page of DELTA_LENGTH_BYTE_ARRAY
// values says, in the delta header the library allocates by, 268 million
// lengths in a page of two values (FuzzReadTable's seed 0a310228836cbdba,
// a table without CRCs) is refused by Check, both readers and CopyTable,
// naming the column and the page, and reading it allocates little: the
// library makes 4 bytes a length it is told of before it reads one.
func TestDeltaCountRefused(t *testing.T) {
	errs, n := readErrors(fuzzSeed(t, "0a310228836cbdba"))
	refusedAll(t, errs, "row group 1, column winner: data page 1 (at 1199): its DELTA_LENGTH_BYTE_ARRAY values: a delta header of 268435328 values in a page of 2")
	if n > 64<<20 {
		t.Errorf("reading the table allocated %d MiB", n>>20)
	}
}

// layoutRows are fuzzRows and n rows more, with text enough for pages of
// several zstd blocks, and values that share prefixes.
func layoutRows(n int) []*Row {
	rows := fuzzRows()
	for i := range n {
		ev := fmt.Sprintf("Event %d", i%7)
		rows = append(rows, &Row{File: "b.pgn", Game: int64(i + 1), Event: &ev, Winner: []string{"white", "black", ""}[i%3],
			Plies: int64(i % 90), SAN: []string{"e4", "e5", fmt.Sprint(i)}, UCI: []string{"e2e4"},
			Movetext: strings.Repeat(fmt.Sprintf("%d. e4 e5 ", i), 200) + "*\n"})
	}
	return rows
}

// writeLayout writes rows with the writers' options and more.
func writeLayout(t *testing.T, rows []*Row, more ...parquet.WriterOption) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := &Writer{pw: parquet.NewWriter(&buf, writerOptions(more...)...), rows: make([]parquet.Row, 1), huge: DefaultHugeRowPlies}
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

// TestTableLayoutsRead: tables of the same rows as other writers may lay
// them out (pages of version 1, no compression, strings in
// DELTA_BYTE_ARRAY, numbers in DELTA_BINARY_PACKED and booleans in RLE,
// dictionaries),
// with and without CRCs, pass the checks and read back as the writers'
// table: the checks read the values of each layout where they are.
func TestTableLayoutsRead(t *testing.T) {
	rows := layoutRows(300)
	want, errs := readAll(writeRows(t, WriterOptions{}, rows))
	if len(want) != len(rows) || errs[0] != nil {
		t.Fatalf("the writers' table: %d rows, %v", len(want), errs)
	}
	for _, version := range []int{1, 2} {
		for _, codec := range []string{"zstd", "none"} {
			for _, enc := range []string{"writers", "delta", "dictionary"} {
				opts := []parquet.WriterOption{parquet.DataPageVersion(version)}
				if codec == "none" {
					opts = append(opts, parquet.Compression(&parquet.Uncompressed))
				}
				switch enc {
				case "delta":
					opts = append(opts, parquet.DefaultEncodingFor(parquet.ByteArray, &parquet.DeltaByteArray),
						parquet.DefaultEncodingFor(parquet.Int64, &parquet.DeltaBinaryPacked),
						parquet.DefaultEncodingFor(parquet.Boolean, &parquet.RLE))
				case "dictionary":
					opts = append(opts, parquet.DefaultEncodingFor(parquet.ByteArray, &parquet.RLEDictionary))
				}
				name := fmt.Sprintf("v%d, %s, %s", version, codec, enc)
				tables := [][]byte{writeLayout(t, rows, opts...)}
				if enc != "dictionary" { // the library writes no CRC in a dictionary page's header
					tables = append(tables, withoutChecksums(t, tables[0]))
				}
				for _, table := range tables {
					got, errs := readAll(table)
					for i, err := range errs {
						if err != nil {
							t.Errorf("%s: read %d: %v", name, i, err)
						}
					}
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s: the rows read back otherwise", name)
					}
				}
			}
		}
	}
}

// zstdOf returns b as one zstd frame, as the library writes a page.
func zstdOf(t *testing.T, b []byte) []byte {
	t.Helper()
	e, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false))
	if err != nil {
		t.Fatal(err)
	}
	return e.EncodeAll(b, nil)
}

// craftPage returns a data page of values values (nulls included) in
// encoding enc: its header and its bytes. A page of version 1 holds the
// levels and the values in one run of bytes, each kind of level its
// 4-byte length and its bytes, the whole zstd-compressed when compress; a
// page of version 2 holds its levels (rep, then def) uncompressed, and
// its values compressed when compress.
func craftPage(t *testing.T, version int, values int32, enc format.Encoding, compress bool, rep, def, data []byte) []byte {
	t.Helper()
	var h format.PageHeader
	var body []byte
	switch version {
	case 1:
		var raw []byte
		for _, l := range [][]byte{rep, def} {
			if l != nil {
				raw = binary.LittleEndian.AppendUint32(raw, uint32(len(l)))
				raw = append(raw, l...)
			}
		}
		raw = append(raw, data...)
		body = raw
		if compress {
			body = zstdOf(t, raw)
		}
		h = format.PageHeader{Type: format.DataPage, UncompressedPageSize: int32(len(raw)),
			DataPageHeader: thrift.New(format.DataPageHeader{NumValues: values, Encoding: enc, DefinitionLevelEncoding: format.RLE, RepetitionLevelEncoding: format.RLE})}
	default:
		vals := data
		if compress {
			vals = zstdOf(t, data)
		}
		body = append(append(append([]byte(nil), rep...), def...), vals...)
		h = format.PageHeader{Type: format.DataPageV2, UncompressedPageSize: int32(len(rep) + len(def) + len(data)),
			DataPageHeaderV2: thrift.New(format.DataPageHeaderV2{NumValues: values, NumRows: values, Encoding: enc,
				RepetitionLevelsByteLength: int32(len(rep)), DefinitionLevelsByteLength: int32(len(def)), IsCompressed: thrift.New(compress)})}
	}
	h.CompressedPageSize = int32(len(body))
	return append(pageHeader(t, &h), body...)
}

// craftDictionary returns a dictionary page of values values in encoding
// enc, zstd-compressed.
func craftDictionary(t *testing.T, values int32, enc format.Encoding, data []byte) []byte {
	t.Helper()
	body := zstdOf(t, data)
	h := format.PageHeader{Type: format.DictionaryPage, UncompressedPageSize: int32(len(data)), CompressedPageSize: int32(len(body)),
		DictionaryPageHeader: thrift.New(format.DictionaryPageHeader{NumValues: values, Encoding: enc})}
	return append(pageHeader(t, &h), body...)
}

func pageHeader(t *testing.T, h *format.PageHeader) []byte {
	t.Helper()
	b, err := thrift.Marshal(new(thrift.CompactProtocol), h)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// withChunk returns table with the pages of column's chunk in its first
// row group replaced by pages: they are put after the other chunks, and
// the chunk's metadata points to them (its codec none unless zstd).
func withChunk(t *testing.T, table []byte, column string, zstd bool, pages ...[]byte) []byte {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(table[len(table)-8:]))
	start := len(table) - 8 - n
	var meta format.FileMetaData
	if err := decodeThrift(table[start:start+n], &meta); err != nil {
		t.Fatal(err)
	}
	out := bytes.Clone(table[:start])
	at := int64(len(out))
	for _, p := range pages {
		out = append(out, p...)
	}
	found := false
	for i := range meta.RowGroups[0].Columns {
		md := &meta.RowGroups[0].Columns[i].MetaData
		if strings.Join(md.PathInSchema, ".") == column {
			md.DataPageOffset, md.DictionaryPageOffset = at, 0
			md.TotalCompressedSize = int64(len(out)) - at
			md.Codec = format.Uncompressed
			if zstd {
				md.Codec = format.Zstd
			}
			found = true
		}
	}
	if !found {
		t.Fatalf("no column %s", column)
	}
	footer, err := thrift.Marshal(new(thrift.CompactProtocol), &meta)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, footer...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(footer)))
	return append(out, "PAR1"...)
}

// deltaBomb is a DELTA_BINARY_PACKED header of n values and no more: what
// the library allocates by.
func deltaBomb(n uint64) []byte {
	b := binary.AppendUvarint(nil, 128)
	b = binary.AppendUvarint(b, 4)
	b = binary.AppendUvarint(b, n)
	return binary.AppendVarint(b, 0)
}

// deltaInts returns vs in DELTA_BINARY_PACKED, as the library encodes them.
func deltaInts(t *testing.T, vs ...int32) []byte {
	t.Helper()
	b, err := parquet.DeltaBinaryPacked.EncodeInt32(nil, vs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHostileValueCounts: pages whose levels or values carry counts the
// library allocates by (a delta header's count of values; a
// DELTA_BYTE_ARRAY page's prefixes, which may repeat the value before
// them into gigabytes; a dictionary in a delta encoding, which the library
// sizes by the sum of its lengths; RLE runs of levels, dictionary indices
// and booleans, each up to 2^31 values in a few bytes) are refused before
// the library reads them, on pages of version 1 (the values after the
// levels) and 2, compressed or not, by Check, both readers and CopyTable,
// and reading them allocates little. The same pages with honest counts
// read back as the writers' table.
func TestHostileValueCounts(t *testing.T) {
	table := writeRows(t, WriterOptions{}, fuzzRows())
	want, _ := readAll(table)
	// fuzzRows' winners ("white", "") and their lengths.
	winners := []byte("white")
	dlba, err := parquet.DeltaLengthByteArray.EncodeByteArray(nil, winners, []uint32{0, 5, 5})
	if err != nil {
		t.Fatal(err)
	}
	dba := append(append(deltaInts(t, 0, 0), deltaInts(t, 5, 0)...), winners...)
	// A definition level of 1 for two values (RLE: a run of 2), and
	// repetition levels 0 and definition levels of the lists of two rows
	// (san: two moves, then none).
	one := []byte{2 << 1, 1}
	sanRep, sanDef := []byte{1 << 1, 0, 1 << 1, 1, 1 << 1, 0}, []byte{2 << 1, 1, 1 << 1, 0}
	sanValues, err := parquet.DeltaLengthByteArray.EncodeByteArray(nil, []byte("e4e5"), []uint32{0, 2, 4})
	if err != nil {
		t.Fatal(err)
	}

	honest := map[string][]byte{
		"v1 zstd":          withChunk(t, table, "winner", true, craftPage(t, 1, 2, format.DeltaLengthByteArray, true, nil, nil, dlba)),
		"v1 none":          withChunk(t, table, "winner", false, craftPage(t, 1, 2, format.DeltaLengthByteArray, false, nil, nil, dlba)),
		"v2 none":          withChunk(t, table, "winner", true, craftPage(t, 2, 2, format.DeltaLengthByteArray, false, nil, nil, dlba)),
		"v1 zstd, levels":  withChunk(t, table, "san.list.element", true, craftPage(t, 1, 3, format.DeltaLengthByteArray, true, sanRep, sanDef, sanValues)),
		"v2 delta strings": withChunk(t, table, "winner", true, craftPage(t, 2, 2, format.DeltaByteArray, true, nil, nil, dba)),
		"v1 delta strings": withChunk(t, table, "winner", true, craftPage(t, 1, 2, format.DeltaByteArray, true, nil, nil, dba)),
	}
	for name, b := range honest {
		got, errs := readAll(b)
		for i, err := range errs {
			if err != nil {
				t.Errorf("honest %s: read %d: %v", name, i, err)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("honest %s: the rows read back otherwise", name)
		}
	}

	// A table of 8,192 rows, for a page of as many values whose prefixes
	// repeat a first value of 100,000 bytes: 781 MiB of values, which the
	// library reads in 4 times that.
	many := make([]*Row, RowGroupRows)
	for i := range many {
		many[i] = &Row{File: "m.pgn", Game: int64(i + 1), Movetext: "*\n"}
	}
	manyTable := writeRows(t, WriterOptions{}, many)
	prefixes, suffixes := make([]int32, len(many)), make([]int32, len(many))
	for i := range prefixes {
		prefixes[i] = 100_000
	}
	prefixes[0], suffixes[0] = 0, 100_000
	repeated := append(append(deltaInts(t, prefixes...), deltaInts(t, suffixes...)...), bytes.Repeat([]byte("w"), 100_000)...)

	bomb := deltaBomb(1 << 28)
	// An RLE run of 2^31-1 values (a level or index of 1).
	run := append(binary.AppendUvarint(nil, (1<<31-1)<<1), 1)
	plainWinners, err := parquet.Plain.EncodeByteArray(nil, winners, []uint32{0, 5})
	if err != nil {
		t.Fatal(err)
	}
	booleans := binary.LittleEndian.AppendUint32(nil, uint32(len(run)))
	for _, tc := range []struct {
		name  string
		table []byte
		want  []string
	}{
		{"v2 zstd", withChunk(t, table, "winner", true, craftPage(t, 2, 2, format.DeltaLengthByteArray, true, nil, nil, bomb)),
			[]string{"column winner: data page 1 (at ", "its DELTA_LENGTH_BYTE_ARRAY values: a delta header of 268435456 values in a page of 2"}},
		{"v2 none", withChunk(t, table, "winner", true, craftPage(t, 2, 2, format.DeltaLengthByteArray, false, nil, nil, bomb)),
			[]string{"a delta header of 268435456 values in a page of 2"}},
		{"v1 zstd", withChunk(t, table, "winner", true, craftPage(t, 1, 2, format.DeltaLengthByteArray, true, nil, nil, bomb)),
			[]string{"a delta header of 268435456 values in a page of 2"}},
		{"v1 none", withChunk(t, table, "winner", false, craftPage(t, 1, 2, format.DeltaLengthByteArray, false, nil, nil, bomb)),
			[]string{"a delta header of 268435456 values in a page of 2"}},
		{"v1 zstd, definition levels", withChunk(t, table, "Event", true, craftPage(t, 1, 2, format.DeltaLengthByteArray, true, nil, one, bomb)),
			[]string{"column Event: data page 1 (at ", "its DELTA_LENGTH_BYTE_ARRAY values: a delta header of 268435456 values in a page of 2"}},
		{"v1 none, both levels", withChunk(t, table, "san.list.element", false, craftPage(t, 1, 3, format.DeltaLengthByteArray, false, sanRep, sanDef, bomb)),
			[]string{"column san.list.element: data page 1 (at ", "its DELTA_LENGTH_BYTE_ARRAY values: a delta header of 268435456 values in a page of 3"}},
		{"v2 zstd, levels", withChunk(t, table, "san.list.element", true, craftPage(t, 2, 3, format.DeltaLengthByteArray, true, sanRep, sanDef, bomb)),
			[]string{"a delta header of 268435456 values in a page of 3"}},
		{"numbers", withChunk(t, table, "plies", true, craftPage(t, 2, 2, format.DeltaBinaryPacked, true, nil, nil, bomb)),
			[]string{"column plies: data page 1 (at ", "its DELTA_BINARY_PACKED values: a delta header of 268435456 values in a page of 2"}},
		{"prefixes", withChunk(t, table, "winner", true, craftPage(t, 2, 2, format.DeltaByteArray, true, nil, nil, bomb)),
			[]string{"its DELTA_BYTE_ARRAY values: its prefix lengths: a delta header of 268435456 values in a page of 2"}},
		{"suffixes", withChunk(t, table, "winner", true, craftPage(t, 1, 2, format.DeltaByteArray, true, nil, nil, append(deltaInts(t, 0, 0), bomb...))),
			[]string{"its DELTA_BYTE_ARRAY values: its suffix lengths: a delta header of 268435456 values in a page of 2"}},
		{"a prefix longer than the value before", withChunk(t, table, "winner", true, craftPage(t, 2, 2, format.DeltaByteArray, true, nil, nil,
			append(append(deltaInts(t, 0, 6), deltaInts(t, 5, 0)...), winners...))),
			[]string{"its DELTA_BYTE_ARRAY values: value 2 has a prefix of 6 bytes and a suffix of 0, after a value of 5"}},
		{"suffixes past the page", withChunk(t, table, "winner", true, craftPage(t, 2, 2, format.DeltaByteArray, true, nil, nil,
			append(append(deltaInts(t, 0, 0), deltaInts(t, 5, 1000)...), winners...))),
			[]string{"its DELTA_BYTE_ARRAY values: suffixes of 1005 bytes in 5"}},
		{"repeated prefixes", withChunk(t, manyTable, "winner", true, craftPage(t, 2, int32(len(many)), format.DeltaByteArray, true, nil, nil, repeated)),
			[]string{"its DELTA_BYTE_ARRAY values: values that make 781 MiB"}},
		{"definition levels, v2", withChunk(t, table, "Event", true, craftPage(t, 2, 2, format.DeltaLengthByteArray, true, nil, run, bomb)),
			[]string{"column Event: data page 1 (at ", "its definition levels' runs make 2147483647 levels, in a page of 2 values"}},
		{"definition levels, v1", withChunk(t, table, "Event", true, craftPage(t, 1, 2, format.DeltaLengthByteArray, true, nil, run, bomb)),
			[]string{"its definition levels' runs make 2147483647 levels, in a page of 2 values"}},
		{"repetition levels, v1", withChunk(t, table, "san.list.element", true, craftPage(t, 1, 3, format.DeltaLengthByteArray, true, run, sanDef, sanValues)),
			[]string{"its repetition levels' runs make 2147483647 levels, in a page of 3 values"}},
		{"repetition levels, v2", withChunk(t, table, "san.list.element", false, craftPage(t, 2, 3, format.DeltaLengthByteArray, false, run, sanDef, sanValues)),
			[]string{"its repetition levels' runs make 2147483647 levels, in a page of 3 values"}},
		{"dictionary indices", withChunk(t, table, "winner", true, craftDictionary(t, 1, format.Plain, plainWinners),
			craftPage(t, 2, 2, format.RLEDictionary, true, nil, nil, append([]byte{1}, run...))),
			[]string{"column winner: data page 1 (at ", "its dictionary indices' runs make 2147483647 indices, in a page of 2 values"}},
		{"booleans", withChunk(t, table, "valid", true, craftPage(t, 1, 2, format.RLE, true, nil, nil, append(booleans, run...))),
			[]string{"column valid: data page 1 (at ", "its booleans' runs make 2147483647 values, in a page of 2"}},
		{"a dictionary in delta", withChunk(t, table, "winner", true,
			craftDictionary(t, 1, format.DeltaLengthByteArray, append(deltaInts(t, 1<<31-1), winners...)),
			craftPage(t, 2, 2, format.RLEDictionary, true, nil, nil, []byte{1, 2 << 1, 0})),
			[]string{"column winner: the dictionary page (at ", ") is in DELTA_LENGTH_BYTE_ARRAY, not PLAIN"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs, n := readErrors(tc.table)
			refusedAll(t, errs, tc.want...)
			if n > 64<<20 {
				t.Errorf("reading the table allocated %d MiB", n>>20)
			}
		})
	}
}

// TestZstdPrefix: the start of a zstd frame decoded as a frame of its
// first blocks is the start of what the frame makes, for frames of one
// block and of many (compressed, raw and RLE blocks), with and without
// their size and checksum.
func TestZstdPrefix(t *testing.T) {
	var text bytes.Buffer
	for i := range 40_000 {
		fmt.Fprintf(&text, "%d. e4 e5 %x ", i, i*i*7919)
	}
	text.Write(bytes.Repeat([]byte("a"), 300_000))
	random := make([]byte, 200_000)
	for i := range random {
		random[i] = byte(i*i*31 + i>>3)
	}
	text.Write(random)
	full := text.Bytes()
	for _, opts := range [][]zstd.EOption{
		{zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false)},
		{zstd.WithEncoderCRC(true), zstd.WithEncoderLevel(zstd.SpeedBetterCompression)},
		{zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithNoEntropyCompression(true)},
	} {
		e, err := zstd.NewWriter(nil, opts...)
		if err != nil {
			t.Fatal(err)
		}
		for _, src := range [][]byte{full[:100], full[:200_000], full} {
			frame := e.EncodeAll(src, nil)
			// As a page in a file: a few bytes before it.
			file := append([]byte("PAR1xx"), frame...)
			if _, err := zstdFrame(bytes.NewReader(file), 6, int64(len(frame))); err != nil {
				t.Fatal(err)
			}
			for _, want := range []int64{1, 40, 200_000, 1 << 20, int64(len(src)) + 1} {
				buf := &checkBuffers{}
				got, whole, err := zstdPrefix(bytes.NewReader(file), 6, int64(len(frame)), want, buf)
				if err != nil {
					t.Fatalf("%d bytes, want %d: %v", len(src), want, err)
				}
				if int64(len(got)) < min(want, int64(len(src))) || !bytes.HasPrefix(src, got) || whole != (len(got) == len(src)) {
					t.Errorf("%d bytes, want %d: %d bytes (whole %v), not the start", len(src), want, len(got), whole)
				}
			}
		}
	}
}
