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
	"math"
	"math/bits"
	"strings"
	"sync"
	"unsafe"

	"github.com/klauspost/compress/zstd"
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
	leaves, err := schemaLeaves(meta.Schema)
	if err != nil {
		return malformed("footer: %v", err)
	}
	rows := int64(0)
	buf := &checkBuffers{crc: make([]byte, crcBuffer)}
	for i := range meta.RowGroups {
		rg := &meta.RowGroups[i]
		if rg.NumRows < 0 || rg.NumRows > RowGroupRows {
			return malformed("row group %d has %d rows (at most %d)", i+1, rg.NumRows, RowGroupRows)
		}
		rows += rg.NumRows
		if len(rg.Columns) != len(leaves) {
			return malformed("row group %d has %d column chunks, want %d", i+1, len(rg.Columns), len(leaves))
		}
		cost := int64(0)
		for j := range rg.Columns {
			c := &rg.Columns[j]
			err := checkChunk(r, c, footerStart)
			var pages chunkPages
			if err == nil {
				pages, err = checkPages(r, c, leaves[j], rg.NumRows, buf)
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
// as some other writers write, is read unchecked. What the library
// allocates by inside a data page's levels and values is checked too
// (checkValues), col being the chunk's column.
func checkPages(r io.ReaderAt, c *format.ColumnChunk, col leafColumn, rows int64, buf *checkBuffers) (chunkPages, error) {
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
			got, err := pageCRC(r, at, size, buf.crc)
			if err != nil {
				return pages, fmt.Errorf("%s (at %d): %v", page, at, err)
			}
			if want := uint32(h.CRC); got != want {
				return pages, fmt.Errorf("%s (at %d): checksum mismatch: its header says CRC-32 %08x, its %d bytes make %08x (the table was damaged after it was written)", page, at, want, size, got)
			}
		}
		values, levels, compressed := int64(0), int64(0), true
		dp := dataPage{r: r, col: col, off: at, n: size, buf: buf}
		switch {
		case h.Type == format.DataPage && h.DataPageHeader.Valid:
			v1 := &h.DataPageHeader.V
			values = int64(v1.NumValues)
			dp.enc, dp.repEnc, dp.defEnc = v1.Encoding, v1.RepetitionLevelEncoding, v1.DefinitionLevelEncoding
		case h.Type == format.DataPageV2 && h.DataPageHeaderV2.Valid:
			v2 := &h.DataPageHeaderV2.V
			values = int64(v2.NumValues)
			dp.enc, dp.v2 = v2.Encoding, true
			dp.repLen, dp.defLen = int64(v2.RepetitionLevelsByteLength), int64(v2.DefinitionLevelsByteLength)
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
			// The library decodes a dictionary in the encoding its page
			// says, and sizes it first by what a delta encoding's lengths
			// add up to, which a few bytes can make 2 GiB. The format
			// has dictionaries in PLAIN (PLAIN_DICTIONARY in old
			// writers), and writers write them so.
			if e := h.DictionaryPageHeader.V.Encoding; e != format.Plain && e != format.PlainDictionary {
				return pages, fmt.Errorf("%s (at %d) is in %s, not PLAIN", page, at, e)
			}
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
		if h.Type != format.DictionaryPage {
			dp.values, dp.zstd = values, md.Codec == format.Zstd && compressed
			made, err := checkValues(&dp)
			if err != nil {
				return pages, fmt.Errorf("%s (at %d): %v", page, at, err)
			}
			// What decoding the values takes beside the page.
			usize += made
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
	at, _, err := zstdHeader(h)
	if err != nil {
		return 0, err
	}
	desc := h[4]
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

// leafColumn is what a leaf's place in the schema says of its pages: its
// type, and its greatest repetition and definition levels.
type leafColumn struct {
	typ      format.Type
	rep, def int
}

// schemaLeaves returns the leaves of the schema in the order of a row
// group's column chunks, found as the library finds them: a leaf is an
// element with a type (whatever children it claims), a group has the
// elements after it as its children, and each optional or repeated
// element below the root adds a definition level, a repeated one a
// repetition level too. The elements must make one tree, its levels at
// most 255 (the library's bound).
func schemaLeaves(schema []format.SchemaElement) ([]leafColumn, error) {
	if len(schema) == 0 {
		return nil, errors.New("no schema")
	}
	type group struct{ left, rep, def int }
	var leaves []leafColumn
	var open []group // the groups whose children are still to come
	for i := range schema {
		e := &schema[i]
		rep, def := 0, 0
		if i > 0 {
			for len(open) > 0 && open[len(open)-1].left == 0 {
				open = open[:len(open)-1]
			}
			if len(open) == 0 {
				return nil, fmt.Errorf("schema element %d (%q) is in no group of the schema", i+1, e.Name)
			}
			g := &open[len(open)-1]
			g.left--
			rep, def = g.rep, g.def
			if e.RepetitionType.Valid {
				switch e.RepetitionType.V {
				case format.Optional:
					def++
				case format.Repeated:
					rep++
					def++
				}
			}
			if def > math.MaxUint8 {
				return nil, fmt.Errorf("schema element %d (%q) is nested %d levels deep", i+1, e.Name, def)
			}
		}
		if e.Type.Valid {
			leaves = append(leaves, leafColumn{typ: e.Type.V, rep: rep, def: def})
			continue
		}
		n := 0
		if e.NumChildren.Valid {
			n = int(e.NumChildren.V)
		}
		if n < 0 || n > len(schema)-1-i {
			return nil, fmt.Errorf("schema element %d (%q) has %d children, and %d elements follow it", i+1, e.Name, n, len(schema)-1-i)
		}
		open = append(open, group{left: n, rep: rep, def: def})
	}
	for _, g := range open {
		if g.left > 0 {
			return nil, errors.New("the schema ends before its groups' children")
		}
	}
	return leaves, nil
}

// checkBuffers are the buffers the checks of a table use from page to
// page.
type checkBuffers struct {
	crc     []byte  // a page's bytes, read a buffer at a time (pageCRC)
	levels  []byte  // a page's levels (version 2)
	values  []byte  // a page's values, or their start
	frame   []byte  // a zstd frame read whole, or its first blocks
	lengths []int32 // the prefix lengths of a DELTA_BYTE_ARRAY page
}

// dataPage is a data page as the library reads it: its n bytes at off
// hold, in version 1, its levels and its values, decompressed as one (zstd
// when zstd), each kind of level the column has (rep, def above 0) a
// 4-byte length and as many bytes in encoding repEnc, defEnc, whatever
// the header says; in version 2, repLen bytes of repetition levels and
// defLen of definition levels, both RLE and never compressed, and the
// values after them, zstd when zstd. It holds values values, nulls
// included.
type dataPage struct {
	r              io.ReaderAt
	col            leafColumn
	off, n, values int64
	v2, zstd       bool
	enc            format.Encoding
	repEnc, defEnc format.Encoding // version 1
	repLen, defLen int64           // version 2
	buf            *checkBuffers
	data           []byte // the start of what the page decompresses to (version 2: its values)
	whole          bool   // data is all of it
}

// prefix returns the first want bytes of what the page decompresses to
// (version 2: of its values), or all of them when there are fewer.
func (p *dataPage) prefix(want int64) ([]byte, error) {
	if int64(len(p.data)) < want && !p.whole {
		off, n := p.off, p.n
		if p.v2 {
			off, n = off+p.repLen+p.defLen, n-p.repLen-p.defLen
		}
		var err error
		if p.zstd {
			p.data, p.whole, err = zstdPrefix(p.r, off, n, want, p.buf)
		} else {
			// A few KB at least: want grows a level at a time.
			k := min(n, max(want, 4<<10))
			p.data = append(p.buf.values[:0], make([]byte, k)...)
			_, err = p.r.ReadAt(p.data, off)
			p.whole = k == n
		}
		p.buf.values = p.data
		if err != nil {
			return nil, err
		}
	}
	return p.data[:min(want, int64(len(p.data)))], nil
}

// pageRuns bounds what a page's RLE runs may make: a value per value of
// the page (a writer pads its last bit-packed run to 8 values, a few
// more), and pageRunSlack more, the slack the page's value count has.
func pageRuns(values int64) int64 { return values + pageRunSlack }

// levels checks the page's levels that the library decodes (RLE: each run
// says how many levels it makes, up to 2^31 in a few bytes, and the
// decoder makes them all), and returns where its values start in what
// prefix reads, and false when the page ends before its levels do, which
// the library refuses before it reads a value.
func (p *dataPage) levels() (int64, bool, error) {
	kinds := []struct {
		what     string
		max      int
		enc      format.Encoding
		v2Length int64
	}{{"repetition", p.col.rep, p.repEnc, p.repLen}, {"definition", p.col.def, p.defEnc, p.defLen}}
	if p.v2 {
		at := p.off
		for _, k := range kinds {
			if k.max > 0 && k.v2Length > 0 {
				b := append(p.buf.levels[:0], make([]byte, k.v2Length)...)
				p.buf.levels = b
				if _, err := p.r.ReadAt(b, at); err != nil {
					return 0, false, err
				}
				if err := levelRuns(b, k.what, k.max, p.values); err != nil {
					return 0, false, err
				}
			}
			at += k.v2Length
		}
		return 0, true, nil
	}
	skip := int64(0)
	for _, k := range kinds {
		if k.max == 0 {
			continue
		}
		b, err := p.prefix(skip + 4)
		if err != nil || int64(len(b)) < skip+4 {
			return 0, false, err
		}
		end := skip + 4 + int64(binary.LittleEndian.Uint32(b[skip:]))
		if k.enc == format.RLE {
			if b, err = p.prefix(end); err != nil || int64(len(b)) < end {
				return 0, false, err
			}
			if err := levelRuns(b[skip+4:end], k.what, k.max, p.values); err != nil {
				return 0, false, err
			}
		}
		skip = end
	}
	return skip, true, nil
}

// levelRuns checks the RLE runs of levels of at most max in a page of
// values values.
func levelRuns(b []byte, what string, max int, values int64) error {
	if made := rleRuns(b, uint(bits.Len(uint(max))), pageRuns(values)); made > pageRuns(values) {
		return fmt.Errorf("its %s levels' runs make %d levels, in a page of %d values", what, made, values)
	}
	return nil
}

// rleRuns walks the runs of b in the RLE and bit-packing hybrid encoding,
// each value of width bits, as the library's decoder does, and returns
// how many values they make, or a number over most once they make more.
// It stops where the decoder fails.
func rleRuns(b []byte, width uint, most int64) int64 {
	made := int64(0)
	for i := 0; i < len(b) && made <= most; {
		u, n := binary.Uvarint(b[i:])
		if n <= 0 || u>>1 > math.MaxInt32 {
			break
		}
		i += n
		count := int64(u >> 1)
		if u&1 != 0 { // bit-packed: groups of 8 values
			if int64(len(b)-i) < count*int64(width) {
				break
			}
			i += int(count * int64(width))
			made += 8 * count
		} else { // a run of one value
			i += int(width+7) / 8
			made += count
		}
	}
	return made
}

// deltaHeaderBytes is the most a DELTA_BINARY_PACKED header takes: four
// varints (block size, mini blocks, values, first value).
const deltaHeaderBytes = 4 * binary.MaxVarintLen64

// checkValues checks the counts the library allocates by in a data page's
// levels (levels) and values, and returns what decoding the values takes
// beyond the page's bytes. A delta encoding's values start with a header
// that says how many values follow (DELTA_BINARY_PACKED; the lengths of
// DELTA_LENGTH_BYTE_ARRAY; the prefix lengths of DELTA_BYTE_ARRAY, then
// its suffix lengths), and the library's decoder makes a slice of that
// many before it reads one: a header may count no more than the page's
// values, which are bounded already. A DELTA_BYTE_ARRAY page is decoded
// whole: a value's prefix repeats the value before it, so its values may
// make far more than the page's bytes, and what they make counts as the
// page's. Dictionary indices and RLE booleans are RLE runs, which the
// decoder makes whole as levels' are. The other encodings make at most a
// value per byte.
func checkValues(p *dataPage) (int64, error) {
	start, ok, err := p.levels()
	if err != nil || !ok {
		return 0, err
	}
	// values returns the values' first want bytes (all for -1), false
	// when there are none.
	values := func(want int64) ([]byte, bool, error) {
		end := int64(math.MaxInt64)
		if want >= 0 {
			end = start + want
		}
		b, err := p.prefix(end)
		if err != nil || int64(len(b)) <= start {
			return nil, false, err
		}
		return b[start:], true, nil
	}
	switch p.enc {
	case format.DeltaBinaryPacked, format.DeltaLengthByteArray:
		// Only the first header's count: the rest of the page is read
		// by the library's decoder, which stops at the page's end.
		b, ok, err := values(deltaHeaderBytes)
		if err != nil || !ok {
			return 0, err
		}
		if _, err := deltaHeader(b, p.values); err != nil && !errors.Is(err, errDeltaShort) {
			return 0, fmt.Errorf("its %s values: %v", p.enc, err)
		}
	case format.DeltaByteArray:
		b, ok, err := values(-1)
		if err != nil || !ok {
			return 0, err
		}
		made, err := deltaByteArray(b, p.values, p.buf)
		if err != nil {
			return 0, fmt.Errorf("its %s values: %v", p.enc, err)
		}
		return deltaByteArrayCost * made, nil
	case format.RLEDictionary, format.PlainDictionary:
		// A byte of the indices' width, then their runs.
		b, ok, err := values(-1)
		if err != nil || !ok || b[0] > 32 {
			return 0, err
		}
		if made := rleRuns(b[1:], uint(b[0]), pageRuns(p.values)); made > pageRuns(p.values) {
			return 0, fmt.Errorf("its dictionary indices' runs make %d indices, in a page of %d values", made, p.values)
		}
	case format.RLE:
		// Booleans: a 4-byte length, then runs of bits.
		b, ok, err := values(-1)
		if err != nil || !ok || p.col.typ != format.Boolean || len(b) < 4 {
			return 0, err
		}
		n := int64(binary.LittleEndian.Uint32(b))
		if n > int64(len(b)-4) {
			return 0, nil
		}
		if made := rleRuns(b[4:4+n], 1, pageRuns(p.values)); made > pageRuns(p.values) {
			return 0, fmt.Errorf("its booleans' runs make %d values, in a page of %d", made, p.values)
		}
	}
	return 0, nil
}

// errDeltaShort is the error of a DELTA_BINARY_PACKED header cut short
// (which the library refuses before it allocates).
var errDeltaShort = errors.New("a delta header cut short")

// deltaHeaderOf is a DELTA_BINARY_PACKED header.
type deltaHeaderOf struct {
	blockSize, miniBlocks, values uint64
	first                         int64
	size                          int // its bytes
}

// deltaHeader reads the DELTA_BINARY_PACKED header at b's start, and
// checks it as the library does, and that it holds at most most values.
func deltaHeader(b []byte, most int64) (deltaHeaderOf, error) {
	var h deltaHeaderOf
	for _, u := range []*uint64{&h.blockSize, &h.miniBlocks, &h.values} {
		v, n := binary.Uvarint(b[h.size:])
		if n <= 0 {
			return h, errDeltaShort
		}
		*u, h.size = v, h.size+n
	}
	if h.values > uint64(most) {
		return h, fmt.Errorf("a delta header of %d values in a page of %d", h.values, most)
	}
	v, n := binary.Varint(b[h.size:])
	if n <= 0 {
		return h, errDeltaShort
	}
	h.first, h.size = v, h.size+n
	if h.miniBlocks == 0 || h.blockSize == 0 || h.blockSize%128 != 0 || h.blockSize > 64<<10 || (h.blockSize/h.miniBlocks)%32 != 0 {
		return h, fmt.Errorf("a delta header of blocks of %d values in %d mini blocks", h.blockSize, h.miniBlocks)
	}
	return h, nil
}

// deltaInt32s decodes the DELTA_BINARY_PACKED values of int32s at b's
// start as the library does (the header checked as it does, the same
// wrapping arithmetic, a mini block cut short read as zeros, the mini
// blocks after the last value absent), giving each to each, and returns
// the bytes after them. It fails where the library's decoder fails, and on
// more than most values.
func deltaInt32s(b []byte, most int64, each func(int32)) ([]byte, error) {
	h, err := deltaHeader(b, most)
	if err != nil {
		return nil, err
	}
	b = b[h.size:]
	if h.values == 0 {
		return b, nil
	}
	if h.first < math.MinInt32 || h.first > math.MaxInt32 {
		return nil, fmt.Errorf("a first value of %d", h.first)
	}
	last := int32(h.first)
	each(last)
	left, per := int64(h.values)-1, int64(h.blockSize/h.miniBlocks)
	for left > 0 && len(b) > 0 {
		minDelta, n := binary.Varint(b)
		if n <= 0 {
			return nil, errors.New("a delta block's least delta cut short")
		}
		b = b[n:]
		widths := b[:min(int(h.miniBlocks), len(b))]
		b = b[len(widths):]
		for _, w := range widths {
			if w > 32 {
				return nil, fmt.Errorf("deltas of %d bits", w)
			}
			k := min(per, left)
			data := b[:min(per*int64(w)/8, int64(len(b)))]
			b = b[len(data):]
			for j := range k {
				last += int32(minDelta) + int32(bitsAt(data, j*int64(w), uint(w)))
				each(last)
			}
			if left -= k; left == 0 {
				break
			}
		}
	}
	if left > 0 {
		return nil, fmt.Errorf("%d values missing", left)
	}
	return b, nil
}

// bitsAt returns the w bits (at most 32) at bit off of b, bit-packed as
// Parquet packs them (the least significant bit first), reading zeros
// past b's end.
func bitsAt(b []byte, off int64, w uint) uint32 {
	var v uint64
	for i := range int64(5) {
		if j := off/8 + i; j < int64(len(b)) {
			v |= uint64(b[j]) << (8 * i)
		}
	}
	return uint32(v>>(off%8)) & uint32(1<<w-1)
}

// deltaByteArray checks the DELTA_BYTE_ARRAY values b of a page of most
// values as the library decodes them, and returns how many bytes they
// make: the prefix lengths and the suffix lengths (both
// DELTA_BINARY_PACKED, as many of each, at most most), each value its
// prefix (at most the value before it) and its suffix (in the bytes after
// the lengths). What reading them takes (deltaByteArrayCost) is bounded by
// maxRowGroupCost, which keeps the sums of their lengths, which the
// library adds up in 32 bits, from wrapping.
func deltaByteArray(b []byte, most int64, buf *checkBuffers) (int64, error) {
	prefixes := buf.lengths[:0]
	rest, err := deltaInt32s(b, most, func(v int32) { prefixes = append(prefixes, v) })
	buf.lengths = prefixes
	if err != nil {
		return 0, fmt.Errorf("its prefix lengths: %v", err)
	}
	i, last, made, suffixes := 0, int64(0), int64(0), int64(0)
	var bad error
	rest, err = deltaInt32s(rest, most, func(s int32) {
		if bad != nil || i >= len(prefixes) {
			i++
			return
		}
		p := prefixes[i]
		i++
		if p < 0 || s < 0 || int64(p) > last {
			bad = fmt.Errorf("value %d has a prefix of %d bytes and a suffix of %d, after a value of %d", i, p, s, last)
			return
		}
		last = int64(p) + int64(s)
		made += last
		suffixes += int64(s)
	})
	switch {
	case err != nil:
		return 0, fmt.Errorf("its suffix lengths: %v", err)
	case i != len(prefixes):
		return 0, fmt.Errorf("%d prefix lengths and %d suffix lengths", len(prefixes), i)
	case bad != nil:
		return 0, bad
	case suffixes > int64(len(rest)):
		return 0, fmt.Errorf("suffixes of %d bytes in %d", suffixes, len(rest))
	case made > maxRowGroupCost/deltaByteArrayCost:
		return 0, fmt.Errorf("values that make %d MiB", made>>20)
	}
	return made, nil
}

// deltaByteArrayCost is what the library takes to read a DELTA_BYTE_ARRAY
// page, per byte its values make: a buffer of the lengths' sum, which it
// then decodes into one it grows to twice that, and the rows' copies of
// the values.
const deltaByteArrayCost = 4

// zstdDecoder decodes the zstd the checks read, as the library's does
// (its options are the library's).
var zstdDecoder = sync.OnceValue(func() *zstd.Decoder {
	d, err := zstd.NewReader(nil)
	if err != nil {
		panic(err)
	}
	return d
})

// zstdHeader returns where the first block of the zstd frame whose header
// h starts starts, and whether it names a dictionary.
func zstdHeader(h []byte) (int64, bool, error) {
	if len(h) < 6 || binary.LittleEndian.Uint32(h) != 0xFD2FB528 {
		return 0, false, errors.New("not a zstd frame")
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
	return int64(pos + fcs), desc&3 != 0, nil
}

// zstdPrefixBlocks is how many of a frame's first blocks zstdPrefix
// decodes at most as a frame of their own; past them it decodes the frame.
const zstdPrefixBlocks = 64

// zstdPrefix decompresses the start of the zstd frame of n bytes at off
// (one zstdFrame checked): at least want bytes of what it makes, or all of
// it (whole). The frame's first blocks are decoded as a frame of their
// own, which makes what they make in the frame (a block refers only to
// what the blocks before it made), so that a count at a page's start costs
// a block (128 KB at most) to read, not the page.
func zstdPrefix(r io.ReaderAt, off, n, want int64, buf *checkBuffers) ([]byte, bool, error) {
	var hb [18]byte // the longest frame header
	if _, err := r.ReadAt(hb[:min(int64(len(hb)), n)], off); err != nil {
		return nil, false, err
	}
	first, dict, err := zstdHeader(hb[:min(int64(len(hb)), n)])
	if err != nil {
		return nil, false, err
	}
	for blocks := 1; blocks <= zstdPrefixBlocks && !dict; blocks *= 2 {
		at, lastHeader, made, last := first, int64(0), int64(0), false
		var bh [3]byte
		for i := 0; i < blocks && !last; i++ {
			if _, err := r.ReadAt(bh[:], off+at); err != nil {
				return nil, false, err
			}
			v := uint32(bh[0]) | uint32(bh[1])<<8 | uint32(bh[2])<<16
			lastHeader, last = at, v&1 != 0
			at += 3
			switch size := int64(v >> 3); (v >> 1) & 3 {
			case 1: // RLE
				at++
				made += size
			case 2: // compressed
				at += size
				made += zstdBlock
			default: // raw
				at += size
				made += size
			}
		}
		if last {
			break // all of it
		}
		// The frame's magic, a descriptor of no content size and no
		// checksum, a window of what the blocks can make, the blocks
		// with the last of them marked last.
		window := bits.Len64(uint64(max(made, 1<<10) - 1))
		f := append(buf.frame[:0], 0x28, 0xb5, 0x2f, 0xfd, 0, byte(window-10)<<3)
		f = append(f, make([]byte, at-first)...)
		buf.frame = f
		if _, err := r.ReadAt(f[6:], off+first); err != nil {
			return nil, false, err
		}
		f[6+lastHeader-first] |= 1
		out, err := zstdDecoder().DecodeAll(f, buf.values[:0])
		buf.values = out
		if err != nil {
			return nil, false, fmt.Errorf("decompressing the page: %v", err)
		}
		if int64(len(out)) >= want {
			return out, false, nil
		}
	}
	f := append(buf.frame[:0], make([]byte, n)...)
	buf.frame = f
	if _, err := r.ReadAt(f, off); err != nil {
		return nil, false, err
	}
	out, err := zstdDecoder().DecodeAll(f, buf.values[:0])
	buf.values = out
	if err != nil {
		return nil, false, fmt.Errorf("decompressing the page: %v", err)
	}
	return out, true, nil
}

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
	got, want := schemaLines(s), schemaLines(fileSchema())
	if n := len(want) - 1 - len(placeColumns); len(got) == n+1 {
		// A table written before the rows kept their place (Row.Line,
		// Row.Column, the last columns, before the root's end) reads with
		// no place.
		want = append(want[:n:n], want[n+len(placeColumns):]...)
	}
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

// placeColumns are the columns a table written before rows kept their
// place does not have (Row.Line, Row.Column): the last of the schema.
var placeColumns = []string{"line", "column"}

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
