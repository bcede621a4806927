package gametable

// What a table's bytes must be before the Parquet library reads them. The
// library trusts its input: on a malformed file it panics (which the reader
// recovers: caught), and on some it cannot fail at all: a list or a buffer
// of the size a corrupt header says, gigabytes from a few bytes, or a
// codec whose decoder grows its buffer without end on bytes it cannot
// decode (LZ4). A runaway allocation is a fatal error, not a panic, so
// those are checked first, here (docs/robustness.md, "Parquet input").
// So is every page's checksum: the library checks a page's only as it
// reads it, after the rows before it were given out, and not those of the
// columns a text reader leaves out.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"unsafe"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"
)

const (
	// maxFooterBytes bounds a table's footer (its metadata). A footer
	// takes some 5 KB per row group of 8,192 games (corpus-10k's table):
	// 64 MiB is some 13,000 row groups, 100 million games.
	maxFooterBytes = 64 << 20
	// maxMetadataCost bounds the memory the library gives the metadata of
	// a table (its footer, the page index of a column chunk) as thriftCost
	// counts it: some 75 KB per row group of a footer, so that it bounds
	// the footers of about as many games as maxFooterBytes.
	maxMetadataCost = 1 << 30
	// maxRowGroupCost bounds what reading a row group may take: a
	// reader holds a page of each column and makes a value of each of the
	// group's values (valueCost bytes). A row group of 8,192 ordinary
	// games takes some tens of MB; the row of a game of 2 million plies
	// (16 MB of text), some 200 MB.
	maxRowGroupCost = 2 << 30
	valueCost       = 32
	// thriftDepth bounds how deep the metadata's structures nest: the
	// format's nest a few levels deep, and a skipper that followed any
	// depth would overflow its stack on a footer of nested headers.
	thriftDepth = 32
)

// errMalformed is the error of a table that is not a well-formed Parquet
// file of games.
var errMalformed = errors.New("malformed Parquet table")

func malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errMalformed, fmt.Sprintf(format, args...))
}

// caught turns a panic of the Parquet library on a malformed table into
// the error of the call it interrupted (*err). Deferred by every call
// into the library that reads a table.
func caught(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("reading Parquet: %w: the Parquet library failed on it (%v)", errMalformed, r)
	}
}

// tableCodecs are the compression codecs a table may use: zstd, which the
// writers write, and none. The library's LZ4 decoders double their buffer
// for as long as the bytes do not decode, so a corrupt page ends the
// process; the others a table of games never has.
var tableCodecs = map[format.CompressionCodec]bool{format.Zstd: true, format.Uncompressed: true}

// checkFile checks what the library would trust in the file r of size
// bytes before it reads it: the magic bytes, the footer's length, its
// structure (thriftCost), and in its metadata the row groups, the
// columns' codecs and where their data and page index lie. The page
// index itself is checked as the footer is.
func checkFile(r io.ReaderAt, size int64) error {
	if size < 12 {
		return malformed("%d bytes is too short for a Parquet file", size)
	}
	var head, tail [8]byte
	if _, err := r.ReadAt(head[:4], 0); err != nil {
		return fmt.Errorf("reading Parquet: %w", err)
	}
	if _, err := r.ReadAt(tail[:], size-8); err != nil {
		return fmt.Errorf("reading Parquet: %w", err)
	}
	if string(head[:4]) != "PAR1" || string(tail[4:]) != "PAR1" {
		return malformed("no PAR1 magic at both ends (a file cut short, or not Parquet)")
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	if n > size-12 || n > maxFooterBytes {
		return malformed("a footer of %d bytes in a file of %d", n, size)
	}
	footerStart := size - 8 - n
	footer := make([]byte, n)
	if _, err := r.ReadAt(footer, footerStart); err != nil {
		return fmt.Errorf("reading Parquet: %w", err)
	}
	if err := thriftCost(footer); err != nil {
		return malformed("footer: %v", err)
	}
	var meta format.FileMetaData
	if err := decodeThrift(footer, &meta); err != nil {
		return malformed("footer: %v", err)
	}
	if meta.EncryptionAlgorithm.Value != nil {
		return malformed("the table is encrypted")
	}
	// Each row group has a chunk per leaf of the file's own schema (which
	// openTable compares with a table of games' once the library read it).
	leaves := 0
	for i := range meta.Schema {
		if !meta.Schema[i].NumChildren.Valid || meta.Schema[i].NumChildren.V == 0 {
			leaves++
		}
	}
	rows := int64(0)
	sum := make([]byte, crcBuffer)
	for i := range meta.RowGroups {
		rg := &meta.RowGroups[i]
		if rg.NumRows < 0 || rg.NumRows > RowGroupRows {
			return malformed("row group %d has %d rows (at most %d)", i+1, rg.NumRows, RowGroupRows)
		}
		rows += rg.NumRows
		if len(rg.Columns) != leaves {
			return malformed("row group %d has %d column chunks, want %d", i+1, len(rg.Columns), leaves)
		}
		cost := int64(0)
		for j := range rg.Columns {
			c := &rg.Columns[j]
			err := checkChunk(r, c, footerStart)
			var pages chunkPages
			if err == nil {
				pages, err = checkPages(r, c, rg.NumRows, sum)
			}
			if err != nil {
				return malformed("row group %d, column %s: %v", i+1, strings.Join(c.MetaData.PathInSchema, "."), err)
			}
			cost += pages.largest + valueCost*pages.values
		}
		if cost > maxRowGroupCost {
			return malformed("row group %d would take %d MiB to read (at most %d)", i+1, cost>>20, maxRowGroupCost>>20)
		}
	}
	if rows != meta.NumRows {
		return malformed("the footer says %d rows, its row groups %d", meta.NumRows, rows)
	}
	return nil
}

// checkChunk checks one column chunk's metadata: its codec, and that its
// data and its page index lie in the file before the footer (the page
// index read and checked as the footer is).
func checkChunk(r io.ReaderAt, c *format.ColumnChunk, footerStart int64) error {
	md := &c.MetaData
	if c.FilePath != "" {
		return fmt.Errorf("its data is in another file (%q)", c.FilePath)
	}
	if !tableCodecs[md.Codec] {
		return fmt.Errorf("compressed with %s (a table of games is compressed with zstd)", md.Codec)
	}
	if md.NumValues < 0 {
		return fmt.Errorf("%d values", md.NumValues)
	}
	start := md.DataPageOffset
	if md.DictionaryPageOffset > 0 && md.DictionaryPageOffset < start {
		start = md.DictionaryPageOffset
	}
	if !inBody(start, md.TotalCompressedSize, footerStart) {
		return fmt.Errorf("its data (%d bytes at %d) is not in the file", md.TotalCompressedSize, start)
	}
	for _, ix := range []struct {
		what   string
		offset int64
		length int32
	}{{"column index", c.ColumnIndexOffset, c.ColumnIndexLength}, {"offset index", c.OffsetIndexOffset, c.OffsetIndexLength}} {
		if ix.offset == 0 && ix.length == 0 {
			continue
		}
		if !inBody(ix.offset, int64(ix.length), footerStart) {
			return fmt.Errorf("its %s (%d bytes at %d) is not in the file", ix.what, ix.length, ix.offset)
		}
		b := make([]byte, ix.length)
		if _, err := r.ReadAt(b, ix.offset); err != nil {
			return fmt.Errorf("reading its %s: %w", ix.what, err)
		}
		if err := thriftCost(b); err != nil {
			return fmt.Errorf("its %s: %v", ix.what, err)
		}
	}
	return nil
}

// chunkPages is what checkPages learnt of a column chunk's pages: what
// the largest takes (uncompressed, with the dictionary the chunk's pages
// keep), and how many values they hold.
type chunkPages struct {
	largest, values int64
}

// checkPages walks the pages of a column chunk (checkChunk checked that
// they lie in the file) as the library will read them, and checks what it
// trusts in their headers: the sizes, which it allocates, and the values,
// for which it makes levels and values. A page holds at most rows values
// and one per byte beyond (each value past a row's first is an element
// of a list, which takes a byte at least), and a zstd page is one frame
// whose blocks make little more than the page's size (zstdFrame): the
// decoder writes whatever the frame makes, a few bytes making a block of
// 128 KB. A page whose header carries a CRC must have the bytes it was
// written with (the writers put one in every page); a page without one,
// as some other writers write, is read unchecked.
// sum is a buffer for reading the pages' bytes.
func checkPages(r io.ReaderAt, c *format.ColumnChunk, rows int64, sum []byte) (chunkPages, error) {
	md := &c.MetaData
	var pages chunkPages
	dictionary, dictionaries, dataPages := int64(0), 0, 0
	start := md.DataPageOffset
	if md.DictionaryPageOffset > 0 && md.DictionaryPageOffset < start {
		start = md.DictionaryPageOffset
	}
	end := start + md.TotalCompressedSize
	for at := start; at < end; {
		var h format.PageHeader
		n, err := readPageHeader(r, at, end, &h)
		if err != nil {
			return pages, fmt.Errorf("page header at %d: %v", at, err)
		}
		at += int64(n)
		size, usize := int64(h.CompressedPageSize), int64(h.UncompressedPageSize)
		if size < 0 || usize < 0 || size > end-at {
			return pages, fmt.Errorf("a page of %d bytes (%d uncompressed) at %d, in a chunk that ends at %d", size, usize, at, end)
		}
		page := "the dictionary page"
		if h.Type != format.DictionaryPage {
			dataPages++
			page = fmt.Sprintf("data page %d", dataPages)
		}
		if h.CRC != 0 {
			got, err := pageCRC(r, at, size, sum)
			if err != nil {
				return pages, fmt.Errorf("%s (at %d): %v", page, at, err)
			}
			if want := uint32(h.CRC); got != want {
				return pages, fmt.Errorf("%s (at %d): checksum mismatch: its header says CRC-32 %08x, its %d bytes make %08x (the table was damaged after it was written)", page, at, want, size, got)
			}
		}
		values, levels, compressed := int64(0), int64(0), true
		switch {
		case h.Type == format.DataPage && h.DataPageHeader.Valid:
			values = int64(h.DataPageHeader.V.NumValues)
		case h.Type == format.DataPageV2 && h.DataPageHeaderV2.Valid:
			v2 := &h.DataPageHeaderV2.V
			values = int64(v2.NumValues)
			levels = int64(v2.RepetitionLevelsByteLength) + int64(v2.DefinitionLevelsByteLength)
			if v2.RepetitionLevelsByteLength < 0 || v2.DefinitionLevelsByteLength < 0 || levels > size || levels > usize {
				return pages, fmt.Errorf("levels of %d bytes in a page of %d", levels, size)
			}
			compressed = !v2.IsCompressed.Valid || v2.IsCompressed.V
		case h.Type == format.DictionaryPage && h.DictionaryPageHeader.Valid:
			if dictionaries++; dictionaries > 1 {
				return pages, errors.New("a second dictionary page")
			}
			values = int64(h.DictionaryPageHeader.V.NumValues)
		case h.Type == format.DataPage || h.Type == format.DataPageV2 || h.Type == format.DictionaryPage:
			return pages, fmt.Errorf("a page of type %s without its header", h.Type)
		default:
			return pages, fmt.Errorf("a page of type %s", h.Type)
		}
		// A value can take less than a byte: dictionary indices and
		// levels are bit-packed (a bit each at least) or run-length
		// encoded (a run of any length in a few bytes), so a page of a
		// nested list may hold more values than bytes. The bound allows
		// that, and runs of up to pageRunSlack values, while a count no
		// page of ours could have is still refused before the library
		// allocates for it.
		if values < 0 || values > rows+8*usize+pageRunSlack {
			return pages, fmt.Errorf("a page of %d values in %d bytes, in a row group of %d rows", values, usize, rows)
		}
		switch {
		case md.Codec == format.Uncompressed || !compressed:
			if size != usize {
				return pages, fmt.Errorf("an uncompressed page of %d bytes that says %d", size, usize)
			}
		default: // zstd (tableCodecs)
			most, err := zstdFrame(r, at+levels, size-levels)
			if err != nil {
				return pages, fmt.Errorf("the page at %d: %v", at, err)
			}
			// The encoder fills its blocks: more blocks than the page's
			// size needs would make more than it says.
			if want := usize - levels; most > 2*want+zstdBlock {
				return pages, fmt.Errorf("the page at %d says %d bytes, its zstd blocks may make %d", at, want, most)
			}
			usize = max(usize, levels+most)
		}
		if h.Type == format.DictionaryPage {
			// The dictionary is kept with the pages, its values made.
			dictionary = usize + valueCost*values
		} else {
			pages.values += values
			pages.largest = max(pages.largest, usize)
		}
		at += size
	}
	if pages.values != md.NumValues {
		return pages, fmt.Errorf("its pages hold %d values, its metadata says %d", pages.values, md.NumValues)
	}
	pages.largest += dictionary
	return pages, nil
}

// crcBuffer is how many bytes of a page pageCRC reads at a time.
const crcBuffer = 64 << 10

// pageCRC returns the CRC-32 (IEEE) of the n bytes at off, read through
// buf: a page's checksum as the format defines it, of its bytes as stored
// (compressed, levels included).
func pageCRC(r io.ReaderAt, off, n int64, buf []byte) (uint32, error) {
	sum := uint32(0)
	for n > 0 {
		b := buf[:min(n, int64(len(buf)))]
		if _, err := r.ReadAt(b, off); err != nil {
			return 0, err
		}
		sum = crc32.Update(sum, crc32.IEEETable, b)
		off += int64(len(b))
		n -= int64(len(b))
	}
	return sum, nil
}

// readPageHeader reads the page header at off into h (the chunk ends at
// end) and returns its length. A header is read in a window that grows
// until it holds it: its statistics hold a page's least and greatest
// values, a tag value each in a tag's column, which may be long.
func readPageHeader(r io.ReaderAt, off, end int64, h *format.PageHeader) (int, error) {
	for window := int64(4 << 10); ; window *= 8 {
		n := min(window, end-off)
		b := make([]byte, n)
		if _, err := r.ReadAt(b, off); err != nil {
			return 0, err
		}
		k, err := thriftPrefix(b)
		if errors.Is(err, errThriftShort) && n == window {
			continue // a header longer than the window
		}
		if err != nil {
			return 0, err
		}
		return k, decodeThrift(b[:k], h)
	}
}

// zstdFrame checks that the n bytes at off are one zstd frame (RFC 8878)
// and returns the most it can decode to: what its blocks say, a block
// making at most zstdBlock bytes (the decoder fails on more). A second
// frame after it would be decoded too, so the page must end with it.
func zstdFrame(r io.ReaderAt, off, n int64) (int64, error) {
	var b [18]byte // the longest frame header
	k := min(int64(len(b)), n)
	if _, err := r.ReadAt(b[:k], off); err != nil {
		return 0, err
	}
	h := b[:k]
	if len(h) < 6 || binary.LittleEndian.Uint32(h) != 0xFD2FB528 {
		return 0, errors.New("not a zstd frame")
	}
	desc := h[4]
	pos := 5
	if desc&0x20 == 0 {
		pos++ // the window descriptor (no single segment)
	}
	pos += [4]int{0, 1, 2, 4}[desc&3] // the dictionary id
	fcs := [4]int{0, 2, 4, 8}[desc>>6]
	if fcs == 0 && desc&0x20 != 0 {
		fcs = 1
	}
	at := int64(pos + fcs)
	most := int64(0)
	var bh [3]byte
	for last := false; !last; {
		if at+3 > n {
			return 0, errors.New("a zstd frame cut short")
		}
		if _, err := r.ReadAt(bh[:], off+at); err != nil {
			return 0, err
		}
		v := uint32(bh[0]) | uint32(bh[1])<<8 | uint32(bh[2])<<16
		at += 3
		last = v&1 != 0
		size := int64(v >> 3)
		switch (v >> 1) & 3 {
		case 0: // raw: its bytes follow
			at += size
			most += size
		case 1: // RLE: one byte, made size times
			at++
			most += size
		case 2: // compressed: its bytes follow
			at += size
			most += zstdBlock
		default:
			return 0, errors.New("a reserved zstd block type")
		}
	}
	if desc&4 != 0 {
		at += 4 // the checksum
	}
	if at != n {
		return 0, fmt.Errorf("a zstd frame of %d bytes in a page of %d", at, n)
	}
	return most, nil
}

// zstdBlock is the most a zstd block makes.
const zstdBlock = 128 << 10

// inBody reports whether n bytes at off lie between the leading magic
// bytes and the footer.
func inBody(off, n, footerStart int64) bool {
	return off >= 4 && n >= 0 && off <= footerStart && n <= footerStart-off
}

func decodeThrift(b []byte, v any) error {
	return thrift.Unmarshal(new(thrift.CompactProtocol), b, v)
}

// The compact protocol's types (Apache Thrift's spec of it).
const (
	tStop     = 0
	tTrue     = 1
	tFalse    = 2
	tByte     = 3
	tI16      = 4
	tI32      = 5
	tI64      = 6
	tDouble   = 7
	tBinary   = 8
	tList     = 9
	tSet      = 10
	tMap      = 11
	tStruct   = 12
	tUUID     = 13
	costOfAny = int64(unsafe.Sizeof(format.ColumnChunk{}))
)

// thriftCost walks b, one struct in Thrift's compact protocol, as the
// library's decoder will, and fails where that would cost more than
// maxMetadataCost or nest deeper than thriftDepth: the decoder makes a
// list of the length its header says before it reads the elements, and an
// element takes the size of its Go type (up to costOfAny, a column chunk's
// metadata) whatever few bytes encode it. b must hold the struct whole
// and nothing after it.
func thriftCost(b []byte) error {
	n, err := thriftPrefix(b)
	if err == nil && n != len(b) {
		err = fmt.Errorf("%d bytes after its end", len(b)-n)
	}
	return err
}

// thriftPrefix is thriftCost for a struct at the start of b, followed by
// other bytes: it returns the struct's length.
func thriftPrefix(b []byte) (int, error) {
	w := thriftWalker{b: b}
	if err := w.value(tStruct, 0); err != nil {
		return 0, err
	}
	return w.i, nil
}

type thriftWalker struct {
	b    []byte
	i    int
	cost int64
}

var errThriftShort = errors.New("cut short")

func (w *thriftWalker) byte() (byte, error) {
	if w.i >= len(w.b) {
		return 0, errThriftShort
	}
	w.i++
	return w.b[w.i-1], nil
}

func (w *thriftWalker) uvarint() (uint64, error) {
	v, n := binary.Uvarint(w.b[w.i:])
	if n <= 0 {
		return 0, errThriftShort
	}
	w.i += n
	return v, nil
}

func (w *thriftWalker) skip(n uint64) error {
	if n > uint64(len(w.b)-w.i) {
		return errThriftShort
	}
	w.i += int(n)
	return nil
}

// charge adds n elements of the given type to the cost.
func (w *thriftWalker) charge(n uint64, typ byte) error {
	each := int64(16)
	if typ == tStruct || typ == tList || typ == tSet || typ == tMap {
		each = costOfAny
	}
	// Every element takes a byte at least: a count over the bytes left is
	// a corrupt header (or one cut short), whatever its cost. (A binary
	// value costs its bytes, which are in b.)
	if n > uint64(len(w.b)-w.i) {
		return fmt.Errorf("%w: a list of %d elements in %d bytes", errThriftShort, n, len(w.b)-w.i)
	}
	w.cost += int64(n) * each
	if w.cost > maxMetadataCost {
		return fmt.Errorf("it would take more than %d MiB to decode", maxMetadataCost>>20)
	}
	return nil
}

func (w *thriftWalker) value(typ byte, depth int) error {
	if depth > thriftDepth {
		return fmt.Errorf("nested more than %d deep", thriftDepth)
	}
	switch typ {
	case tTrue, tFalse:
		// A boolean field holds its value in its header's type (an
		// element's takes a byte: element).
		return nil
	case tByte:
		_, err := w.byte()
		return err
	case tI16, tI32, tI64:
		_, err := w.uvarint()
		return err
	case tDouble:
		return w.skip(8)
	case tUUID:
		return w.skip(16)
	case tBinary:
		n, err := w.uvarint()
		if err != nil {
			return err
		}
		return w.skip(n)
	case tList, tSet:
		h, err := w.byte()
		if err != nil {
			return err
		}
		n, elem := uint64(h>>4), h&0xf
		if n == 0xf {
			if n, err = w.uvarint(); err != nil {
				return err
			}
		}
		if err := w.charge(n, elem); err != nil {
			return err
		}
		for range n {
			if err := w.element(elem, depth+1); err != nil {
				return err
			}
		}
		return nil
	case tMap:
		n, err := w.uvarint()
		if err != nil || n == 0 {
			return err
		}
		kv, err := w.byte()
		if err != nil {
			return err
		}
		if err := w.charge(2*n, tStruct); err != nil {
			return err
		}
		for range n {
			if err := w.element(kv>>4, depth+1); err != nil {
				return err
			}
			if err := w.element(kv&0xf, depth+1); err != nil {
				return err
			}
		}
		return nil
	case tStruct:
		for {
			h, err := w.byte()
			if err != nil {
				return err
			}
			if h == tStop {
				return nil
			}
			if h>>4 == 0 {
				// A field id of its own, after the header.
				if _, err := w.uvarint(); err != nil {
					return err
				}
			}
			if err := w.value(h&0xf, depth+1); err != nil {
				return err
			}
		}
	}
	return fmt.Errorf("unknown type %d", typ)
}

// element is value for an element of a list, a set or a map: a boolean
// takes a byte there.
func (w *thriftWalker) element(typ byte, depth int) error {
	if typ == tTrue || typ == tFalse {
		_, err := w.byte()
		return err
	}
	return w.value(typ, depth)
}

// sameSchema returns nil when s is the schema of a table of games: the
// same columns with the same types, repetition and logical types as the
// writers write (the name of its root aside), else the first line where
// its text differs.
func sameSchema(s *parquet.Schema) error {
	got, want := schemaLines(s), schemaLines(fileSchema)
	for i := range max(len(got), len(want)) {
		g, w := "(nothing)", "(nothing)"
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			return fmt.Errorf("not a table of games (docs/parquet.md): its schema has %q where a table of games has %q", g, w)
		}
	}
	return nil
}

// schemaLines are the lines of a schema's text after its root's, trimmed
// of their indentation and of the semicolon that ends a column's.
func schemaLines(s *parquet.Schema) []string {
	lines := strings.Split(s.String(), "\n")
	var out []string
	for _, l := range lines[1:] {
		if l = strings.TrimSuffix(strings.TrimSpace(l), ";"); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// pageRunSlack is how many values beyond one a bit of the page a page may
// claim: the run-length encoded runs of a real table.
const pageRunSlack = 1 << 20
