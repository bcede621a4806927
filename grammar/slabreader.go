package grammar

import (
	"bufio"
	"io"
	"unsafe"
)

// slabReader is the splitter's buffered reader: bufio.Reader's Peek,
// Discard, Buffered and Size, over a buffer that chunks are cut from in
// place. Its buffer is a slab the input is read into; a game whose lines
// lie one after another in it is handed out as that span of the slab, so
// each byte is copied once (by the read) instead of once more into a chunk
// of its own.
//
// A byte of a slab that something holds (held: a chunk, the game being
// collected or the pending line is a span of it) is never written again:
// when such a slab has no room left, a new one takes over the bytes not
// yet taken and the game being read from keep on (when it is small:
// carryMost), and the old one is left to the collector with its chunks.
// A slab nothing holds is reused in place, as bufio's buffer is, so that a
// huge game collected line by line or a game being skipped does not
// allocate slab after slab.
type slabReader struct {
	rd   io.Reader
	buf  []byte // the slab: buf[:w] read from rd, buf[r:w] not yet taken
	r, w int
	// keep is where the game being read starts in buf (at most r when a
	// read may move the bytes): a new slab takes it over from there.
	keep int
	held bool
	err  error
}

const (
	// readSize is the most Peek gives (Size), as bufio.Reader's size.
	readSize = lookahead + 4096
	// readSlab is the size of a slab; carryMost the most bytes of a game
	// already read that a new slab takes over with it (a bigger game is
	// collected in memory of its own from there on).
	readSlab  = 128 << 10
	carryMost = readSlab / 4
)

// Size is the most bytes Peek gives.
func (b *slabReader) Size() int { return readSize }

// Buffered is the number of bytes read and not yet taken.
func (b *slabReader) Buffered() int { return b.w - b.r }

// Discard takes n bytes, at most Buffered.
func (b *slabReader) Discard(n int) (int, error) {
	n = min(n, b.w-b.r)
	b.r += n
	return n, nil
}

// Peek returns the next n bytes without taking them, reading as bufio's
// Peek does; the bytes stay where they are in the slab as long as it is
// held.
func (b *slabReader) Peek(n int) ([]byte, error) {
	for b.w-b.r < n && b.w-b.r < readSize && b.err == nil {
		b.fill(min(n, readSize))
	}
	if b.w-b.r >= n {
		return b.buf[b.r : b.r+n], nil
	}
	if n > readSize {
		return b.buf[b.r:b.w], bufio.ErrBufferFull
	}
	err := b.err
	b.err = nil
	if err == nil {
		err = bufio.ErrBufferFull
	}
	return b.buf[b.r:b.w], err
}

// fill reads once more, making room for n bytes from r first.
func (b *slabReader) fill(n int) {
	if b.w == len(b.buf) || b.r+n > len(b.buf) {
		from := b.r
		if b.keep <= b.r && b.r-b.keep <= carryMost {
			from = b.keep
		}
		if b.held || len(b.buf) == 0 {
			nb := make([]byte, max(readSlab, b.r-from+readSize))
			b.w = copy(nb, b.buf[from:b.w])
			b.buf = nb
			b.held = false
		} else {
			b.w = copy(b.buf, b.buf[from:b.w])
		}
		b.r -= from
		b.keep = max(b.keep-from, 0)
	}
	for range 100 { // bufio's limit of reads that return nothing
		m, err := b.rd.Read(b.buf[b.w:])
		if m < 0 {
			panic("grammar: reader returned a negative count")
		}
		b.w += m
		if err != nil {
			b.err = err
			return
		}
		if m > 0 {
			return
		}
	}
	b.err = io.ErrNoProgress
}

// offset is where p lies in the slab, when all of it lies in its bytes
// read.
func (b *slabReader) offset(p []byte) (int, bool) {
	if len(p) == 0 || b.w == 0 {
		return 0, false
	}
	d := uintptr(unsafe.Pointer(unsafe.SliceData(p))) - uintptr(unsafe.Pointer(unsafe.SliceData(b.buf)))
	if d >= uintptr(b.w) || int(d)+len(p) > b.w {
		return 0, false
	}
	return int(d), true
}

// hold marks the slab held when p lies in it.
func (b *slabReader) hold(p []byte) {
	if _, ok := b.offset(p); ok {
		b.held = true
	}
}
