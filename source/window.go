package source

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"hash/crc64"
	"io"
	"slices"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz/lzma"
)

// A compressed input declares how much of its past its decoder must keep:
// xz's dictionary, zstd's window. The decoder allocates it, and fills it
// as it decompresses, so that a file of a few kilobytes declaring a
// dictionary of gigabytes costs gigabytes. Inputs declaring more than
// Options.MaxWindow are refused before anything is decoded
// (docs/robustness.md, "Compressed input").

// DefaultMaxWindow is what xz -9 needs (its dictionary, 64 MiB, the
// largest of xz's presets) and eight times what zstd writes up to level 19
// (8 MiB; --ultra -21: 64 MiB).
const DefaultMaxWindow = 64 << 20

// windowError says that an input declares more than the limit.
func (o Options) windowError(what string, size int64) error {
	return fmt.Errorf("%s of %s, over the limit of %s for a compressed input; %s %d reads it",
		what, BinarySize(size), BinarySize(o.limit()), o.setting(), size)
}

// BinarySize writes a size in the largest binary unit that keeps it whole,
// or in tenths of GiB.
func BinarySize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) != 0:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<30:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// newZstdReader decodes zstd with its window bounded by the limit. The
// first frame's window is read from its header before the decoder starts,
// so that the error names it; a later frame's is refused by the decoder.
func (o Options) newZstdReader(br *bufio.Reader) (io.Reader, io.Closer, error) {
	maxWindow := o.limit()
	head, _ := br.Peek(zstd.HeaderMaxSize)
	var h zstd.Header
	if maxWindow > 0 && h.Decode(head) == nil && !h.Skippable {
		w := h.WindowSize
		if h.SingleSegment {
			w = h.FrameContentSize // the whole frame is its window
		}
		if w > uint64(maxWindow) {
			return nil, nil, o.windowError("zstd: a window", int64(min(w, 1<<62)))
		}
	}
	opts := []zstd.DOption{zstd.WithDecoderMaxWindow(uint64(max(maxWindow, zstd.MinWindowSize)))}
	if maxWindow == 0 {
		// The decoder's own ceilings: the format's largest window, and
		// its largest memory, which also bounds the window.
		opts = []zstd.DOption{zstd.WithDecoderMaxWindow(1<<41 + 7<<38), zstd.WithDecoderMaxMemory(1 << 63)}
	}
	zr, err := zstd.NewReader(br, opts...)
	if err != nil {
		return nil, nil, fmt.Errorf("zstd: %w", err)
	}
	return &zstdLimited{d: zr, o: o}, zstdCloser{zr}, nil
}

// zstdLimited turns the decoder's refusal of a later frame's window into
// an error that names the limit and the flag, as the first frame's does.
type zstdLimited struct {
	d *zstd.Decoder
	o Options
}

func (z *zstdLimited) Read(p []byte) (int, error) {
	n, err := z.d.Read(p)
	if errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded) {
		err = fmt.Errorf("zstd: a frame's window is over the limit of %s for a compressed input; %s raises it", BinarySize(z.o.limit()), z.o.setting())
	}
	return n, err
}

type zstdCloser struct{ d *zstd.Decoder }

func (z zstdCloser) Close() error { z.d.Close(); return nil }

// newXZReader decodes xz with every block's dictionary bounded by the
// limit. The xz library's reader takes the dictionary a block declares,
// however large (its ReaderConfig.DictCap is a least size, not a most),
// and no reader in front of it can know which bytes it will take for a
// block's header: its LZMA2 decoder ends a compressed chunk once the
// chunk's uncompressed size is decoded, which may be short of the
// compressed size the chunk declares, and reads the next chunk from
// there, so that it may read a block header from what the declared sizes
// make compressed data. (It also takes a stream cut where a block or a
// block's header would begin for a whole one.) So the framing is read
// here (xzReader), and the library decodes each block's LZMA2 data alone
// (lzma.Reader2), given the dictionary the block's header declares, once
// that is within the limit; the framing goes on from where the decoder
// stops. With no limit the same reader reads, so that the limit is all
// that changes.
func (o Options) newXZReader(br *bufio.Reader) (io.Reader, error) {
	x := &xzReader{in: xzInput{r: br}, o: o, limit: o.limit()}
	if err := x.streamHeader(); err != nil {
		return nil, err
	}
	return x, nil
}

// The xz format (https://tukaani.org/xz/xz-file-format.txt): streams, each
// a 12-byte header, blocks, an index and a 12-byte footer, with padding of
// zero bytes in fours between streams. A block is a header (its size in
// its first byte, its filters: the LZMA2 filter's property is the
// dictionary), LZMA2 data, padding to four bytes and a check of the
// uncompressed bytes. The index lists each block's sizes.
const (
	xzStreamHeaderLen = 12
	xzFooterLen       = 12
	xzLZMA2Filter     = 0x21
)

// xzReader reads xz streams: it checks what the xz library's reader
// checks (the CRC32s of the headers, index and footer, each block's check,
// the index against the blocks read) and that no stream is cut short, and
// refuses a block whose dictionary is over the limit before anything of
// it is decoded.
type xzReader struct {
	in    xzInput
	o     Options
	limit int64 // 0: none
	err   error

	inStream bool       // between a stream's header and its footer
	check    byte       // the stream's check: 0 none, 1 CRC32, 4 CRC64, 10 SHA-256
	records  []xzRecord // the stream's blocks so far, for its index

	// The block being read; data is nil between blocks.
	data      io.Reader
	hash      hash.Hash // of its uncompressed bytes; nil for no check
	headerLen int64
	start     int64 // where its LZMA2 data begin
	cSize     int64 // its compressed size, from its header; -1: not given
	uSize     int64 // its uncompressed size, likewise
	n         int64 // uncompressed bytes read
}

type xzRecord struct{ unpadded, uncompressed int64 }

// xzInput is the compressed bytes, counted (positions in messages, a
// block's compressed size), and added to tee while it is set.
type xzInput struct {
	r   *bufio.Reader
	pos int64
	tee hash.Hash
}

func (in *xzInput) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	in.pos += int64(n)
	if in.tee != nil {
		in.tee.Write(p[:n])
	}
	return n, err
}

func (in *xzInput) ReadByte() (byte, error) {
	c, err := in.r.ReadByte()
	if err == nil {
		in.pos++
		if in.tee != nil {
			in.tee.Write([]byte{c})
		}
	}
	return c, err
}

// full reads n bytes: the framing needs them all, so the input's end
// among them is io.ErrUnexpectedEOF.
func (in *xzInput) full(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(in, b); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return b, nil
}

// varint reads an xz variable-length integer.
func (in *xzInput) varint() (uint64, error) {
	v, err := binary.ReadUvarint(in)
	switch {
	case err == io.EOF:
		err = io.ErrUnexpectedEOF
	case err != nil && err != io.ErrUnexpectedEOF:
		err = fmt.Errorf("xz: damaged data at byte %d: %w", in.pos, err)
	}
	return v, err
}

func (x *xzReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, x.err
	}
	for x.err == nil {
		if x.data == nil {
			x.err = x.next()
			continue
		}
		n, err := x.data.Read(p)
		if x.hash != nil {
			x.hash.Write(p[:n])
		}
		x.n += int64(n)
		switch {
		case x.uSize >= 0 && x.n > x.uSize || x.cSize >= 0 && x.in.pos-x.start > x.cSize:
			err = x.damaged("a block longer than its header says")
		case err == io.EOF:
			err = x.endBlock()
		}
		x.err = err
		if n > 0 {
			// The error, if any, comes with the next read.
			return n, nil
		}
	}
	return 0, x.err
}

// damaged is the error for framing that does not hold.
func (x *xzReader) damaged(what string) error {
	return fmt.Errorf("xz: damaged data at byte %d: %s", x.in.pos, what)
}

// next reads the framing up to the next block's data: a block header, or
// an index, footer and what follows the stream. io.EOF is the input's end
// after a whole stream.
func (x *xzReader) next() error {
	if !x.inStream {
		return x.streamHeader()
	}
	c, err := x.in.ReadByte()
	switch {
	case err == io.EOF:
		return io.ErrUnexpectedEOF
	case err != nil:
		return err
	case c == 0:
		return x.index()
	}
	return x.blockHeader(c)
}

// streamHeader reads stream padding (four zero bytes at a time) and a
// stream header; the input may end before one after the first.
func (x *xzReader) streamHeader() error {
	first := x.in.pos == 0
	for {
		b := make([]byte, 4)
		n, err := io.ReadFull(&x.in, b)
		switch {
		case n == 0 && err == io.EOF && !first:
			return io.EOF
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return io.ErrUnexpectedEOF
		case err != nil:
			return err
		case string(b) == "\x00\x00\x00\x00" && !first:
			continue
		}
		rest, err := x.in.full(xzStreamHeaderLen - 4)
		if err != nil {
			return err
		}
		h := append(b, rest...)
		switch {
		case string(h[:6]) != string(magicXz):
			return x.damaged("not an xz stream header")
		case crc32.ChecksumIEEE(h[6:8]) != binary.LittleEndian.Uint32(h[8:]):
			return x.damaged("a stream header whose CRC32 does not hold")
		case h[6] != 0 || h[7] != 0 && h[7] != 1 && h[7] != 4 && h[7] != 10:
			// The library computes only these checks.
			return x.damaged(fmt.Sprintf("stream flags %#x %#x", h[6], h[7]))
		}
		x.inStream, x.check, x.records = true, h[7], x.records[:0]
		return nil
	}
}

// blockHeader reads a block's header, whose first byte is c, and starts
// decoding its data: the LZMA2 filter alone (the library reads no other),
// with a dictionary within the limit.
func (x *xzReader) blockHeader(c byte) error {
	size := (int(c) + 1) * 4
	rest, err := x.in.full(size - 1)
	if err != nil {
		return err
	}
	h := append([]byte{c}, rest...)
	if crc32.ChecksumIEEE(h[:size-4]) != binary.LittleEndian.Uint32(h[size-4:]) {
		return x.damaged("a block header whose CRC32 does not hold")
	}
	flags := h[1]
	if flags&0x3c != 0 {
		return x.damaged("reserved block flags set")
	}
	f := h[2 : size-4]
	x.cSize, x.uSize = -1, -1
	for _, s := range []struct {
		present bool
		v       *int64
	}{{flags&0x40 != 0, &x.cSize}, {flags&0x80 != 0, &x.uSize}} {
		if s.present {
			v, k := binary.Uvarint(f)
			if k <= 0 || v >= 1<<63 {
				return x.damaged("a block size that does not read")
			}
			*s.v, f = int64(v), f[k:]
		}
	}
	id, k := binary.Uvarint(f)
	if flags&0x03 != 0 || k <= 0 || id != xzLZMA2Filter || len(f) < k+2 || f[k] != 1 {
		return x.damaged("a filter other than LZMA2 alone")
	}
	dict, err := xzDictSize(f[k+1])
	if err != nil {
		return x.damaged(err.Error())
	}
	if !allZero(f[k+2:]) {
		return x.damaged("block header padding that is not zero")
	}
	if x.limit > 0 && dict > x.limit {
		return x.o.windowError("xz: a dictionary", dict)
	}
	x.headerLen, x.start, x.n = int64(size), x.in.pos, 0
	x.hash = nil
	switch x.check {
	case 1:
		x.hash = crc32.NewIEEE()
	case 4:
		x.hash = crc64.New(crc64.MakeTable(crc64.ECMA))
	case 10:
		x.hash = sha256.New()
	}
	// NewReader2 reads the first chunk's header; an error there comes
	// with the first read.
	r, err := lzma.Reader2Config{DictCap: int(dict)}.NewReader2(&x.in)
	if err != nil {
		return fmt.Errorf("xz: %w", err)
	}
	x.data = r
	return nil
}

// allZero reports whether b holds only zero bytes, as padding must.
func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// xzDictSize decodes the LZMA2 filter's dictionary property: 2 or 3 times
// a power of two, 4 KiB to 3 GiB, and 40 for 4 GiB - 1.
func xzDictSize(c byte) (int64, error) {
	switch {
	case c > 40:
		return 0, fmt.Errorf("dictionary property %d", c)
	case c == 40:
		return 1<<32 - 1, nil
	}
	return int64(2|c&1) << (c/2 + 11), nil
}

// endBlock reads a block's padding and check, once its data are decoded.
func (x *xzReader) endBlock() error {
	c := x.in.pos - x.start
	if x.uSize >= 0 && x.n != x.uSize || x.cSize >= 0 && c != x.cSize {
		return x.damaged("a block shorter than its header says")
	}
	pad, err := x.in.full(int((4 - c%4) % 4))
	if err != nil {
		return err
	}
	if !allZero(pad) {
		return x.damaged("block padding that is not zero")
	}
	var want []byte
	if x.hash != nil {
		want = x.hash.Sum(nil)
		if x.check != 10 {
			slices.Reverse(want) // CRC32 and CRC64 are stored little-endian
		}
	}
	got, err := x.in.full(len(want))
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return x.damaged("a block's check does not match its data")
	}
	x.records = append(x.records, xzRecord{x.headerLen + c + int64(len(want)), x.n})
	x.data = nil
	return nil
}

// index reads a stream's index, its first byte read, and the stream's
// footer: they must list the blocks read.
func (x *xzReader) index() error {
	start := x.in.pos - 1
	crc := crc32.NewIEEE()
	crc.Write([]byte{0})
	x.in.tee = crc
	defer func() { x.in.tee = nil }()
	count, err := x.in.varint()
	if err != nil {
		return err
	}
	if count != uint64(len(x.records)) {
		return x.damaged(fmt.Sprintf("an index of %d blocks after %d", count, len(x.records)))
	}
	for _, r := range x.records {
		unpadded, err := x.in.varint()
		if err != nil {
			return err
		}
		uncompressed, err := x.in.varint()
		if err != nil {
			return err
		}
		if unpadded != uint64(r.unpadded) || uncompressed != uint64(r.uncompressed) {
			return x.damaged("an index that does not match the blocks")
		}
	}
	pad, err := x.in.full(int((4 - (x.in.pos-start)%4) % 4))
	if err != nil {
		return err
	}
	if !allZero(pad) {
		return x.damaged("index padding that is not zero")
	}
	x.in.tee = nil
	sum, err := x.in.full(4)
	if err != nil {
		return err
	}
	if binary.LittleEndian.Uint32(sum) != crc.Sum32() {
		return x.damaged("an index whose CRC32 does not hold")
	}
	size := x.in.pos - start
	f, err := x.in.full(xzFooterLen)
	if err != nil {
		return err
	}
	switch {
	case string(f[10:]) != "YZ":
		return x.damaged("not an xz stream footer")
	case crc32.ChecksumIEEE(f[4:10]) != binary.LittleEndian.Uint32(f):
		return x.damaged("a stream footer whose CRC32 does not hold")
	case (int64(binary.LittleEndian.Uint32(f[4:]))+1)*4 != size:
		return x.damaged("a stream footer that does not give the index's size")
	case f[8] != 0 || f[9] != x.check:
		return x.damaged("a stream footer whose flags are not its header's")
	}
	x.inStream = false
	return nil
}
