package gametable

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go/format"
)

// tablePage is one page of a table: where its header and its bytes are,
// and what its header says.
type tablePage struct {
	rowGroup     int    // from 1
	column, name string // the column's path, and the page as errors name it
	header, data int64  // where its header and its bytes start
	h            format.PageHeader
}

// tablePages returns the pages of every column chunk of table, read from
// their headers as checkPages reads them.
func tablePages(t testing.TB, table []byte) []tablePage {
	t.Helper()
	n := int(binary.LittleEndian.Uint32(table[len(table)-8:]))
	var meta format.FileMetaData
	if err := decodeThrift(table[len(table)-8-n:len(table)-8], &meta); err != nil {
		t.Fatal(err)
	}
	r := bytes.NewReader(table)
	var out []tablePage
	for g := range meta.RowGroups {
		for _, c := range meta.RowGroups[g].Columns {
			md := &c.MetaData
			start := md.DataPageOffset
			if md.DictionaryPageOffset > 0 && md.DictionaryPageOffset < start {
				start = md.DictionaryPageOffset
			}
			end, data := start+md.TotalCompressedSize, 0
			for at := start; at < end; {
				p := tablePage{rowGroup: g + 1, column: strings.Join(md.PathInSchema, "."), header: at}
				k, err := readPageHeader(r, at, end, &p.h)
				if err != nil {
					t.Fatal(err)
				}
				p.data = at + int64(k)
				p.name = "the dictionary page"
				if p.h.Type != format.DictionaryPage {
					data++
					p.name = fmt.Sprintf("data page %d", data)
				}
				out = append(out, p)
				at = p.data + int64(p.h.CompressedPageSize)
			}
		}
	}
	return out
}

// withoutChecksums returns table with the CRC of every page header set to
// 0, which readers take as no CRC (the format's field is optional, and
// the library's and checkPages' header types cannot tell the two apart):
// the table as a writer that leaves the CRC out writes it. The value is
// written as a varint of the old one's length (0x80 ... 0x00), so that
// no offset of the file moves.
func withoutChecksums(t testing.TB, table []byte) []byte {
	t.Helper()
	out := bytes.Clone(table)
	for _, p := range tablePages(t, table) {
		// Fields 1 to 4 (type, sizes, CRC) are i32s, each a header byte
		// (field delta 1, type i32: 0x15) and a zigzag varint.
		i := p.header
		for field := 1; field <= 4; field++ {
			if out[i] != 0x15 {
				t.Fatalf("page header at %d: field %d has header byte %#x, want 0x15", p.header, field, out[i])
			}
			i++
			_, n := binary.Uvarint(out[i:])
			if field == 4 {
				for j := range n - 1 {
					out[i+int64(j)] = 0x80
				}
				out[i+int64(n)-1] = 0
			}
			i += int64(n)
		}
	}
	return out
}

// readAll reads every row of table with a Reader, a text Reader and
// CopyTable, and returns the rows the Reader read and the first error of
// each (nil when it read to the end).
func readAll(table []byte) (rows []Row, errs []error) {
	size := int64(len(table))
	for _, open := range []func(io.ReaderAt, int64) (*Reader, error){NewReader, NewTextReader} {
		rd, err := open(bytes.NewReader(table), size)
		for err == nil {
			var r *Row
			if r, err = rd.Next(); err == nil && len(errs) == 0 {
				rows = append(rows, normal(r))
			}
		}
		if rd != nil {
			rd.Close()
		}
		if errors.Is(err, io.EOF) {
			err = nil
		}
		errs = append(errs, err)
	}
	w := NewWriter(io.Discard, WriterOptions{})
	errs = append(errs, w.CopyTable(bytes.NewReader(table), size))
	return rows, errs
}

// checksumTables are the tables of the checksum tests: fuzzRows' table,
// and one with rows written alone (their row groups written a column at a
// time, and copied as they are by CopyTable).
func checksumTables(t *testing.T) map[string][]byte {
	return map[string][]byte{"small": writeRows(t, lowHuge, fuzzRows()), "alone": writeRows(t, lowHuge, hugeRows(3000))}
}

// TestPagesCarryChecksums: every page the writers write carries the CRC-32
// of its bytes as stored in its header.
func TestPagesCarryChecksums(t *testing.T) {
	for name, table := range checksumTables(t) {
		pages := tablePages(t, table)
		if len(pages) < len(fileSchema().Columns()) {
			t.Fatalf("%s: %d pages, fewer than the columns", name, len(pages))
		}
		for _, p := range pages {
			data := table[p.data : p.data+int64(p.h.CompressedPageSize)]
			if p.h.CRC == 0 {
				t.Errorf("%s: row group %d, column %s, %s: no CRC", name, p.rowGroup, p.column, p.name)
			} else if got := crc32.ChecksumIEEE(data); uint32(p.h.CRC) != got {
				t.Errorf("%s: row group %d, column %s, %s: CRC %08x, its bytes make %08x", name, p.rowGroup, p.column, p.name, uint32(p.h.CRC), got)
			}
			// pageCRC reads a page a buffer at a time.
			if got, err := pageCRC(bytes.NewReader(table), p.data, int64(len(data)), make([]byte, 7)); err != nil || got != crc32.ChecksumIEEE(data) {
				t.Errorf("%s: row group %d, column %s, %s: pageCRC %08x, %v", name, p.rowGroup, p.column, p.name, got, err)
			}
		}
	}
}

// TestPageChecksumMismatch: a byte changed in any page's bytes (not its
// header) makes the table that input's error before a row is read, on
// every way of reading it (Check, a Reader, a text Reader, CopyTable),
// naming the row group, the column and the page; a row group CopyTable
// copies as it is included.
func TestPageChecksumMismatch(t *testing.T) {
	for name, table := range checksumTables(t) {
		for _, p := range tablePages(t, table) {
			b := bytes.Clone(table)
			b[p.data+int64(p.h.CompressedPageSize)/2] ^= 0x10
			want := fmt.Sprintf("row group %d, column %s: %s (at %d): checksum mismatch", p.rowGroup, p.column, p.name, p.data)
			errs := []error{Check(bytes.NewReader(b), int64(len(b)))}
			_, more := readAll(b)
			for i, err := range append(errs, more...) {
				how := []string{"Check", "Reader", "text Reader", "CopyTable"}[i]
				if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "Parquet") {
					t.Errorf("%s table, %s: %v, want an error with %q", name, how, err, want)
				}
			}
		}
	}
}

// TestTableWithoutChecksums: a table whose pages carry no CRC (as other
// writers write) reads as the table with them.
func TestTableWithoutChecksums(t *testing.T) {
	for name, table := range checksumTables(t) {
		bare := withoutChecksums(t, table)
		for _, p := range tablePages(t, bare) {
			if p.h.CRC != 0 {
				t.Fatalf("%s: row group %d, column %s, %s: a CRC left", name, p.rowGroup, p.column, p.name)
			}
		}
		want, errs := readAll(table)
		got, bareErrs := readAll(bare)
		for i := range errs {
			if errs[i] != nil || bareErrs[i] != nil {
				t.Errorf("%s: read %d: %v, without CRCs %v", name, i, errs[i], bareErrs[i])
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: without CRCs the rows read back otherwise", name)
		}
	}
}
