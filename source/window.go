package source

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
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

// newXZReader decodes xz with every block's dictionary bounded by
// the limit. The xz library takes the dictionary a block declares, however
// large (its ReaderConfig.DictCap is a least size, not a most), so the
// compressed bytes pass through an xzGuard, which walks the format's
// framing and checks each block's header before the library reads it.
func (o Options) newXZReader(br *bufio.Reader) (io.Reader, error) {
	maxWindow := o.limit()
	if maxWindow == 0 {
		xr, err := xz.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("xz: %w", err)
		}
		return xr, nil
	}
	g := &xzGuard{r: br, o: o, limit: maxWindow}
	g.expect(xzStreamHeaderLen, (*xzGuard).streamHeader)
	xr, err := xz.NewReader(g)
	if g.err != nil {
		return nil, g.err
	}
	if err != nil {
		return nil, fmt.Errorf("xz: %w", err)
	}
	return &xzGuarded{xr: xr, g: g}, nil
}

// xzGuarded is the library's reader, reporting the guard's error, when
// there is one, rather than what the library made of the refused bytes.
type xzGuarded struct {
	xr *xz.Reader
	g  *xzGuard
}

func (x *xzGuarded) Read(p []byte) (int, error) {
	n, err := x.xr.Read(p)
	if x.g.err != nil {
		return 0, x.g.err
	}
	return n, err
}

// The xz format (https://tukaani.org/xz/xz-file-format.txt): streams, each
// a 12-byte header, blocks, an index and a 12-byte footer, with padding of
// zero bytes in fours between streams. A block is a header (its size in
// its first byte, its filters: the LZMA2 filter's property is the
// dictionary), LZMA2 chunks (each a control byte, sizes and data, the
// last a zero byte), padding to four bytes and a check. The guard follows
// the sizes without decoding anything.
const (
	xzStreamHeaderLen = 12
	xzFooterLen       = 12
	xzLZMA2Filter     = 0x21
)

// xzGuard passes the bytes of an xz file through, walking its framing: a
// block whose dictionary is over the limit, or framing it cannot follow,
// stops it with an error before those bytes reach the decoder.
type xzGuard struct {
	r     io.Reader
	o     Options
	limit int64
	err   error

	buf  []byte                       // the bytes of the part being collected
	need int                          // how many step needs
	step func(*xzGuard, []byte) error // what to do with them
	skip int64                        // data to pass over before the next part

	pos        int64 // offset in the file
	checkSize  int   // the current stream's check, in bytes
	blockStart int64 // where the current block's header began
	indexStart int64 // where the current index began
	records    uint64
}

func (g *xzGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	if werr := g.walk(p[:n]); werr != nil {
		g.err = werr
		return 0, werr
	}
	return n, err
}

// expect asks for the next n bytes, given to step.
func (g *xzGuard) expect(n int, step func(*xzGuard, []byte) error) {
	g.buf, g.need, g.step = g.buf[:0], n, step
}

func (g *xzGuard) walk(p []byte) error {
	for len(p) > 0 {
		if g.skip > 0 {
			k := int(min(g.skip, int64(len(p))))
			g.skip -= int64(k)
			g.pos += int64(k)
			p = p[k:]
			continue
		}
		k := min(g.need-len(g.buf), len(p))
		g.buf = append(g.buf, p[:k]...)
		g.pos += int64(k)
		p = p[k:]
		if len(g.buf) == g.need {
			if err := g.step(g, g.buf); err != nil {
				return err
			}
		}
	}
	return nil
}

// damaged is the error for framing the guard cannot follow: the library
// would refuse it too.
func (g *xzGuard) damaged(what string) error {
	return fmt.Errorf("xz: damaged data at byte %d: %s", g.pos, what)
}

func (g *xzGuard) streamHeader(b []byte) error {
	if string(b[:6]) != string(magicXz) || b[6] != 0 || b[7]&0xf0 != 0 {
		return g.damaged("not an xz stream header")
	}
	// The check's size by its id: 0, 4, 8, 16, 32, 64 for ids 0, 1-3, 4-6,
	// 7-9, 10-12, 13-15.
	id := int(b[7] & 0x0f)
	g.checkSize = 0
	if id > 0 {
		g.checkSize = 4 << ((id - 1) / 3)
	}
	g.expect(1, (*xzGuard).blockOrIndex)
	return nil
}

func (g *xzGuard) blockOrIndex(b []byte) error {
	if b[0] == 0 {
		g.indexStart = g.pos - 1
		g.readVarint(func(g *xzGuard, n uint64) error {
			g.records = n
			return g.indexRecords()
		})
		return nil
	}
	g.blockStart = g.pos - 1
	size := (int(b[0]) + 1) * 4
	first := b[0]
	g.expect(size-1, func(g *xzGuard, rest []byte) error {
		return g.blockHeader(append([]byte{first}, rest...))
	})
	return nil
}

// blockHeader checks a block's filters: the LZMA2 filter alone, its
// dictionary within the limit (the xz library reads no other filter).
func (g *xzGuard) blockHeader(h []byte) error {
	flags := h[1]
	if flags&0x3c != 0 {
		return g.damaged("reserved block flags set")
	}
	rest := h[2 : len(h)-4] // without the CRC32
	for _, present := range []bool{flags&0x40 != 0, flags&0x80 != 0} {
		if present {
			_, k := binary.Uvarint(rest)
			if k <= 0 {
				return g.damaged("a block size that does not read")
			}
			rest = rest[k:]
		}
	}
	if flags&0x03 != 0 || len(rest) < 3 || rest[0] != xzLZMA2Filter || rest[1] != 1 {
		return g.damaged("a filter other than LZMA2 alone")
	}
	dict, err := xzDictSize(rest[2])
	if err != nil {
		return g.damaged(err.Error())
	}
	if dict > g.limit {
		return g.o.windowError("xz: a dictionary", dict)
	}
	g.expect(1, (*xzGuard).chunk)
	return nil
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

// chunk reads an LZMA2 chunk's control byte: 0 ends the block; 1 and 2
// are uncompressed data, with its size in 2 bytes; from 0x80 compressed
// data, with the sizes in 4 bytes and, from 0xc0, a property byte.
func (g *xzGuard) chunk(b []byte) error {
	c := b[0]
	switch {
	case c == 0:
		pad := (4 - (g.pos-g.blockStart)%4) % 4
		g.skip = pad + int64(g.checkSize)
		g.expect(1, (*xzGuard).blockOrIndex)
	case c == 1 || c == 2:
		g.expect(2, func(g *xzGuard, s []byte) error {
			g.skip = int64(binary.BigEndian.Uint16(s)) + 1
			g.expect(1, (*xzGuard).chunk)
			return nil
		})
	case c >= 0x80:
		n := 4
		if c >= 0xc0 {
			n = 5
		}
		g.expect(n, func(g *xzGuard, s []byte) error {
			g.skip = int64(binary.BigEndian.Uint16(s[2:4])) + 1
			g.expect(1, (*xzGuard).chunk)
			return nil
		})
	default:
		return g.damaged(fmt.Sprintf("LZMA2 control byte %#x", c))
	}
	return nil
}

// readVarint reads an xz variable-length integer (at most 9 bytes) a byte
// at a time, then calls done with it.
func (g *xzGuard) readVarint(done func(*xzGuard, uint64) error) {
	var v uint64
	var shift uint
	var next func(*xzGuard, []byte) error
	next = func(g *xzGuard, b []byte) error {
		if shift >= 63 {
			return g.damaged("an integer of more than 9 bytes")
		}
		v |= uint64(b[0]&0x7f) << shift
		shift += 7
		if b[0]&0x80 != 0 {
			g.expect(1, next)
			return nil
		}
		return done(g, v)
	}
	g.expect(1, next)
}

// indexRecords reads the index's records (two integers each), then its
// padding and CRC32, then the stream footer.
func (g *xzGuard) indexRecords() error {
	if g.records == 0 {
		pad := (4 - (g.pos-g.indexStart)%4) % 4
		g.skip = pad + 4
		g.expect(xzFooterLen, (*xzGuard).footer)
		return nil
	}
	g.records--
	g.readVarint(func(g *xzGuard, _ uint64) error {
		g.readVarint(func(g *xzGuard, _ uint64) error { return g.indexRecords() })
		return nil
	})
	return nil
}

func (g *xzGuard) footer(b []byte) error {
	if string(b[10:12]) != "YZ" {
		return g.damaged("not an xz stream footer")
	}
	g.expect(4, (*xzGuard).afterStream)
	return nil
}

// afterStream reads stream padding (four zero bytes at a time) or the
// start of the next stream.
func (g *xzGuard) afterStream(b []byte) error {
	if string(b) == "\x00\x00\x00\x00" {
		g.expect(4, (*xzGuard).afterStream)
		return nil
	}
	first := append([]byte(nil), b...)
	g.expect(xzStreamHeaderLen-4, func(g *xzGuard, rest []byte) error {
		return g.streamHeader(append(first, rest...))
	})
	return nil
}
